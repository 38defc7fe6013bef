import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, type TestApp } from '../test-app';

/**
 * Fault and attack item 10 of issue 19, the heavy part (bad-input.spec.ts tries malformed JSON,
 * wrong types, NUL bytes and deep nesting on every write route): 100 MB uploads to every upload
 * route, and a request body that inflates a thousandfold. Each gets a clear 4xx, nothing is
 * stored, and the process keeps serving. Decompression bombs inside Parquet imports are tried in
 * src/data-library/imports/parsers.spec.ts.
 */

const HUNDRED_MB = 100 * 1024 * 1024;

/** Every file under a directory, recursively: what an upload left on disk. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

describe('upload and decompression bombs (reliability)', () => {
  let t: TestApp;
  let root: TestAgent;
  let alice: TestAgent;
  let aliceId: number;
  let url: string;
  const huge = Buffer.alloc(HUNDRED_MB, 0x61);
  /** 100 MB that sniff as a PNG: refused for their size, not their type. */
  const hugePng = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), huge]);
  /** A raw body as a client sends it (supertest would serialise a Buffer given with a JSON type). */
  const raw = (path: string, headers: Record<string, string>, body: Buffer) => fetch(`${url}${path}`, { method: 'POST', headers, body });

  beforeAll(async () => {
    t = await startTestApp();
    root = (await t.login('root', ROOT_PASSWORD)).agent;
    ({ agent: alice, userId: aliceId } = await t.signUp('alice'));
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  const counts = async () =>
    (
      await t.db.query(
        `SELECT (SELECT count(*) FROM user_files)::integer AS user_files, (SELECT count(*) FROM chat_files)::integer AS chat_files, (SELECT count(*) FROM data_library_info)::integer AS datasets`,
      )
    )[0];

  it.each([
    ['a file of the file library (50 MB at most)', () => alice.post('/api/file_upload/uploadToOss').attach('file', huge, 'big.pdf')],
    ['chat images (10 MB at most)', () => alice.post('/relay/v1/talking/upload_files').attach('files', hugePng, 'big.png')],
    ["a dataset's cover (5 MB at most)", () => root.post('/api/data_library/upload_cover_page').attach('file', hugePng, 'big.png')],
  ])('refuses 100 MB as %s with a clear message, keeping nothing', async (_what, send) => {
    const before = { rows: await counts(), files: filesUnder(join(t.config.dataDir, 'uploads')) };
    const reply = await send();
    expect(reply.status).toBeGreaterThanOrEqual(200);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toMatch(/[\u4e00-\u9fa5]/);
    expect({ rows: await counts(), files: filesUnder(join(t.config.dataDir, 'uploads')) }).toEqual(before);
    expect((await t.http().get('/api/status')).status).toBe(200);
  });

  it('refuses a console body that inflates a thousandfold (gzip) before inflating it all', async () => {
    // 200 MB of spaces in an object, about 200 KB on the wire.
    const bomb = gzipSync(Buffer.concat([Buffer.from('{"name":"'), Buffer.alloc(200 * 1024 * 1024, 0x20), Buffer.from('"}')]));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const [, cookie] = /(session=[^;]+)/.exec(String((await t.http().post('/api/user/login').send({ username: 'alice', password: 'password-123' })).headers['set-cookie']))!;
    const reply = await raw('/api/token/', { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', Cookie: cookie, 'New-Api-User': String(aliceId) }, bomb);
    expect(reply.status).toBe(413);
    expect(await reply.json()).toEqual({ success: false, message: '请求内容过大', data: null });
    expect((await t.db.query(`SELECT count(*)::integer AS n FROM tokens WHERE user_id = $1`, [aliceId]))[0].n).toBe(0);
  });

  it('refuses a 100 MB relay body in the OpenAI error shape', async () => {
    const body = Buffer.concat([Buffer.from('{"model":"m","messages":[{"role":"user","content":"'), huge, Buffer.from('"}]}')]);
    const key = (await alice.post('/api/token/').send({ name: 'app', unlimited_quota: true })).body.data[0].key as string;
    const reply = await raw('/v1/chat/completions', { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body);
    expect(reply.status).toBe(413);
    expect(((await reply.json()) as { error: object }).error).toMatchObject({ message: '请求体过大（最大 10 MB）', code: 'request_too_large' });
    expect((await t.http().get('/api/status')).status).toBe(200);
  });
});
