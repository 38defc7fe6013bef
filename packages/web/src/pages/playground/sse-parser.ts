/**
 * An incremental parser of a server-sent-events body: bytes in as they arrive, the data of each
 * complete event out. Follows the EventSource rules that matter for chat streams: lines end in
 * \n, \r\n or \r (possibly split across reads), `data:` lines of one event are joined with \n,
 * a blank line ends the event, comment lines (`:`) and other fields are ignored. Bytes are decoded
 * in streaming mode so a multi-byte UTF-8 character split across reads comes out whole.
 *
 * Hand-written because the console may not add dependencies here; eventsource-parser (already
 * used by the server) would be the drop-in replacement.
 */
export interface SseParser {
  /** Feeds the next bytes of the body; returns the data of the events they completed. */
  feed(bytes: Uint8Array): string[];
  /** Ends the body; returns the data of a last event that lacked its closing blank line. */
  end(): string[];
}

export function createSseParser(): SseParser {
  const decoder = new TextDecoder();
  let pending = '';
  let dataLines: string[] = [];

  const readLine = (line: string, events: string[]) => {
    if (line === '') {
      if (dataLines.length > 0) events.push(dataLines.join('\n'));
      dataLines = [];
      return;
    }
    const colon = line.indexOf(':');
    if (colon === 0) return;
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    const value = colon === -1 ? '' : line.slice(colon + 1);
    dataLines.push(value.startsWith(' ') ? value.slice(1) : value);
  };

  /** Reads every complete line of the pending text; a final \r waits, as a \n may follow it. */
  const readLines = (final: boolean): string[] => {
    const events: string[] = [];
    let start = 0;
    for (let i = 0; i < pending.length; i++) {
      const char = pending[i];
      if (char !== '\n' && char !== '\r') continue;
      if (char === '\r' && i === pending.length - 1 && !final) break;
      readLine(pending.slice(start, i), events);
      if (char === '\r' && pending[i + 1] === '\n') i++;
      start = i + 1;
    }
    pending = pending.slice(start);
    return events;
  };

  return {
    feed(bytes) {
      pending += decoder.decode(bytes, { stream: true });
      return readLines(false);
    },
    end() {
      pending += decoder.decode();
      const events = readLines(true);
      if (pending !== '') readLine(pending, events);
      pending = '';
      readLine('', events);
      return events;
    },
  };
}
