import { describe, expect, it } from 'vitest';
import { geminiToChat, jsonSchemaOf } from './gemini-to-chat';

const PNG = 'iVBORw0KGgo=';
const user = (...parts: unknown[]) => ({ role: 'user', parts });
const sut = (body: Record<string, unknown>, stream = false) => geminiToChat(body, 'm', stream, 'max_tokens');

describe(geminiToChat.name, () => {
  it('converts the system instruction, turns, generation config and thinking', () => {
    expect(
      sut(
        {
          systemInstruction: { role: 'user', parts: [{ text: 'Be brief.' }, { text: 'In French.' }] },
          contents: [user({ text: 'Hi' }), { role: 'model', parts: [{ text: 'Hm.', thought: true }, { text: 'Bonjour' }] }, user({ text: 'Again' }, { inlineData: { mimeType: 'image/png', data: PNG } })],
          generationConfig: { temperature: 0.2, topP: 0.9, maxOutputTokens: 50, stopSequences: ['END'], thinkingConfig: { thinkingBudget: 2000, includeThoughts: true }, responseMimeType: 'application/json' },
          safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
        },
        true,
      ),
    ).toEqual({
      model: 'm',
      messages: [
        { role: 'system', content: 'Be brief.\nIn French.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Bonjour' },
        { role: 'user', content: [{ type: 'text', text: 'Again' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }] },
      ],
      temperature: 0.2,
      top_p: 0.9,
      max_tokens: 50,
      stop: ['END'],
      response_format: { type: 'json_object' },
      reasoning_effort: 'medium',
      stream: true,
    });
  });

  it('turns function calls into tool_calls and matches each response to its call by id, else by name', () => {
    const chat = sut({
      contents: [
        user({ text: 'Weather in Paris and Rome?' }),
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }, { functionCall: { id: 'c2', name: 'get_weather', args: { city: 'Rome' } } }] },
        user({ functionResponse: { id: 'c2', name: 'get_weather', response: { temp: 20 } } }, { functionResponse: { name: 'get_weather', response: { temp: 18 } } }, { text: 'Thanks' }),
      ],
      tools: [{ functionDeclarations: [{ name: 'get_weather', parameters: { type: 'OBJECT', properties: { city: { type: 'STRING', nullable: true } }, required: ['city'] } }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } },
    });
    expect(chat.messages).toEqual([
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          { id: 'c2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c2', content: '{"temp":20}' },
      { role: 'tool', tool_call_id: 'call_1', content: '{"temp":18}' },
      { role: 'user', content: 'Thanks' },
    ]);
    expect(chat.tools).toEqual([{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: ['string', 'null'] } }, required: ['city'] } } }]);
    expect(chat.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });
  });

  it('maps thinking levels and budgets to reasoning_effort, leaving no thinking and dynamic thinking to the provider', () => {
    const effort = (thinkingConfig: unknown) => sut({ contents: [user({ text: 'Hi' })], generationConfig: { thinkingConfig } }).reasoning_effort;
    expect([effort({ thinkingLevel: 'high' }), effort({ thinkingLevel: 'minimal' }), effort({ thinkingBudget: 512 }), effort({ thinkingBudget: 30000 }), effort({ thinkingBudget: 0 }), effort({ thinkingBudget: -1 })]).toEqual([
      'high',
      'low',
      'low',
      'high',
      undefined,
      undefined,
    ]);
  });

  it('refuses what the channel cannot take: an unanswerable function response, built-in tools, unknown media', () => {
    expect(() => sut({ contents: [user({ functionResponse: { name: 'x', response: {} } })] })).toThrow('没有对应的 functionCall');
    expect(() => sut({ contents: [user({ text: 'Hi' })], tools: [{ googleSearch: {} }] })).toThrow('googleSearch');
    expect(() => sut({ contents: [user({ inlineData: { mimeType: 'video/mp4', data: 'AAAA' } })] })).toThrow('video/mp4');
  });
});

describe(jsonSchemaOf.name, () => {
  it('lowers Gemini types through items and anyOf, and drops propertyOrdering', () => {
    expect(jsonSchemaOf({ type: 'ARRAY', items: { anyOf: [{ type: 'INTEGER' }, { type: 'STRING', format: 'date' }] }, propertyOrdering: ['a'] })).toEqual({
      type: 'array',
      items: { anyOf: [{ type: 'integer' }, { type: 'string', format: 'date' }] },
    });
  });
});
