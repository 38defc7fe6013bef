import { readFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../test/local-s3';
import { startTestApp, type TestApp } from '../../test/test-app';
import { StorageService } from './storage.service';
import { binaryBody } from '../../test/binary-body';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const MB = 1024 * 1024;

/** A request with the path exactly as written: HTTP clients would resolve "..", and this must not. */
function rawGet(server: Server, path: string): Promise<{ status: number; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('GET /uploads/<key>', () => {
  let t: TestApp;
  let storage: StorageService;
  const put = (body: string | Buffer) => storage.put(Readable.from([body]), { prefix: 'files', maxBytes: MB });

  beforeAll(async () => {
    t = await startTestApp();
    storage = t.app.get(StorageService);
    const server = t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => t.close());

  it('uses the local disk when S3 is not configured', async () => {
    expect(storage.kind).toBe('local');
    const stored = await put(PNG);
    expect(readFileSync(join(t.config.dataDir, 'uploads', stored.key))).toEqual(PNG);
  });

  it('serves a raster image inline with its stored type, nosniff, a sandbox policy and a year of caching', async () => {
    const stored = await put(PNG);
    const reply = await t.http().get(stored.url).buffer(true);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(PNG);
    expect(reply.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'; sandbox",
    });
  });

  it.each([
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'image/svg+xml', 'svg'],
    ['HTML', '<!doctype html><script>alert(1)</script>', 'text/html', 'html'],
    ['text', 'just some words', 'text/plain', 'txt'],
    ['unknown bytes', Buffer.from([0, 1, 2, 3, 255, 254]), 'application/octet-stream', 'bin'],
  ])('serves %s as a download, never in place', async (_kind, body, type, extension) => {
    const stored = await put(body);
    const reply = await t.http().get(stored.url).buffer(true).parse(binaryBody);
    const name = stored.key.split('/').pop()!;
    expect(name.endsWith(`.${extension}`)).toBe(true);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain(type);
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(reply.body as Buffer)).toEqual(Buffer.from(body));
  });

  it('answers HEAD with the headers and no body, and a Range with 206 and the bytes asked for', async () => {
    const stored = await put('0123456789');
    const head = await t.http().head(stored.url);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('10');
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.text ?? '').toBe('');
    const part = await t.http().get(stored.url).set('Range', 'bytes=2-4');
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 2-4/10');
    expect(part.text).toBe('234');
    const tail = await t.http().get(stored.url).set('Range', 'bytes=-3');
    expect(tail.text).toBe('789');
    const beyond = await t.http().get(stored.url).set('Range', 'bytes=10-');
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */10');
  });

  it('answers an unknown key with 404 and the JSON failure', async () => {
    const reply = await t.http().get('/uploads/files/0123456789abcdef0123456789abcdef.png');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ success: false, message: '文件不存在' });
  });

  it('never serves anything outside DATA_DIR/uploads, nor an unfinished upload', async () => {
    const secrets = readFileSync(join(t.config.dataDir, 'secrets.json'), 'utf8');
    const stored = await put(PNG);
    const server = t.app.getHttpServer() as Server;
    const paths = [
      '/uploads/../secrets.json',
      '/uploads/%2e%2e/secrets.json',
      '/uploads/%2E%2E%2Fsecrets.json',
      '/uploads/files/..%2f..%2fsecrets.json',
      '/uploads/..%5csecrets.json',
      '/uploads/..\\secrets.json',
      '/uploads/%00',
      '/uploads//etc/passwd',
      '/uploads/files/.upload-0123',
      `/UPLOADS/${stored.key}`,
      `/Uploads/${stored.key}`,
    ];
    expect((await rawGet(server, stored.url)).status).toBe(200);
    for (const path of paths) {
      const reply = await rawGet(server, path);
      expect(reply.status, path).toBe(404);
      expect(reply.body, path).not.toContain(secrets.slice(0, 40));
      expect(reply.body, path).not.toContain('IHDR');
    }
  });

  it('never serves an import file waiting for its job, whoever knows its name', async () => {
    const waiting = await storage.put(Readable.from(['{"question":"q"}\n']), { prefix: 'imports', maxBytes: MB, extension: 'jsonl' });
    expect(await storage.stat(waiting.key)).toBeDefined();
    const reply = await t.http().get(waiting.url);
    expect(reply.status).toBe(404);
    expect(reply.text).not.toContain('question');
  });

  it('serves GET and HEAD only', async () => {
    const stored = await put(PNG);
    const reply = await t.http().post(stored.url).send({});
    expect(reply.status).toBe(404);
    expect(reply.headers['content-type']).not.toContain('image/png');
  });
});

describe('GET /uploads/<key> on S3', () => {
  let s3: LocalS3;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await startTestApp(s3.env);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores in the bucket when S3_* is configured and streams the object from it', async () => {
    const storage = t.app.get(StorageService);
    expect(storage.kind).toBe('s3');
    const stored = await storage.put(Readable.from([PNG]), { prefix: 'covers', maxBytes: MB, allowedTypes: ['image/png'] });
    expect(stored.url).toBe(`/uploads/${stored.key}`);
    expect(await s3.listKeys()).toContain(stored.key);
    const reply = await t.http().get(stored.url).buffer(true);
    expect(reply.status).toBe(200);
    expect(reply.headers).toMatchObject({ 'content-type': 'image/png', 'content-disposition': 'inline', 'x-content-type-options': 'nosniff' });
    expect(reply.body).toEqual(PNG);
    expect((await t.http().get('/uploads/covers/missing.png')).status).toBe(404);
  });
});
