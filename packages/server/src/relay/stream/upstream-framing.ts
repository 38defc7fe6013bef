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
  const parser = createParser({ onEvent: (event) => onEvent({ event: event.event, data: event.data }) });
  const decoder = new TextDecoder();
  return { feed: (piece) => parser.feed(typeof piece === 'string' ? piece : decoder.decode(piece, { stream: true })) };
};
