import { describe, expect, it } from 'vitest';
import { AnthropicStreamTranslator } from './anthropic-stream';
import { playSse, RECORDED } from './anthropic-stream.fixture';

/** The recorded stream played through the translator, its chunks parsed. */
function play(sut: AnthropicStreamTranslator, sse: string): { chunks: Array<Record<string, any>>; done: boolean } {
  const { chunks, done } = playSse(sut, sse);
  return { chunks: chunks.map((chunk) => (typeof chunk === 'string' ? JSON.parse(chunk) : chunk)), done };
}

const deltas = (chunks: Array<Record<string, any>>) => chunks.filter((chunk) => chunk.choices.length > 0).map((chunk) => chunk.choices[0].delta);

describe(AnthropicStreamTranslator.name, () => {
  it('translates a recorded stream into OpenAI chunks, the signed thinking block once it ends, and ends at message_stop', () => {
    const sut = new AnthropicStreamTranslator(false, 'claude-mapped');
    const { chunks, done } = play(sut, RECORDED);
    expect(done).toBe(true);
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.id === 'msg_014p7gG3wDgGV9EUtLvnow3U' && chunk.model === 'claude-sonnet-4-20250514')).toBe(true);
    expect(deltas(chunks)).toEqual([
      { role: 'assistant', reasoning_content: 'The user asks about weather.' },
      { thinking_blocks: [{ type: 'thinking', thinking: 'The user asks about weather.', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3h' }] },
      { content: 'Okay' },
      { content: ', let me check.' },
      { tool_calls: [{ index: 0, id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', type: 'function', function: { name: 'get_weather', arguments: '' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '{"location":' } }] },
      { tool_calls: [{ index: 0, function: { arguments: ' "San Francisco, CA"}' } }] },
      {},
    ]);
    expect(chunks.at(-1)!.choices[0].finish_reason).toBe('tool_calls');
    expect(chunks.slice(0, -1).every((chunk) => chunk.choices[0].finish_reason === null)).toBe(true);
  });

  it('reports the usage with cache tokens inside prompt_tokens, and the text produced', () => {
    const sut = new AnthropicStreamTranslator(false, 'claude');
    play(sut, RECORDED);
    expect(sut.usage()).toEqual({ prompt_tokens: 1672, completion_tokens: 89, cache_read_tokens: 1000, cache_creation_tokens: 200, reasoning_tokens: 0, prompt_audio_tokens: 0, cache_creation_1h_tokens: 0, prompt_image_tokens: 0, completion_audio_tokens: 0, completion_image_tokens: 0 });
    expect(sut.producedText()).toBe('The user asks about weather.Okay, let me check.{"location": "San Francisco, CA"}');
  });

  it('adds a usage-only chunk only for a client that asked for usage', () => {
    expect(play(new AnthropicStreamTranslator(false, 'claude'), RECORDED).chunks.some((chunk) => chunk.usage)).toBe(false);
    const { chunks } = play(new AnthropicStreamTranslator(true, 'claude'), RECORDED);
    expect(chunks.at(-1)).toMatchObject({
      object: 'chat.completion.chunk',
      choices: [],
      usage: { prompt_tokens: 1672, completion_tokens: 89, total_tokens: 1761, prompt_tokens_details: { cached_tokens: 1000 } },
    });
    expect(chunks.at(-2)!.choices[0].finish_reason).toBe('tool_calls');
  });

  it('passes a redacted thinking block on whole at its end, and a thinking block whose text came in pieces', () => {
    const sut = new AnthropicStreamTranslator(false, 'claude');
    const event = (data: Record<string, unknown>) => `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
    const { chunks } = play(
      sut,
      event({ type: 'content_block_start', index: 0, content_block: { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix' } }) +
        event({ type: 'content_block_stop', index: 0 }) +
        event({ type: 'content_block_start', index: 1, content_block: { type: 'thinking', thinking: '' } }) +
        event({ type: 'content_block_delta', index: 1, delta: { type: 'thinking_delta', thinking: 'Paris is ' } }) +
        event({ type: 'content_block_delta', index: 1, delta: { type: 'thinking_delta', thinking: 'in France.' } }) +
        event({ type: 'content_block_delta', index: 1, delta: { type: 'signature_delta', signature: 'EqQBsig' } }) +
        event({ type: 'content_block_stop', index: 1 }),
    );
    expect(deltas(chunks)).toEqual([
      { role: 'assistant', thinking_blocks: [{ type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix' }] },
      { reasoning_content: 'Paris is ' },
      { reasoning_content: 'in France.' },
      { thinking_blocks: [{ type: 'thinking', thinking: 'Paris is in France.', signature: 'EqQBsig' }] },
    ]);
    expect(sut.producedText()).toBe('Paris is in France.');
  });

  it('numbers several tool calls in order', () => {
    const sut = new AnthropicStreamTranslator(false, 'claude');
    const start = (index: number, id: string) =>
      `event: content_block_start\ndata: {"type":"content_block_start","index":${index},"content_block":{"type":"tool_use","id":"${id}","name":"f","input":{}}}\n\n`;
    const args = (index: number, json: string) =>
      `event: content_block_delta\ndata: ${JSON.stringify({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: json } })}\n\n`;
    const { chunks } = play(sut, start(0, 'a') + start(1, 'b') + args(1, '{}') + args(0, '{"x":1}'));
    expect(deltas(chunks).map((delta) => delta.tool_calls[0].index)).toEqual([0, 1, 1, 0]);
  });

  it("maps the stop reason of message_delta to the final chunk's finish_reason", () => {
    const sut = new AnthropicStreamTranslator(false, 'claude');
    const { chunks } = play(
      sut,
      'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"max_tokens","stop_sequence":null},"usage":{"output_tokens":4}}\n\n' +
        'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    );
    expect(chunks).toHaveLength(1);
    expect(chunks[0].choices[0]).toMatchObject({ delta: { role: 'assistant' }, finish_reason: 'length' });
  });

  it('throws the message of an error event', () => {
    const sut = new AnthropicStreamTranslator(false, 'claude');
    expect(() => play(sut, 'event: error\ndata: {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}\n\n')).toThrow('Overloaded');
  });

  it('sends nothing before content, so a failure there can still go to another channel', () => {
    const sut = new AnthropicStreamTranslator(false, 'claude');
    const opening = RECORDED.split('event: content_block_delta')[0];
    expect(play(sut, opening).chunks).toEqual([]);
  });

  it('counts the completion of a stream cut before its final count', () => {
    const sut = new AnthropicStreamTranslator(false, 'claude');
    const cut = RECORDED.split('event: content_block_stop\ndata: {"type":"content_block_stop","index":1}')[0];
    const { done } = play(sut, cut);
    expect(done).toBe(false);
    const usage = sut.usage()!;
    expect(usage.prompt_tokens).toBe(1672);
    expect(usage.completion_tokens).toBeGreaterThan(2);
  });
});
