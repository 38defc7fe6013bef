import { describe, expect, it } from 'vitest';
import { RelayError } from '../relay-error';
import { ANTHROPIC_DEFAULT_MAX_TOKENS, toAnthropicRequest } from './anthropic-request';

const request = (fields: Record<string, unknown> = {}) => ({ model: 'gpt-name', messages: [{ role: 'user', content: 'Hi' }], ...fields });
const sut = (fields: Record<string, unknown> = {}, stream = false) => toAnthropicRequest(request(fields), 'claude-sonnet-4-20250514', stream);

const weatherTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

describe(toAnthropicRequest.name, () => {
  it('sends the upstream model, a default max_tokens and nothing OpenAI-only', () => {
    expect(sut({ n: 1, presence_penalty: 0.5, stream_options: { include_usage: true } })).toEqual({
      model: 'claude-sonnet-4-20250514',
      max_tokens: ANTHROPIC_DEFAULT_MAX_TOKENS,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
    });
  });

  it("takes max_completion_tokens, else max_tokens, and maps sampling, stop, user and stream", () => {
    expect(sut({ max_tokens: 100 }).max_tokens).toBe(100);
    expect(sut({ max_tokens: 100, max_completion_tokens: 200 }).max_tokens).toBe(200);
    expect(sut({ max_tokens: 0 }).max_tokens).toBe(ANTHROPIC_DEFAULT_MAX_TOKENS);
    expect(sut({ temperature: 0.2, top_p: 0.9, top_k: 5, stop: 'END', user: 'u-1' }, true)).toMatchObject({
      temperature: 0.2,
      top_p: 0.9,
      top_k: 5,
      stop_sequences: ['END'],
      metadata: { user_id: 'u-1' },
      stream: true,
    });
    expect(sut({ stop: ['A', 'B'] }).stop_sequences).toEqual(['A', 'B']);
    expect(sut({ thinking: { type: 'enabled', budget_tokens: 2048 } }).thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
  });

  it('moves system and developer messages, string or parts, to the top-level system text', () => {
    const result = sut({
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'developer', content: [{ type: 'text', text: 'Answer in French.' }] },
        { role: 'user', content: 'Hi' },
      ],
    });
    expect(result.system).toBe('You are terse.\n\nAnswer in French.');
    expect(result.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]);
  });

  it('merges consecutive turns of the same role so that roles alternate', () => {
    const result = sut({
      messages: [
        { role: 'user', content: 'one' },
        { role: 'user', content: [{ type: 'text', text: 'two' }] },
        { role: 'system', content: 'mid-conversation instructions' },
        { role: 'user', content: 'three' },
        { role: 'assistant', content: 'a' },
        { role: 'assistant', content: 'b' },
        { role: 'user', content: 'four' },
      ],
    });
    expect(result.system).toBe('mid-conversation instructions');
    expect(result.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }, { type: 'text', text: 'three' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] },
      { role: 'user', content: [{ type: 'text', text: 'four' }] },
    ]);
  });

  it('drops empty text, so an empty turn does not break the alternation', () => {
    const result = sut({
      messages: [
        { role: 'user', content: 'one' },
        { role: 'assistant', content: '' },
        { role: 'user', content: [{ type: 'text', text: '  ' }, { type: 'text', text: 'two' }] },
      ],
    });
    expect(result.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }] }]);
  });

  it('trims the trailing whitespace of a final assistant prefill', () => {
    const result = sut({ messages: [{ role: 'user', content: 'Name a colour' }, { role: 'assistant', content: 'The colour is ' }] });
    expect(result.messages[1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'The colour is' }] });
  });

  it('sends data-URL images inline as base64 and http(s) images by URL; PDFs become documents', () => {
    const result = sut({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Compare' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'high' } },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
            { type: 'file', file: { filename: 'a.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' } },
          ],
        },
      ],
    });
    expect(result.messages[0].content).toEqual([
      { type: 'text', text: 'Compare' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } },
    ]);
  });

  it('refuses content Claude cannot take with a 400', () => {
    const refused = (content: unknown) => () => sut({ messages: [{ role: 'user', content }] });
    expect(refused([{ type: 'input_audio', input_audio: { data: 'x', format: 'wav' } }])).toThrow(RelayError);
    expect(refused([{ type: 'image_url', image_url: { url: 'data:image/png,notbase64' } }])).toThrow('base64');
    expect(refused([{ type: 'image_url', image_url: { url: 'ftp://example.com/a.png' } }])).toThrow('image_url');
    expect(refused([{ type: 'file', file: { file_id: 'file-123' } }])).toThrow('PDF');
    expect(() => sut({ messages: [{ role: 'function', name: 'f', content: '1' }] })).toThrow('function');
    expect(() => sut({ messages: undefined })).toThrow('messages');
    expect(refused([{ type: 'input_audio' }])).toThrow(expect.objectContaining({ status: 400, type: 'invalid_request_error' }));
  });

  it('maps tools to input_schema tools and tool_choice to its Anthropic form', () => {
    const result = sut({ tools: [weatherTool, { type: 'function', function: { name: 'now' } }], tool_choice: 'required' });
    expect(result.tools).toEqual([
      { name: 'get_weather', description: 'Weather of a city', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
      { name: 'now', input_schema: { type: 'object', properties: {} } },
    ]);
    expect(result.tool_choice).toEqual({ type: 'any' });
    const choice = (tool_choice: unknown, parallel_tool_calls?: boolean) => sut({ tools: [weatherTool], tool_choice, parallel_tool_calls }).tool_choice;
    expect(choice(undefined)).toBeUndefined();
    expect(choice('auto')).toEqual({ type: 'auto' });
    expect(choice('none')).toEqual({ type: 'none' });
    expect(choice({ type: 'function', function: { name: 'get_weather' } })).toEqual({ type: 'tool', name: 'get_weather' });
    expect(choice(undefined, false)).toEqual({ type: 'auto', disable_parallel_tool_use: true });
    expect(choice('required', false)).toEqual({ type: 'any', disable_parallel_tool_use: true });
    expect(() => choice('sometimes')).toThrow('tool_choice');
    expect(sut({ tool_choice: 'auto' }).tool_choice).toBeUndefined();
    expect(() => sut({ tools: [{ type: 'custom', custom: { name: 'x' } }] })).toThrow('function');
  });

  it('turns tool_calls into tool_use blocks and tool messages into tool_result blocks first in one user turn', () => {
    const result = sut({
      tools: [weatherTool],
      messages: [
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
        { role: 'tool', tool_call_id: 'toolu_2', content: [{ type: 'text', text: '24°C' }] },
        { role: 'user', content: 'Which is warmer?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'toolu_3', type: 'function', function: { name: 'now', arguments: '' } }] },
        { role: 'tool', tool_call_id: 'toolu_3', content: '' },
      ],
    });
    expect(result.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris and Rome?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me check.' },
          { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'toolu_2', name: 'get_weather', input: { city: 'Rome' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: '18°C' },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: [{ type: 'text', text: '24°C' }] },
          { type: 'text', text: 'Which is warmer?' },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_3', name: 'now', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_3' }] },
    ]);
  });

  it('puts tool results before text a user added in the same turn', () => {
    const result = sut({
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', tool_calls: [{ id: 't1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
        { role: 'user', content: 'by the way' },
        { role: 'tool', tool_call_id: 't1', content: 'done' },
      ],
    });
    expect(result.messages[2].content.map((block) => block.type)).toEqual(['tool_result', 'text']);
  });

  it('sends thinking_blocks back first in their assistant turn, in order, and leaves out thinking without a signature', () => {
    const result = sut({
      tools: [weatherTool],
      reasoning_effort: 'low',
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: 'Let me check.' },
        {
          role: 'assistant',
          content: null,
          reasoning_content: 'The user wants the weather.',
          thinking_blocks: [
            { type: 'thinking', thinking: 'The user wants the weather.', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3h' },
            { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix' },
            { type: 'thinking', thinking: 'A block that lost its signature.' },
            { type: 'redacted_thinking' },
          ],
          tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
        },
        { role: 'tool', tool_call_id: 'toolu_1', content: '18°C' },
      ],
    });
    expect(result.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'The user wants the weather.', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3h' },
        { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix' },
        { type: 'text', text: 'Let me check.' },
        { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
      ],
    });
  });

  it('never sends reasoning_content as a thinking block: it carries no signature', () => {
    const result = sut({ messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello', reasoning_content: 'A greeting.' }, { role: 'user', content: 'Bye' }] });
    expect(result.messages[1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Hello' }] });
  });

  it.each([
    ['minimal', 1024, ANTHROPIC_DEFAULT_MAX_TOKENS],
    ['low', 1024, ANTHROPIC_DEFAULT_MAX_TOKENS],
    ['medium', 8192, 8192 + ANTHROPIC_DEFAULT_MAX_TOKENS],
    ['high', 24576, 24576 + ANTHROPIC_DEFAULT_MAX_TOKENS],
  ])('maps reasoning_effort %s to a thinking budget of %i, with max_tokens %i above it', (reasoning_effort, budget_tokens, max_tokens) => {
    expect(sut({ reasoning_effort })).toMatchObject({ thinking: { type: 'enabled', budget_tokens }, max_tokens });
  });

  it("keeps a max_tokens above the budget, and takes one below it as the answer's room on top of the budget", () => {
    expect(sut({ reasoning_effort: 'medium', max_tokens: 30000 }).max_tokens).toBe(30000);
    expect(sut({ reasoning_effort: 'medium', max_completion_tokens: 1000 }).max_tokens).toBe(9192);
    expect(sut({ thinking: { type: 'enabled', budget_tokens: 16000 } }).max_tokens).toBe(16000 + ANTHROPIC_DEFAULT_MAX_TOKENS);
  });

  it("sends no thinking for reasoning_effort none or an unknown one, and prefers the client's own thinking object", () => {
    expect(sut({ reasoning_effort: 'none' })).not.toHaveProperty('thinking');
    expect(sut({ reasoning_effort: 'toString' })).not.toHaveProperty('thinking');
    expect(sut({ reasoning_effort: 'high', thinking: { type: 'disabled' } })).toMatchObject({ thinking: { type: 'disabled' }, max_tokens: ANTHROPIC_DEFAULT_MAX_TOKENS });
  });

  it('refuses malformed tool calls and tool messages', () => {
    const withCall = (call: unknown) => () => sut({ messages: [{ role: 'user', content: 'x' }, { role: 'assistant', tool_calls: [call] }] });
    expect(withCall({ id: 't1', type: 'function', function: { name: 'f', arguments: '{oops' } })).toThrow('JSON');
    expect(withCall({ type: 'function', function: { name: 'f', arguments: '{}' } })).toThrow('id');
    expect(() => sut({ messages: [{ role: 'tool', content: 'x' }] })).toThrow('tool_call_id');
  });
});
