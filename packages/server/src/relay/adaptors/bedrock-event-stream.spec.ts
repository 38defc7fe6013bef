import { EventStreamCodec, type MessageHeaders } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { describe, expect, it } from 'vitest';
import type { UpstreamEvent } from '../stream/upstream-framing';
import { BEDROCK_EVENT_STREAM } from './bedrock-event-stream';

const codec = new EventStreamCodec(toUtf8, fromUtf8);
const text = (value: string) => ({ type: 'string' as const, value });
const frame = (headers: MessageHeaders, body: unknown) => codec.encode({ headers, body: fromUtf8(JSON.stringify(body)) });
const chunk = (event: unknown) =>
  frame({ ':event-type': text('chunk'), ':content-type': text('application/json'), ':message-type': text('event') }, { bytes: Buffer.from(JSON.stringify(event)).toString('base64'), p: 'abc' });

function decode(pieces: Uint8Array[]): UpstreamEvent[] {
  const events: UpstreamEvent[] = [];
  const decoder = BEDROCK_EVENT_STREAM((event) => events.push(event));
  for (const piece of pieces) decoder.feed(piece);
  return events;
}

describe('BEDROCK_EVENT_STREAM', () => {
  const start = { type: 'message_start', message: { id: 'msg_1', usage: { input_tokens: 5, output_tokens: 1 } } };
  const delta = { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hé 你好' } };

  it('turns each chunk event into the Anthropic event it carries, however the bytes are cut', () => {
    const bytes = Buffer.concat([chunk(start), chunk(delta)]);
    const expected = [{ data: JSON.stringify(start) }, { data: JSON.stringify(delta) }];
    expect(decode([bytes])).toEqual(expected);
    for (const size of [1, 3, 7, 64]) {
      const pieces: Uint8Array[] = [];
      for (let offset = 0; offset < bytes.length; offset += size) pieces.push(bytes.subarray(offset, offset + size));
      expect(decode(pieces)).toEqual(expected);
    }
  });

  it('turns an exception frame into an Anthropic error event', () => {
    const exception = frame(
      { ':exception-type': text('throttlingException'), ':content-type': text('application/json'), ':message-type': text('exception') },
      { message: 'Too many requests, please wait before trying again.' },
    );
    expect(decode([Buffer.concat([chunk(start), exception])])[1]).toEqual({
      event: 'error',
      data: JSON.stringify({ type: 'error', error: { type: 'throttlingException', message: 'Too many requests, please wait before trying again.' } }),
    });
  });

  it('refuses a frame whose checksum does not hold', () => {
    const bytes = Buffer.from(chunk(start));
    bytes[bytes.length - 10] ^= 0xff;
    expect(() => decode([bytes])).toThrow();
  });
});
