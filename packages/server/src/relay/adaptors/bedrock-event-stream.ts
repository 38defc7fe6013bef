import { EventStreamCodec, type Message } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import type { UpstreamEvent, UpstreamFraming } from '../stream/upstream-framing';

/** Decoding a whole message keeps no state: one codec serves every stream. */
const codec = new EventStreamCodec(toUtf8, fromUtf8);

/** The length of a message is its first four bytes (the prelude's total length, big-endian). */
const PRELUDE_LENGTH = 4;

const header = (message: Message, name: string): string => {
  const value = message.headers[name];
  return value?.type === 'string' ? value.value : '';
};

/** An exception or error frame as Anthropic's stream error event, which both Claude stream translators end on. */
const anthropicError = (type: string, message: string): UpstreamEvent => ({
  event: 'error',
  data: JSON.stringify({ type: 'error', error: { type, message } }),
});

function bodyMessage(body: Uint8Array): string {
  try {
    const parsed = JSON.parse(toUtf8(body)) as { message?: unknown; Message?: unknown };
    const message = parsed.message ?? parsed.Message;
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: the text itself
  }
  return toUtf8(body);
}

/**
 * One message of InvokeModelWithResponseStream as the event the Claude translators read: a `chunk`
 * event carries `{"bytes": <base64 of one Anthropic stream event>}`; an exception frame
 * (`:message-type: exception`, e.g. throttlingException mid-stream) or an error frame becomes
 * Anthropic's error event. Other events have nothing for the client.
 */
function eventOf(message: Message): UpstreamEvent | undefined {
  switch (header(message, ':message-type')) {
    case 'event': {
      if (header(message, ':event-type') !== 'chunk') return undefined;
      const bytes = (JSON.parse(toUtf8(message.body)) as { bytes?: unknown }).bytes;
      return typeof bytes === 'string' ? { data: Buffer.from(bytes, 'base64').toString('utf8') } : undefined;
    }
    case 'exception':
      return anthropicError(header(message, ':exception-type') || 'exception', bodyMessage(message.body));
    case 'error':
      return anthropicError(header(message, ':error-code') || 'error', header(message, ':error-message') || bodyMessage(message.body));
    default:
      return undefined;
  }
}

/**
 * AWS event stream (application/vnd.amazon.eventstream), as Bedrock Runtime streams: binary
 * messages, each decoded (and its CRCs checked) by @smithy/eventstream-codec once all its bytes
 * have come, however the network cut them.
 */
export const BEDROCK_EVENT_STREAM: UpstreamFraming = (onEvent) => {
  let pending: Buffer = Buffer.alloc(0);
  return {
    feed(piece) {
      const bytes = typeof piece === 'string' ? Buffer.from(piece) : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
      pending = pending.length === 0 ? bytes : Buffer.concat([pending, bytes]);
      while (pending.length >= PRELUDE_LENGTH) {
        const length = pending.readUInt32BE(0);
        if (pending.length < length) break;
        const message = codec.decode(pending.subarray(0, length));
        pending = pending.subarray(length);
        const event = eventOf(message);
        if (event) onEvent(event);
      }
    },
  };
};
