import { describe, expect, it } from 'vitest';
import { GeminiStreamTranslator } from '../adaptors/gemini-stream';
import { OpenAiStreamTranslator } from '../adaptors/openai-stream';
import { chatChunk as chunk, OPENAI_STREAM, runNamedStream as run } from './chat-stream.fixture';
import { ChatToMessagesStream } from './chat-to-messages-stream';

const MESSAGE = { id: 'msg_1', model: 'fallback', promptTokens: 25 };

describe(ChatToMessagesStream.name, () => {
  it('writes Anthropic’s exact event sequence: one block per run of thinking, text and tool call, then the stop reason and the usage', () => {
    const sut = new ChatToMessagesStream(new OpenAiStreamTranslator(false), MESSAGE);
    const { events, done } = run(sut, OPENAI_STREAM);
    expect(done).toBe(true);
    expect(events.map((event) => event.event)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    for (const event of events) expect(event.data.type).toBe(event.event);
    expect(events[0].data.message).toEqual({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'gpt-x',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 25, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 0 },
    });
    expect(events.slice(2, 14).map((event) => event.data)).toEqual([
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Paris' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: ', then.' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Let me' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: ' check.' } },
      { type: 'content_block_stop', index: 1 },
      { type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 'call_1', name: 'get_weather', input: {} } },
      { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"city"' } },
      { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: ':"Paris"}' } },
      { type: 'content_block_stop', index: 2 },
    ]);
    expect(events[14].data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { input_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 10, output_tokens: 12 },
    });
    expect(sut.usage()).toMatchObject({ prompt_tokens: 30, completion_tokens: 12, cache_read_tokens: 10 });
  });

  it('sends nothing before the upstream’s first chunk, so that a failure before it can go to another channel', () => {
    const sut = new ChatToMessagesStream(new OpenAiStreamTranslator(false), MESSAGE);
    expect(sut.event({ data: JSON.stringify({ id: 'x', choices: [], usage: { prompt_tokens: 1, completion_tokens: 1 } }) }).chunks).toEqual([]);
  });

  it('counts the output itself for message_delta when the upstream reports no usage', () => {
    const sut = new ChatToMessagesStream(new OpenAiStreamTranslator(false), MESSAGE);
    const { events } = run(sut, [chunk({ role: 'assistant', content: 'Hello there' }), chunk({}, 'stop'), '[DONE]']);
    const delta = events.find((event) => event.event === 'message_delta')!.data;
    expect(delta.delta.stop_reason).toBe('end_turn');
    expect(delta.usage).toMatchObject({ input_tokens: 25, output_tokens: expect.any(Number) });
    expect(delta.usage.output_tokens).toBeGreaterThan(0);
    expect(sut.usage()).toBeUndefined();
    expect(sut.producedText()).toBe('Hello there');
  });

  it('converts Gemini’s stream the same way (through the Gemini chat translator), ending on its finish reason', () => {
    const sut = new ChatToMessagesStream(new GeminiStreamTranslator('gemini-x', false), MESSAGE);
    const gemini = (parts: object[], finishReason?: string) =>
      JSON.stringify({ candidates: [{ index: 0, content: { role: 'model', parts }, ...(finishReason ? { finishReason } : {}) }], usageMetadata: { promptTokenCount: 11, candidatesTokenCount: 7 }, modelVersion: 'gemini-x' });
    const { events, done } = run(sut, [gemini([{ text: 'Hello' }]), gemini([{ text: ' there' }], 'STOP')]);
    expect(done).toBe(true);
    expect(events.map((event) => event.event)).toEqual(['message_start', 'ping', 'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
    expect(events.at(-2)!.data.usage).toMatchObject({ input_tokens: 11, output_tokens: 7 });
  });

  it('ends an empty answer with a complete message', () => {
    const sut = new ChatToMessagesStream(new OpenAiStreamTranslator(false), MESSAGE);
    const { events } = run(sut, ['[DONE]']);
    expect(events.map((event) => event.event)).toEqual(['message_start', 'ping', 'message_delta', 'message_stop']);
    expect(events[0].data.message.model).toBe('fallback');
  });
});
