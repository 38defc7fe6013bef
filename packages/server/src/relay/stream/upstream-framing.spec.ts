import { describe, expect, it } from 'vitest';
import { SSE_FRAMING, type UpstreamEvent } from './upstream-framing';

const eventsOf = (pieces: Array<Uint8Array | string>): UpstreamEvent[] => {
  const events: UpstreamEvent[] = [];
  const sut = SSE_FRAMING((event) => events.push({ event: event.event, data: event.data }));
  for (const piece of pieces) sut.feed(piece);
  return events;
};

describe('SSE_FRAMING', () => {
  it('reads a character cut between two pieces whole', () => {
    const bytes = Buffer.from('event: delta\ndata: {"text":"你好"}\n\n');
    const cut = bytes.indexOf(Buffer.from('你')) + 1;
    expect(eventsOf([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual([{ event: 'delta', data: '{"text":"你好"}' }]);
  });

  it('ignores a byte-order mark at the start of the stream', () => {
    expect(eventsOf([Buffer.from('\uFEFFdata: {"a":1}\n\ndata: [DONE]\n\n')])).toEqual([
      { event: undefined, data: '{"a":1}' },
      { event: undefined, data: '[DONE]' },
    ]);
  });
});
