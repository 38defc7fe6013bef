import { describe, expect, it } from 'vitest';
import { emptyUsage } from '../billing/usage';
import { anthropicUsage, chatToMessage, stopReason } from './chat-to-messages';

const usage = { ...emptyUsage(), prompt_tokens: 1300, completion_tokens: 50, cache_read_tokens: 1000, cache_creation_tokens: 200 };
const completion = (message: Record<string, unknown>, finish: string | null = 'stop') => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  model: 'gpt-x',
  choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish }],
});

describe(chatToMessage.name, () => {
  it('writes a text answer as an Anthropic message with its usage', () => {
    expect(chatToMessage(completion({ content: 'Hello' }), usage, 'msg_1', 'fallback')).toEqual({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'gpt-x',
      content: [{ type: 'text', text: 'Hello' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 100, cache_creation_input_tokens: 200, cache_read_input_tokens: 1000, output_tokens: 50 },
    });
  });

  it('puts reasoning first as an unsigned thinking block, and tool calls as tool_use blocks with parsed input', () => {
    const reply = chatToMessage(
      completion(
        {
          content: 'Let me check.',
          reasoning_content: 'Paris, then.',
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
            { id: 'call_2', type: 'function', function: { name: 'noop', arguments: '' } },
          ],
        },
        'tool_calls',
      ),
      usage,
      'msg_1',
      'fallback',
    );
    expect(reply.content).toEqual([
      { type: 'thinking', thinking: 'Paris, then.', signature: '' },
      { type: 'text', text: 'Let me check.' },
      { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
      { type: 'tool_use', id: 'call_2', name: 'noop', input: {} },
    ]);
    expect(reply.stop_reason).toBe('tool_use');
  });

  it('answers a refusal as text and names the fallback model when the reply names none', () => {
    const reply = chatToMessage({ choices: [{ message: { content: null, refusal: 'I cannot.' }, finish_reason: 'content_filter' }] }, usage, 'msg_1', 'fallback');
    expect(reply).toMatchObject({ model: 'fallback', content: [{ type: 'text', text: 'I cannot.' }], stop_reason: 'refusal' });
  });

  it('refuses a body that is no chat completion', () => {
    expect(() => chatToMessage({ error: 'x' }, usage, 'msg_1', 'm')).toThrow();
  });
});

describe(stopReason.name, () => {
  it.each([
    ['stop', false, 'end_turn'],
    ['length', false, 'max_tokens'],
    ['length', true, 'max_tokens'],
    ['tool_calls', true, 'tool_use'],
    ['stop', true, 'tool_use'],
    ['content_filter', false, 'refusal'],
    [null, false, 'end_turn'],
    ['something_new', false, 'end_turn'],
  ])('%s (tools called: %s) → %s', (finish, calledTools, expected) => {
    expect(stopReason(finish, calledTools)).toBe(expected);
  });
});

describe(anthropicUsage.name, () => {
  it('leaves the cached parts out of input_tokens, never below zero', () => {
    expect(anthropicUsage({ ...emptyUsage(), prompt_tokens: 10, cache_read_tokens: 30, completion_tokens: 2 })).toEqual({
      input_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 30,
      output_tokens: 2,
    });
  });
});
