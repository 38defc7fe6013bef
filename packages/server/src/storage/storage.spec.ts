import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../test/local-s3';
import { LocalBackend } from './local.backend';
import { S3Backend } from './s3.backend';
import { type ObjectBackend, StorageError } from './storage.types';

const IMAGES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const MB = 1024 * 1024;

/** What a suite needs of a backend beyond the interface: everything it holds, unfinished uploads included. */
interface Harness {
  sut: ObjectBackend;
  leftovers: () => Promise<string[]>;
  bytesStored: () => number;
  close: () => Promise<void>;
}

function walk(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
  } catch {
    return [];
  }
}

async function localHarness(): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-storage-'));
  const sut = new LocalBackend(dataDir);
  return {
    sut,
    leftovers: async () => walk(sut.root),
    bytesStored: () => walk(sut.root).reduce((sum, file) => sum + statSync(file).size, 0),
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function s3Harness(): Promise<Harness> {
  const s3: LocalS3 = await startLocalS3();
  const sut = new S3Backend(s3.config);
  return {
    sut,
    // Unfinished multipart uploads are not counted: s3rver does not implement AbortMultipartUpload
    // (S3 and MinIO do, and the backend calls it).
    leftovers: () => s3.listKeys(),
    bytesStored: () => s3.bytesOnDisk(),
    close: async () => {
      sut.close();
      await s3.close();
    },
  };
}

async function caught(promise: Promise<unknown>): Promise<StorageError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(StorageError);
  return error as StorageError;
}

/** `total` bytes of `fill` in 64 KB chunks, made only as they are read. */
function lazyBody(total: number, fill = 0x61, onChunk?: (produced: number) => void): Readable {
  return Readable.from(
    (function* () {
      let produced = 0;
      while (produced < total) {
        const size = Math.min(64 * 1024, total - produced);
        produced += size;
        onChunk?.(produced);
        yield Buffer.alloc(size, fill);
      }
    })(),
  );
}

describe.each([
  ['LocalBackend', localHarness],
  ['S3Backend', s3Harness],
])('%s', (_name, makeHarness) => {
  let h: Harness;
  beforeAll(async () => {
    h = await makeHarness();
  });
  afterAll(async () => h.close());

  it('stores bytes under a random name with the type sniffed from them, and gives them back', async () => {
    const stored = await h.sut.put(Readable.from([PNG]), { prefix: 'covers', maxBytes: MB, allowedTypes: IMAGES, extension: undefined });
    expect(stored.key).toMatch(/^covers\/[0-9a-f]{32}\.png$/);
    expect(stored).toMatchObject({ size: PNG.length, content_type: 'image/png', url: `/uploads/${stored.key}` });
    expect(Buffer.concat(await (await h.sut.read(stored.key)).toArray())).toEqual(PNG);
    expect(await h.sut.stat(stored.key)).toEqual({ size: PNG.length, content_type: 'image/png' });
  });

  it('sniffs text without a signature as text/plain, and keeps the extension the caller chose', async () => {
    const plain = await h.sut.put(Readable.from(['{"a":1}\n{"a":2}\n']), { prefix: 'imports', maxBytes: MB });
    expect(plain.key).toMatch(/\.txt$/);
    expect(plain.content_type).toBe('text/plain');
    const lines = await h.sut.put(Readable.from(['{"a":1}\n']), { prefix: 'imports', maxBytes: MB, extension: 'jsonl' });
    expect(lines.key).toMatch(/^imports\/[0-9a-f]{32}\.jsonl$/);
    expect(await h.sut.stat(lines.key)).toEqual({ size: 8, content_type: 'application/x-ndjson' });
  });

  it('reads a byte range [start, end)', async () => {
    const stored = await h.sut.put(Readable.from(['0123456789abcdefghij']), { prefix: 'ranges', maxBytes: MB });
    expect(await text(await h.sut.read(stored.key, { start: 10, end: 15 }))).toBe('abcde');
    expect(await text(await h.sut.read(stored.key, { start: 3, end: 3 }))).toBe('');
  });

  it('refuses a file larger than the limit while streaming, and keeps nothing of it', async () => {
    const before = await h.leftovers();
    const small = await caught(h.sut.put(lazyBody(3 * MB), { prefix: 'big', maxBytes: MB }));
    expect(small.code).toBe('too_large');
    expect(small.message).toBe('文件过大，最大 1 MB');
    // Past one 5 MB part, so S3 has a multipart upload to abort.
    const multipart = await caught(h.sut.put(lazyBody(12 * MB), { prefix: 'big', maxBytes: 7 * MB }));
    expect(multipart.code).toBe('too_large');
    const justOver = await caught(h.sut.put(lazyBody(MB + 1), { prefix: 'big', maxBytes: MB }));
    expect(justOver.code).toBe('too_large');
    expect(await h.leftovers()).toEqual(before);
    const exact = await h.sut.put(lazyBody(MB), { prefix: 'big', maxBytes: MB });
    expect(exact.size).toBe(MB);
  });

  it('refuses HTML disguised as an image and SVG where only raster images are allowed, keeping nothing', async () => {
    const before = await h.leftovers();
    const bodies = [
      '  \n<!DOCTYPE html><html><script>alert(1)</script></html>',
      '<html><body>hi</body></html>',
      '<script>alert(1)</script>',
      '\uFEFF<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    ];
    const codes = [];
    for (const body of bodies) {
      codes.push((await caught(h.sut.put(Readable.from([body]), { prefix: 'covers', maxBytes: MB, allowedTypes: IMAGES, extension: 'png' }))).code);
    }
    expect(codes).toEqual(bodies.map(() => 'type_refused'));
    expect(await h.leftovers()).toEqual(before);
  });

  it('stores markup, when any type is accepted, as HTML or SVG: never as an image a browser would show', async () => {
    const html = await h.sut.put(Readable.from(['<!doctype html><p>x</p>']), { prefix: 'files', maxBytes: MB });
    const svg = await h.sut.put(Readable.from(['<svg xmlns="http://www.w3.org/2000/svg"/>']), { prefix: 'files', maxBytes: MB });
    expect([html.content_type, svg.content_type]).toEqual(['text/html', 'image/svg+xml']);
    expect([html.key.split('.').pop(), svg.key.split('.').pop()]).toEqual(['html', 'svg']);
  });

  it('refuses an empty upload', async () => {
    expect((await caught(h.sut.put(Readable.from([]), { prefix: 'covers', maxBytes: MB }))).code).toBe('no_file');
  });

  it('refuses keys that could leave the upload area or name a temporary file', async () => {
    const keys = ['../secrets.json', 'covers/../../x', '/etc/passwd', 'a\\b', 'a\0b', 'a/./b', 'a//b', '.upload-1', 'covers/.x', 'a b', 'é', ''];
    for (const key of keys) {
      expect((await caught(h.sut.stat(key))).code, key).toBe('bad_key');
      expect((await caught(h.sut.read(key))).code, key).toBe('bad_key');
      expect((await caught(h.sut.delete(key))).code, key).toBe('bad_key');
      expect(() => h.sut.urlOf(key), key).toThrow(StorageError);
    }
    expect((await caught(h.sut.putFixed('../x.txt', Buffer.from('x'), 'text/plain'))).code).toBe('bad_key');
    expect((await caught(h.sut.put(Readable.from(['x']), { prefix: '../up', maxBytes: MB }))).code).toBe('bad_key');
  });

  it('deletes idempotently; a deleted object is not found', async () => {
    const stored = await h.sut.put(Readable.from(['bye']), { prefix: 'gone', maxBytes: MB });
    await h.sut.delete(stored.key);
    await h.sut.delete(stored.key);
    expect(await h.sut.stat(stored.key)).toBeUndefined();
    expect((await caught(h.sut.read(stored.key))).code).toBe('not_found');
    expect((await caught(h.sut.read('never/was.txt'))).code).toBe('not_found');
  });

  it('stores a file of a fixed name and replaces it', async () => {
    await h.sut.putFixed('samples/readme.txt', Buffer.from('one'), 'text/plain');
    const second = await h.sut.putFixed('samples/readme.txt', Buffer.from('two!'), 'text/plain');
    expect(second).toEqual({ key: 'samples/readme.txt', size: 4, content_type: 'text/plain', url: '/uploads/samples/readme.txt' });
    expect(await text(await h.sut.read('samples/readme.txt'))).toBe('two!');
    await expect(h.sut.putFixed('samples/cover.png', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/means image\/png/);
  });

  it('streams a 20 MB upload: most of it is stored before the source has made its last chunk', async () => {
    const total = 20 * MB;
    let storedWhenLastMade = -1;
    const body = lazyBody(total, 0x62, (produced) => {
      if (produced === total) storedWhenLastMade = h.bytesStored();
    });
    const stored = await h.sut.put(body, { prefix: 'stream', maxBytes: 32 * MB });
    expect(stored.size).toBe(total);
    // A backend that collected the body first would have stored nothing at that moment. S3 holds
    // at most a few 5 MB parts in flight; the disk a few chunks.
    expect(storedWhenLastMade).toBeGreaterThanOrEqual(4 * MB);
    expect((await h.sut.stat(stored.key))?.size).toBe(total);
  });
});
