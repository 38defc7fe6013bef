import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds the pieces one read at a time and collects every event's data, end included. */
function parseAll(pieces: Uint8Array[]): string[] {
  const sut = createSseParser();
  return [...pieces.flatMap((piece) => sut.feed(piece)), ...sut.end()];
}

/** The body cut into reads of `size` bytes, ignoring character boundaries. */
function cut(text: string, size: number): Uint8Array[] {
  const all = bytes(text);
  const pieces: Uint8Array[] = [];
  for (let start = 0; start < all.length; start += size) pieces.push(all.slice(start, start + size));
  return pieces;
}

describe(createSseParser.name, () => {
  it('returns the data of each complete event as soon as its blank line arrives', () => {
    const sut = createSseParser();
    expect(sut.feed(bytes('data: {"a":1}\n\ndata: {"b"'))).toEqual(['{"a":1}']);
    expect(sut.feed(bytes(':2}\n'))).toEqual([]);
    expect(sut.feed(bytes('\n'))).toEqual(['{"b":2}']);
    expect(sut.end()).toEqual([]);
  });

  it('gives the same events whatever the size of the reads', () => {
    const body = 'data: {"x":"one"}\n\n: keep-alive\n\ndata: {"x":"two"}\r\n\r\ndata: [DONE]\r\r';
    for (const size of [1, 2, 3, 5, 7, 64]) {
      expect(parseAll(cut(body, size))).toEqual(['{"x":"one"}', '{"x":"two"}', '[DONE]']);
    }
  });

  it('keeps a multi-byte UTF-8 character whole when a read ends inside it', () => {
    const body = 'data: {"content":"你好，世界🌏"}\n\n';
    const all = bytes(body);
    const inside = all.indexOf(0xe4) + 1; // the second byte of 你
    expect(parseAll([all.slice(0, inside), all.slice(inside)])).toEqual(['{"content":"你好，世界🌏"}']);
    for (const size of [1, 2, 3]) expect(parseAll(cut(body, size))).toEqual(['{"content":"你好，世界🌏"}']);
  });

  it('joins the data lines of one event and ignores comments and other fields', () => {
    expect(parseAll([bytes(': ping\nevent: message\nid: 3\ndata: line one\ndata:line two\nretry: 10\n\n')])).toEqual(['line one\nline two']);
  });

  it('does not split an event on a \\r that the next read completes as \\r\\n', () => {
    const sut = createSseParser();
    expect(sut.feed(bytes('data: a\r'))).toEqual([]);
    expect(sut.feed(bytes('\n\r'))).toEqual([]);
    expect(sut.feed(bytes('\n'))).toEqual(['a']);
  });

  it('passes [DONE] and an error event through as data', () => {
    expect(parseAll([bytes('data: {"error":{"message":"上游流式响应意外结束"}}\n\ndata: [DONE]\n\n')])).toEqual([
      '{"error":{"message":"上游流式响应意外结束"}}',
      '[DONE]',
    ]);
  });

  it('delivers a last event that the body ended without its blank line', () => {
    expect(parseAll([bytes('data: {"a":1}\n\ndata: [DONE]')])).toEqual(['{"a":1}', '[DONE]']);
    expect(parseAll([bytes('')])).toEqual([]);
  });
});
