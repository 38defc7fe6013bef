import { describe, expect, it } from 'vitest';
import { GeminiStreamTranslator } from './gemini-stream';

/**
 * The data lines of a streamGenerateContent?alt=sse answer of gemini-2.5-flash with
 * includeThoughts, as sent: the thought comes first, every event repeats the prompt count, the
 * last one carries the finish reason and the full usage, and no [DONE] follows.
 */
const RECORDED = [
  '{"candidates": [{"content": {"parts": [{"text": "**Greeting the user**\\n\\nA short friendly answer.","thought": true}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 9,"totalTokenCount": 29,"promptTokensDetails": [{"modality": "TEXT","tokenCount": 9}],"thoughtsTokenCount": 20},"modelVersion": "gemini-2.5-flash","responseId": "nXJsaKW0D5SJ1e8P"}',
  '{"candidates": [{"content": {"parts": [{"text": "Hello"}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 9,"candidatesTokenCount": 1,"totalTokenCount": 30,"promptTokensDetails": [{"modality": "TEXT","tokenCount": 9}],"thoughtsTokenCount": 20},"modelVersion": "gemini-2.5-flash","responseId": "nXJsaKW0D5SJ1e8P"}',
  '{"candidates": [{"content": {"parts": [{"text": " there! How can I help?"}],"role": "model"},"finishReason": "STOP","index": 0}],"usageMetadata": {"promptTokenCount": 9,"candidatesTokenCount": 8,"totalTokenCount": 37,"promptTokensDetails": [{"modality": "TEXT","tokenCount": 9}],"thoughtsTokenCount": 20},"modelVersion": "gemini-2.5-flash","responseId": "nXJsaKW0D5SJ1e8P"}',
];

type Chunk = { id: string; object: string; model: string; choices: Array<{ index: number; delta: Record<string, any>; finish_reason: string | null }>; usage?: Record<string, unknown> };

const feed = (sut: GeminiStreamTranslator, events: string[]) =>
  events.map((data) => {
    const { chunks, done } = sut.event({ data });
    return { chunks: chunks as Chunk[], done: done ?? false };
  });

describe(GeminiStreamTranslator.name, () => {
  it('translates each event into one OpenAI chunk and ends the stream at the finish reason', () => {
    const sut = new GeminiStreamTranslator('gemini-2.5-flash', false);
    const results = feed(sut, RECORDED);
    expect(results.map((result) => result.done)).toEqual([false, false, true]);
    const chunks = results.flatMap((result) => result.chunks);
    expect(chunks).toHaveLength(3);
    expect(chunks.map((chunk) => chunk.choices[0].delta)).toEqual([
      { role: 'assistant', reasoning_content: '**Greeting the user**\n\nA short friendly answer.' },
      { content: 'Hello' },
      { content: ' there! How can I help?' },
    ]);
    expect(chunks.map((chunk) => chunk.choices[0].finish_reason)).toEqual([null, null, 'stop']);
    expect(new Set(chunks.map((chunk) => chunk.id))).toEqual(new Set(['chatcmpl-nXJsaKW0D5SJ1e8P']));
    expect(chunks[0]).toMatchObject({ object: 'chat.completion.chunk', model: 'gemini-2.5-flash' });
    expect(sut.usage()).toEqual({ prompt_tokens: 9, completion_tokens: 28, reasoning_tokens: 20, cache_read_tokens: 0, cache_creation_tokens: 0, prompt_audio_tokens: 0, cache_creation_1h_tokens: 0, prompt_image_tokens: 0, completion_audio_tokens: 0, completion_image_tokens: 0 });
    expect(sut.producedText()).toBe('**Greeting the user**\n\nA short friendly answer.Hello there! How can I help?');
  });

  it('adds the usage-only chunk after the last one when the client asked for usage', () => {
    const sut = new GeminiStreamTranslator('gemini-2.5-flash', true);
    const last = feed(sut, RECORDED).at(-1)!;
    expect(last.chunks).toHaveLength(2);
    expect(last.chunks[1]).toMatchObject({
      object: 'chat.completion.chunk',
      choices: [],
      usage: { prompt_tokens: 9, completion_tokens: 28, total_tokens: 37, completion_tokens_details: { reasoning_tokens: 20 } },
    });
  });

  it('numbers streamed function calls across events, keeps their thought signatures and finishes with tool_calls', () => {
    const sut = new GeminiStreamTranslator('gemini-2.5-flash', false);
    const results = feed(sut, [
      '{"candidates": [{"content": {"parts": [{"functionCall": {"name": "get_weather","args": {"city": "Paris"}},"thoughtSignature": "CiQBVKhc7vXo"}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 61,"totalTokenCount": 61},"modelVersion": "gemini-2.5-flash","responseId": "r1"}',
      '{"candidates": [{"content": {"parts": [{"functionCall": {"name": "get_weather","args": {"city": "Rome"}}}],"role": "model"},"finishReason": "STOP","index": 0}],"usageMetadata": {"promptTokenCount": 61,"candidatesTokenCount": 30,"totalTokenCount": 91},"modelVersion": "gemini-2.5-flash","responseId": "r1"}',
    ]);
    const [first, second] = results.map((result) => result.chunks[0].choices[0]);
    expect(first.delta.tool_calls).toEqual([
      {
        index: 0,
        id: expect.stringMatching(/^call_/),
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
        extra_content: { google: { thought_signature: 'CiQBVKhc7vXo' } },
      },
    ]);
    expect(second.delta.tool_calls).toEqual([{ index: 1, id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } }]);
    expect(second.finish_reason).toBe('tool_calls');
    expect(results[1].done).toBe(true);
    expect(sut.usage()).toMatchObject({ prompt_tokens: 61, completion_tokens: 30 });
  });

  it('ends a stream whose prompt was blocked with a filtered chunk', () => {
    const sut = new GeminiStreamTranslator('gemini-2.0-flash', false);
    const [result] = feed(sut, ['{"promptFeedback": {"blockReason": "SAFETY"},"usageMetadata": {"promptTokenCount": 7,"totalTokenCount": 7},"modelVersion": "gemini-2.0-flash"}']);
    expect(result.done).toBe(true);
    expect(result.chunks[0].choices).toEqual([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: 'content_filter' }]);
  });

  it('does not end a stream that stops without a finish reason (the relay reports it as cut)', () => {
    const sut = new GeminiStreamTranslator('gemini-2.5-flash', true);
    const results = feed(sut, RECORDED.slice(0, 2));
    expect(results.every((result) => !result.done)).toBe(true);
    expect(results.flatMap((result) => result.chunks).some((chunk) => chunk.usage)).toBe(false);
    expect(sut.usage()).toBeUndefined();
    expect(sut.producedText()).toContain('Hello');
  });
});
