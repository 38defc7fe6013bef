import { describe, expect, it } from 'vitest';
import { toGeminiRequest } from './gemini-request';

const convert = (body: Record<string, unknown>, model = 'gemini-2.5-flash') => toGeminiRequest(body, model);

describe(toGeminiRequest.name, () => {
  it('moves system messages to the system instruction and merges consecutive turns of one role', () => {
    const sut = convert({
      model: 'gemini-2.5-flash',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'developer', content: [{ type: 'text', text: 'Answer in English.' }] },
        { role: 'user', content: 'Hi' },
        { role: 'user', content: [{ type: 'text', text: 'What is 2+2?' }] },
        { role: 'assistant', content: '4' },
        { role: 'assistant', content: '' },
        { role: 'user', content: 'Thanks' },
      ],
    });
    expect(sut).toEqual({
      systemInstruction: { parts: [{ text: 'You are terse.' }, { text: 'Answer in English.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'Hi' }, { text: 'What is 2+2?' }] },
        { role: 'model', parts: [{ text: '4' }] },
        { role: 'user', parts: [{ text: 'Thanks' }] },
      ],
    });
  });

  it('maps sampling options to generationConfig and sends none when there are none', () => {
    const messages = [{ role: 'user', content: 'x' }];
    expect(convert({ messages, temperature: 0.2, top_p: 0.9, max_tokens: 256, stop: 'END' }).generationConfig).toEqual({
      temperature: 0.2,
      topP: 0.9,
      maxOutputTokens: 256,
      stopSequences: ['END'],
    });
    expect(convert({ messages, max_completion_tokens: 64, max_tokens: 9, stop: ['a', 'b'] }).generationConfig).toEqual({ maxOutputTokens: 64, stopSequences: ['a', 'b'] });
    expect(convert({ messages, stream: true, n: 1 })).not.toHaveProperty('generationConfig');
  });

  it('sends data: images inline, named http images as file data, and other URLs as a note', () => {
    const sut = convert({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Compare these' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.JPG?size=large', detail: 'high' } },
            { type: 'image_url', image_url: { url: 'https://example.com/render?id=7' } },
            { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
          ],
        },
      ],
    });
    expect(sut.contents[0].parts).toEqual([
      { text: 'Compare these' },
      { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
      { fileData: { mimeType: 'image/jpeg', fileUri: 'https://example.com/cat.JPG?size=large' } },
      { text: '[image: https://example.com/render?id=7]' },
      { inlineData: { mimeType: 'audio/wav', data: 'UklGRg==' } },
    ]);
  });

  it('declares tools, maps tool_choice, and turns tool calls and results into function parts', () => {
    const weather = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false };
    const sut = convert({
      tools: [
        { type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: weather } },
        { type: 'function', function: { name: 'now' } },
      ],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      messages: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
            { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"temp_c":18}' },
        { role: 'tool', tool_call_id: 'call_2', content: [{ type: 'text', text: 'sunny, 24°C' }] },
      ],
    });
    expect(sut.tools).toEqual([
      {
        functionDeclarations: [
          { name: 'get_weather', description: 'Weather of a city', parametersJsonSchema: weather },
          { name: 'now' },
        ],
      },
    ]);
    expect(sut.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } });
    expect(sut.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Paris and Rome?' }] },
      {
        role: 'model',
        parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }, { functionCall: { name: 'get_weather', args: { city: 'Rome' } } }],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'get_weather', response: { temp_c: 18 } } },
          { functionResponse: { name: 'get_weather', response: { content: 'sunny, 24°C' } } },
        ],
      },
    ]);
  });

  it('drops tool arguments nested past the request limit (as unreadable ones) and sends such a result as text, so the request can still be written', () => {
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const sut = convert({
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: deep } }] },
        { role: 'tool', tool_call_id: 'call_1', content: deep },
      ],
    });
    expect(sut.contents.slice(1)).toEqual([
      { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'f', response: { content: deep } } }] },
    ]);
    expect(() => JSON.stringify(sut)).not.toThrow();
  });

  it("sends a tool call's thought signature back on its functionCall part, and none where the call had none", () => {
    const sut = convert({
      messages: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' }, extra_content: { google: { thought_signature: 'CiQBVKhc7vXo' } } },
            { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' }, extra_content: { google: {} } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"temp_c":18}' },
        { role: 'tool', tool_call_id: 'call_2', content: '{"temp_c":24}' },
      ],
    });
    expect(sut.contents[1]).toEqual({
      role: 'model',
      parts: [
        { functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'CiQBVKhc7vXo' },
        { functionCall: { name: 'get_weather', args: { city: 'Rome' } } },
      ],
    });
  });

  it.each([
    ['none', { thinkingBudget: 0 }],
    ['minimal', { thinkingBudget: 512, includeThoughts: true }],
    ['low', { thinkingBudget: 1024, includeThoughts: true }],
    ['medium', { thinkingBudget: 8192, includeThoughts: true }],
    ['high', { thinkingBudget: 24576, includeThoughts: true }],
  ])('maps reasoning_effort %s to a thinking budget for Gemini 2.5', (effort, thinkingConfig) => {
    const sut = convert({ messages: [{ role: 'user', content: 'x' }], reasoning_effort: effort, max_tokens: 100 }, 'gemini-2.5-flash');
    expect(sut.generationConfig).toEqual({ maxOutputTokens: 100, thinkingConfig });
  });

  it.each([
    ['none', { thinkingLevel: 'low' }],
    ['minimal', { thinkingLevel: 'low', includeThoughts: true }],
    ['low', { thinkingLevel: 'low', includeThoughts: true }],
    ['medium', { thinkingLevel: 'high', includeThoughts: true }],
    ['high', { thinkingLevel: 'high', includeThoughts: true }],
  ])('maps reasoning_effort %s to a thinking level for Gemini 3', (effort, thinkingConfig) => {
    const sut = convert({ messages: [{ role: 'user', content: 'x' }], reasoning_effort: effort }, 'gemini-3-pro-preview');
    expect(sut.generationConfig).toEqual({ thinkingConfig });
  });

  it("takes Google's own thinking_config, top level or under extra_body, over reasoning_effort", () => {
    const messages = [{ role: 'user', content: 'x' }];
    const flattened = convert({ messages, reasoning_effort: 'high', google: { thinking_config: { thinking_budget: 800, include_thoughts: true } } });
    expect(flattened.generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 800, includeThoughts: true } });
    const nested = convert({ messages, extra_body: { google: { thinking_config: { thinking_level: 'low', include_thoughts: false } } } }, 'gemini-3-flash-preview');
    expect(nested.generationConfig).toEqual({ thinkingConfig: { thinkingLevel: 'low', includeThoughts: false } });
    expect(nested).not.toHaveProperty('extra_body');
  });

  it('sends no thinking config when no reasoning was asked for', () => {
    const messages = [{ role: 'user', content: 'x' }];
    expect(convert({ messages })).not.toHaveProperty('generationConfig');
    expect(convert({ messages, reasoning_effort: 'auto', google: { thinking_config: { thinking_budget: 'lots' } } })).not.toHaveProperty('generationConfig');
    expect(convert({ messages, reasoning_effort: 'constructor' })).not.toHaveProperty('generationConfig');
  });

  it.each([
    ['auto', { mode: 'AUTO' }],
    ['none', { mode: 'NONE' }],
    ['required', { mode: 'ANY' }],
  ])('maps tool_choice %s', (choice, config) => {
    const tools = [{ type: 'function', function: { name: 'f' } }];
    expect(convert({ messages: [], tools, tool_choice: choice }).toolConfig).toEqual({ functionCallingConfig: config });
  });

  it('sends no tool config without function tools', () => {
    const sut = convert({ messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'web_search' }], tool_choice: 'required' });
    expect(sut).not.toHaveProperty('tools');
    expect(sut).not.toHaveProperty('toolConfig');
  });
});
