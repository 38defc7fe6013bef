import type { ChatStreamTranslator, ClientChunk, StreamTranslator } from '../adaptors/adaptor';
import type { Usage } from '../billing/usage';
import { isObject, type Json } from '../json';

/** A chat chunk as an object, whether the translator gave it as text or parsed. */
export const parsedChunk = (chunk: ClientChunk): Json | undefined => {
  if (typeof chunk !== 'string') return chunk;
  try {
    const value: unknown = JSON.parse(chunk);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The chat chunks of any chat adaptor's stream translator rewritten as another format's events:
 * each chunk the inner translator gives goes to `chunk`, and `end` closes the stream when the
 * inner one is done. The usage and the produced text are the inner translator's.
 */
export abstract class ConvertedChatStream<Event> implements StreamTranslator<Event> {
  constructor(protected readonly inner: ChatStreamTranslator) {}

  event(event: { event?: string; data: string }): { chunks: Event[]; done?: boolean } {
    const { chunks, done } = this.inner.event(event);
    const out: Event[] = [];
    for (const chunk of chunks) this.chunk(parsedChunk(chunk), out);
    if (done) this.end(out);
    return { chunks: out, done };
  }

  usage(): Usage | undefined {
    return this.inner.usage();
  }

  producedText(): string {
    return this.inner.producedText();
  }

  /** One chat chunk (undefined when it is not JSON) → the format's events, into `out`. */
  protected abstract chunk(chunk: Json | undefined, out: Event[]): void;

  /** The format's closing events, into `out`. */
  protected abstract end(out: Event[]): void;
}
