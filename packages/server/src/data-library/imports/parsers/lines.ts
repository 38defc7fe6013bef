import type { Readable } from 'node:stream';

/** One line of a text file, or a line too long to keep (its text is dropped as it streams by). */
export type Line = { line: number; text: string } | { line: number; tooLong: true };

const NEWLINE = 0x0a;
const CR = 0x0d;

/**
 * Splits a byte stream into lines (LF or CRLF), numbered from 1, decoding each whole line as UTF-8
 * (a character split between two chunks is joined first). A line longer than `maxBytes` is not
 * buffered: its bytes are skipped up to the next newline, so one huge line cannot fill memory.
 */
export async function* readLines(input: Readable, maxBytes: number): AsyncGenerator<Line> {
  let line = 0;
  let pieces: Buffer[] = [];
  let pending = 0;
  let tooLong = false;
  const finish = (bytes: Buffer): Line => {
    line += 1;
    if (tooLong) return { line, tooLong: true };
    let end = bytes.length;
    if (end > 0 && bytes[end - 1] === CR) end -= 1;
    let text = bytes.toString('utf8', 0, end);
    if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return { line, text };
  };
  for await (const chunk of input as AsyncIterable<Buffer>) {
    let start = 0;
    for (let newline = chunk.indexOf(NEWLINE); newline !== -1; newline = chunk.indexOf(NEWLINE, start)) {
      const tail = chunk.subarray(start, newline);
      const whole = pieces.length === 0 ? tail : Buffer.concat([...pieces, tail]);
      if (pending + tail.length > maxBytes) tooLong = true;
      yield finish(whole);
      pieces = [];
      pending = 0;
      tooLong = false;
      start = newline + 1;
    }
    if (start < chunk.length && !tooLong) {
      pieces.push(chunk.subarray(start));
      pending += chunk.length - start;
      if (pending > maxBytes) {
        tooLong = true;
        pieces = [];
      }
    }
  }
  if (pending > 0 || tooLong) yield finish(Buffer.concat(pieces));
}
