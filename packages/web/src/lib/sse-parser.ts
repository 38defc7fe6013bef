import { createParser } from 'eventsource-parser';

/**
 * An incremental parser of a server-sent-events body: bytes in as they arrive, the data of each
 * complete event out. Parsing follows the EventSource rules through eventsource-parser; bytes
 * are decoded in streaming mode so a multi-byte UTF-8 character split across reads comes out whole.
 */
export interface SseParser {
  /** Feeds the next bytes of the body; returns the data of the events they completed. */
  feed(bytes: Uint8Array): string[];
  /** Ends the body; returns the data of a last event that lacked its closing blank line. */
  end(): string[];
}

export function createSseParser(): SseParser {
  const decoder = new TextDecoder();
  let completed: string[] = [];
  const parser = createParser({ onEvent: (event) => completed.push(event.data) });
  const take = () => {
    const events = completed;
    completed = [];
    return events;
  };
  return {
    feed(bytes) {
      parser.feed(decoder.decode(bytes, { stream: true }));
      return take();
    },
    end() {
      // A body that ends without the blank line still completes its last event.
      parser.feed(`${decoder.decode()}\n\n`);
      return take();
    },
  };
}
