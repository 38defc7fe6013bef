import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalBackend } from './local.backend';
import { receiveUpload, type ReceivedUpload } from './receive-upload';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const IMAGES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

function walk(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
  } catch {
    return [];
  }
}

describe(receiveUpload.name, () => {
  let dataDir: string;
  let sut: LocalBackend;
  let server: Server;
  /** How each request's receiveUpload settled, in order. */
  let outcomes: Promise<ReceivedUpload | Error>[];
  /** Resolved once the server has received 32 KB of the current request's body. */
  let sawData: Promise<void>;
  let markSawData: () => void;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gw-receive-'));
    sut = new LocalBackend(dataDir);
    const app = express();
    app.post('/upload', (req, res) => {
      let seen = 0;
      req.on('data', (chunk: Buffer) => (seen += chunk.length) >= 32 * 1024 && markSawData());
      const outcome = receiveUpload(sut, req, { field: 'file', prefix: 'covers', maxBytes: 100 * 1024, allowedTypes: IMAGES });
      outcomes.push(outcome.catch((error: Error) => error));
      outcome.then(
        (stored) => res.json({ success: true, data: stored }),
        (error: Error) => res.json({ success: false, message: error.message }),
      );
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
  });
  beforeEach(() => {
    outcomes = [];
    sawData = new Promise((resolve) => (markSawData = resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('streams the file of the field into the store and gives back its cleaned original name', async () => {
    const reply = await request(server)
      .post('/upload')
      .field('title', 'x')
      .attach('file', PNG, { filename: '../../封面\t图.png', contentType: 'text/html' });
    expect(reply.body.message).toBeUndefined();
    expect(reply.body.data).toMatchObject({ file_name: '封面图.png', content_type: 'image/png', size: PNG.length });
    expect(readFileSync(join(sut.root, reply.body.data.key))).toEqual(PNG);
  });

  it('refuses a request that is not multipart, or has no file in the field', async () => {
    const json = await request(server).post('/upload').send({ file: 'x' });
    expect(json.body).toEqual({ success: false, message: '请以 multipart/form-data 上传文件' });
    const other = await request(server).post('/upload').attach('picture', PNG, 'a.png');
    expect(other.body).toEqual({ success: false, message: '请选择要上传的文件' });
    const fieldsOnly = await request(server).post('/upload').field('file', 'not a file');
    expect(fieldsOnly.body).toEqual({ success: false, message: '请选择要上传的文件' });
  });

  it('refuses a file too large or of a refused type, keeping nothing', async () => {
    const before = walk(sut.root);
    const big = Buffer.concat([PNG, Buffer.alloc(300 * 1024)]);
    const large = await request(server).post('/upload').attach('file', big, 'big.png');
    expect(large.body).toEqual({ success: false, message: '文件过大，最大 0.1 MB' });
    const html = await request(server).post('/upload').attach('file', Buffer.from('<html><script>alert(1)</script></html>'), 'cover.png');
    expect(html.body.success).toBe(false);
    expect(html.body.message).toContain('不支持的文件类型');
    expect(walk(sut.root)).toEqual(before);
  });

  it('settles and keeps nothing when the client goes away mid-upload', async () => {
    const before = walk(sut.root);
    const { port } = server.address() as AddressInfo;
    const boundary = 'gwboundary';
    const sending = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/upload',
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(90 * 1024) },
    });
    sending.on('error', () => undefined);
    sending.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
    sending.write(Buffer.concat([PNG, Buffer.alloc(48 * 1024)]));
    await sawData;
    sending.destroy();
    const outcome = await outcomes[0];
    expect(outcome).toBeInstanceOf(Error);
    expect(walk(sut.root)).toEqual(before);
  });
});
