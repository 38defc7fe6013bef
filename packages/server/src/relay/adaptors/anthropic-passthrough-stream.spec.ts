import { describe, expect, it } from 'vitest';
import { AnthropicPassthroughStream } from './anthropic-passthrough-stream';
import { playSse, RECORDED } from './anthropic-stream.fixture';

/** The recorded stream's events as the parser gives them: name and data text. */
const recordedEvents = () => playSse({ event: (event) => ({ chunks: [{ event: event.event ?? '', data: event.data }] }), usage: () => undefined, producedText: () => '' }, RECORDED).chunks;

describe(AnthropicPassthroughStream.name, () => {
  it('relays every event unchanged and in order, ending at message_stop', () => {
    const sut = new AnthropicPassthroughStream();
    const { chunks, done } = playSse(sut, RECORDED);
    expect(done).toBe(true);
    expect(chunks).toEqual(recordedEvents());
  });

  it('holds message_start and the pings after it until the first other event', () => {
    const sut = new AnthropicPassthroughStream();
    const [start, ...rest] = recordedEvents();
    expect(sut.event(start).chunks).toEqual([]);
    expect(sut.event({ event: 'ping', data: '{"type":"ping"}' }).chunks).toEqual([]);
    expect(sut.event(rest[0]).chunks).toEqual([start, { event: 'ping', data: '{"type":"ping"}' }, rest[0]]);
    expect(sut.event({ event: 'ping', data: '{"type":"ping"}' }).chunks).toEqual([{ event: 'ping', data: '{"type":"ping"}' }]);
  });

  it('reads the usage on the way: cache tokens inside prompt_tokens, the final output count from message_delta', () => {
    const sut = new AnthropicPassthroughStream();
    playSse(sut, RECORDED);
    expect(sut.usage()).toEqual({ prompt_tokens: 1672, completion_tokens: 89, cache_read_tokens: 1000, cache_creation_tokens: 200, reasoning_tokens: 0, prompt_audio_tokens: 0, cache_creation_1h_tokens: 0, prompt_image_tokens: 0, completion_audio_tokens: 0, completion_image_tokens: 0 });
  });

  it('reads the cache writes split by lifetime, from message_start and from a cumulative message_delta', () => {
    const sut = new AnthropicPassthroughStream();
    const split = (oneHour: number) => ({ ephemeral_5m_input_tokens: 200 - oneHour, ephemeral_1h_input_tokens: oneHour });
    const start = { type: 'message_start', message: { id: 'msg_1', usage: { input_tokens: 100, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200, cache_creation: split(150), output_tokens: 1 } } };
    sut.event({ event: 'message_start', data: JSON.stringify(start) });
    expect(sut.usage()).toMatchObject({ prompt_tokens: 1300, cache_creation_tokens: 200, cache_creation_1h_tokens: 150 });
    const delta = { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { input_tokens: 100, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200, cache_creation: split(120), output_tokens: 50 } };
    sut.event({ event: 'message_delta', data: JSON.stringify(delta) });
    expect(sut.usage()).toMatchObject({ prompt_tokens: 1300, completion_tokens: 50, cache_read_tokens: 1000, cache_creation_tokens: 200, cache_creation_1h_tokens: 120 });
  });

  it('counts what was produced when the stream stops before its final count', () => {
    const sut = new AnthropicPassthroughStream();
    const cut = RECORDED.split('event: content_block_stop\ndata: {"type":"content_block_stop","index":1}')[0];
    const { done } = playSse(sut, cut);
    expect(done).toBe(false);
    expect(sut.producedText()).toBe('The user asks about weather.Okay, let me check.');
    expect(sut.usage()!.completion_tokens).toBeGreaterThan(2);
  });

  it('throws on an error event, so that the relay fails over or ends the stream with its own error event', () => {
    const sut = new AnthropicPassthroughStream();
    expect(() => sut.event({ event: 'error', data: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}' })).toThrow('Overloaded');
  });

  it('names an event by its type when the SSE event line is missing', () => {
    const sut = new AnthropicPassthroughStream();
    const data = '{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}';
    expect(sut.event({ data }).chunks).toEqual([{ event: 'content_block_start', data }]);
  });
});
