import { describe, expect, it } from 'vitest';
import { messagesToChat } from './messages-to-chat';

const weather = { name: 'get_weather', description: 'Current weather of a city', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };
const PNG = 'iVBORw0KGgo=';

const sut = (body: Record<string, unknown>, limit: 'max_tokens' | 'max_completion_tokens' = 'max_tokens') => messagesToChat({ model: 'm', max_tokens: 100, ...body }, limit);

describe(messagesToChat.name, () => {
  it('converts a plain request: system blocks, string turns, sampling and stop sequences; drops what OpenAI has no field for', () => {
    expect(
      sut({
        system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }, { type: 'text', text: 'Answer in French.' }],
        messages: [{ role: 'user', content: 'Hi' }],
        temperature: 0.2,
        top_p: 0.9,
        top_k: 5,
        stop_sequences: ['END'],
        metadata: { user_id: 'u1' },
        stream: true,
      }),
    ).toEqual({
      model: 'm',
      max_tokens: 100,
      messages: [
        { role: 'system', content: 'Be brief.\nAnswer in French.' },
        { role: 'user', content: 'Hi' },
      ],
      temperature: 0.2,
      top_p: 0.9,
      stop: ['END'],
      stream: true,
    });
  });

  it('names the completion budget as the channel wants it', () => {
    expect(sut({ messages: [{ role: 'user', content: 'Hi' }] }, 'max_completion_tokens')).toMatchObject({ max_completion_tokens: 100 });
    expect(sut({ messages: [{ role: 'user', content: 'Hi' }] }, 'max_completion_tokens')).not.toHaveProperty('max_tokens');
  });

  it('turns base64 and url images into image_url parts, a PDF into a file part and a text document into text', () => {
    const chat = sut({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
            { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
            { type: 'document', title: 'report.pdf', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } },
            { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'Plain notes' } },
            { type: 'text', text: 'What is this?' },
          ],
        },
      ],
    });
    expect(chat.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
          { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
          { type: 'file', file: { filename: 'report.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' } },
          { type: 'text', text: 'Plain notes' },
          { type: 'text', text: 'What is this?' },
        ],
      },
    ]);
  });

  it('runs a tool round trip: tools and tool_choice, tool_use as tool_calls, tool_result as tool messages before the rest of the turn', () => {
    const chat = sut({
      tools: [weather],
      tool_choice: { type: 'tool', name: 'get_weather', disable_parallel_tool_use: true },
      messages: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Two cities.', signature: 'sig' },
            { type: 'text', text: 'Let me check.' },
            { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
            { type: 'tool_use', id: 'toolu_2', name: 'get_weather', input: { city: 'Rome' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: '18°C' },
            { type: 'tool_result', tool_use_id: 'toolu_2', content: [{ type: 'text', text: 'Sunny' }, { type: 'image', source: { type: 'url', url: 'https://example.com/sky.png' } }] },
            { type: 'text', text: 'And tomorrow?' },
          ],
        },
      ],
    });
    expect(chat).toMatchObject({
      tools: [{ type: 'function', function: { name: 'get_weather', description: 'Current weather of a city', parameters: weather.input_schema } }],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      parallel_tool_calls: false,
    });
    expect(chat.messages).toEqual([
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: 'Let me check.',
        tool_calls: [
          { id: 'toolu_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          { id: 'toolu_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'toolu_1', content: '18°C' },
      { role: 'tool', tool_call_id: 'toolu_2', content: 'Sunny' },
      { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/sky.png' } }, { type: 'text', text: 'And tomorrow?' }] },
    ]);
  });

  it('gives a tool-only assistant turn null content and an empty failed tool result a word', () => {
    const chat = sut({
      messages: [
        { role: 'user', content: 'Go' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'run', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', is_error: true }] },
      ],
    });
    expect(chat.messages).toEqual([
      { role: 'user', content: 'Go' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'run', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'toolu_1', content: 'error' },
    ]);
  });

  it.each([
    [{ type: 'auto' }, { tool_choice: 'auto' }],
    [{ type: 'any' }, { tool_choice: 'required' }],
    [{ type: 'none' }, { tool_choice: 'none' }],
  ])('maps tool_choice %j', (choice, expected) => {
    const chat = sut({ tools: [weather], tool_choice: choice, messages: [{ role: 'user', content: 'Hi' }] });
    expect(chat).toMatchObject(expected);
    expect(chat).not.toHaveProperty('parallel_tool_calls');
  });

  it.each([
    [{ thinking: { type: 'enabled', budget_tokens: 1024 } }, 'low'],
    [{ thinking: { type: 'enabled', budget_tokens: 5000 } }, 'medium'],
    [{ thinking: { type: 'enabled', budget_tokens: 32000 } }, 'high'],
    [{ output_config: { effort: 'medium' } }, 'medium'],
    [{ output_config: { effort: 'max' } }, 'high'],
    [{ thinking: { type: 'adaptive' } }, undefined],
    [{ thinking: { type: 'disabled' } }, undefined],
  ])('maps %j to reasoning_effort %s', (fields, effort) => {
    expect(sut({ ...fields, messages: [{ role: 'user', content: 'Hi' }] }).reasoning_effort).toBe(effort);
  });

  it('takes system turns of newer API versions as system messages', () => {
    expect(sut({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] }).messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]);
  });

  it.each([
    ['a server tool', { tools: [{ type: 'web_search_20250305', name: 'web_search' }] }, 'web_search_20250305'],
    ['a file image source', { messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'file', file_id: 'f1' } }] }] }, 'file'],
    ['a PDF by URL', { messages: [{ role: 'user', content: [{ type: 'document', source: { type: 'url', url: 'https://example.com/a.pdf' } }] }] }, 'PDF'],
    ['an unknown block', { messages: [{ role: 'user', content: [{ type: 'search_result', content: [] }] }] }, 'search_result'],
    ['an unknown role', { messages: [{ role: 'tool', content: 'x' }] }, 'tool'],
    ['a tool_result without its id', { messages: [{ role: 'user', content: [{ type: 'tool_result', content: 'x' }] }] }, 'tool_use_id'],
    ['a bad tool_choice', { tools: [weather], tool_choice: { type: 'maybe' }, messages: [{ role: 'user', content: 'Hi' }] }, 'tool_choice'],
  ])('refuses %s with a 400 that names it', (_what, fields, named) => {
    expect(() => sut({ messages: [{ role: 'user', content: 'Hi' }], ...fields })).toThrow(expect.objectContaining({ status: 400, message: expect.stringContaining(named) }));
  });
});
