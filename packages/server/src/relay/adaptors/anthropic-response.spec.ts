import { describe, expect, it } from 'vitest';
import { anthropicErrorMessage, finishReason, toChatCompletion, usageFromAnthropic } from './anthropic-response';
import type { AnthropicResponse } from './anthropic-types';

const reply = (fields: Partial<AnthropicResponse> = {}): AnthropicResponse => ({
  id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-20250514',
  content: [{ type: 'text', text: 'Hello!' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 12, output_tokens: 6 },
  ...fields,
});

describe(toChatCompletion.name, () => {
  it('turns a text reply into an OpenAI chat.completion', () => {
    expect(toChatCompletion(reply(), 1700000000)).toEqual({
      id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
      object: 'chat.completion',
      created: 1700000000,
      model: 'claude-sonnet-4-20250514',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello!' }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18, prompt_tokens_details: { cached_tokens: 0 } },
    });
  });

  it('joins text blocks, keeps thinking as reasoning_content and in thinking_blocks with its signature, and tool_use as tool_calls', () => {
    const completion = toChatCompletion(
      reply({
        content: [
          { type: 'thinking', thinking: 'The user wants weather.', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3h' },
          { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix' },
          { type: 'text', text: 'Let me ' },
          { type: 'text', text: 'check.' },
          { type: 'tool_use', id: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } },
        ],
        stop_reason: 'tool_use',
      }),
    ) as { choices: Array<{ message: unknown; finish_reason: string }> };
    expect(completion.choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: {
        role: 'assistant',
        content: 'Let me check.',
        reasoning_content: 'The user wants weather.',
        thinking_blocks: [
          { type: 'thinking', thinking: 'The user wants weather.', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3h' },
          { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix' },
        ],
        tool_calls: [{ id: 'toolu_01A09q90qw90lq917835lq9', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' } }],
      },
    });
  });

  it('answers content null when the reply is only a tool call', () => {
    const completion = toChatCompletion(reply({ content: [{ type: 'tool_use', id: 't', name: 'now', input: {} }], stop_reason: 'tool_use' })) as {
      choices: Array<{ message: { content: unknown; tool_calls: unknown[] } }>;
    };
    expect(completion.choices[0].message.content).toBeNull();
    expect(completion.choices[0].message.tool_calls).toHaveLength(1);
  });

  it('reports cache reads and writes inside prompt_tokens, reads as cached_tokens', () => {
    const completion = toChatCompletion(reply({ usage: { input_tokens: 100, output_tokens: 50, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200 } }));
    expect(completion.usage).toEqual({ prompt_tokens: 1300, completion_tokens: 50, total_tokens: 1350, prompt_tokens_details: { cached_tokens: 1000 } });
  });

  it('refuses a body that is not a message', () => {
    expect(() => toChatCompletion({ type: 'error', error: { message: 'x' } } as unknown as AnthropicResponse)).toThrow();
  });
});

describe(finishReason.name, () => {
  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['pause_turn', 'stop'],
    ['max_tokens', 'length'],
    ['model_context_window_exceeded', 'length'],
    ['tool_use', 'tool_calls'],
    ['refusal', 'content_filter'],
    ['something_new', 'stop'],
  ])('maps %s to %s', (stop, finish) => {
    expect(finishReason(stop)).toBe(finish);
  });

  it('has no finish reason before the end', () => {
    expect(finishReason(null)).toBeNull();
  });
});

describe(usageFromAnthropic.name, () => {
  it('adds cache reads and writes to prompt_tokens and fills the cache counts', () => {
    expect(usageFromAnthropic({ input_tokens: 100, output_tokens: 50, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200 })).toEqual({
      prompt_tokens: 1300,
      completion_tokens: 50,
      cache_read_tokens: 1000,
      cache_creation_tokens: 200,
      cache_creation_1h_tokens: 0,
      reasoning_tokens: 0,
      prompt_audio_tokens: 0,
      prompt_image_tokens: 0,
      completion_audio_tokens: 0,
      completion_image_tokens: 0,
    });
  });

  it('keeps the 1-hour part of the cache writes apart, and sums the two lifetimes when only the split came', () => {
    const split = { ephemeral_5m_input_tokens: 50, ephemeral_1h_input_tokens: 150 };
    expect(usageFromAnthropic({ input_tokens: 100, output_tokens: 50, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200, cache_creation: split })).toMatchObject({
      prompt_tokens: 1300,
      cache_creation_tokens: 200,
      cache_creation_1h_tokens: 150,
    });
    expect(usageFromAnthropic({ input_tokens: 100, output_tokens: 50, cache_creation: split })).toMatchObject({ prompt_tokens: 300, cache_creation_tokens: 200, cache_creation_1h_tokens: 150 });
  });

  it('treats null counts as zero, and no counts as no usage', () => {
    expect(usageFromAnthropic({ input_tokens: 3, output_tokens: 1, cache_read_input_tokens: null, cache_creation_input_tokens: null })).toMatchObject({ prompt_tokens: 3, cache_read_tokens: 0 });
    expect(usageFromAnthropic({ input_tokens: 0, output_tokens: 0 })).toBeUndefined();
    expect(usageFromAnthropic(undefined)).toBeUndefined();
  });
});

describe(anthropicErrorMessage.name, () => {
  it("reads Anthropic's error body, else the raw text", () => {
    expect(anthropicErrorMessage('{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}')).toBe('invalid x-api-key');
    expect(anthropicErrorMessage('Bad Gateway')).toBe('Bad Gateway');
  });
});
