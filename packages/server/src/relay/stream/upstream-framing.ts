import { StringDecoder } from 'node:string_decoder';
import { createParser } from 'eventsource-parser';

/** One event of an upstream stream: its name, if it has one, and its data as text. */
export interface UpstreamEvent {
  event?: string;
  data: string;
}

/** Reads the pieces of a streamed upstream body, wherever they cut it, into events. */
export interface UpstreamDecoder {
  feed(piece: Uint8Array | string): void;
}

/** How an upstream frames a streamed reply: makes a decoder that calls `onEvent` for each event. */
export type UpstreamFraming = (onEvent: (event: UpstreamEvent) => void) => UpstreamDecoder;

/** Server-sent events, what nearly every provider streams. */
export const SSE_FRAMING: UpstreamFraming = (onEvent) => {
  const parser = createParser({ onEvent });
  // StringDecoder rather than TextDecoder: the same handling of a character cut between pieces, at
  // a third of the cost; the byte-order mark TextDecoder dropped is dropped here (SSE ignores it).
  const decoder = new StringDecoder('utf8');
  let first = true;
  return {
    feed: (piece) => {
      let text = typeof piece === 'string' ? piece : decoder.write(piece);
      if (first && text !== '') {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      parser.feed(text);
    },
  };
};
