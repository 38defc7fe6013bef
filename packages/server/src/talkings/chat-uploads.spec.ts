import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHAT_UPLOAD_MAX_BYTES, CHAT_UPLOAD_MAX_FILES } from '@gw/shared';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatTestKit, startChatTestKit } from '../../test/talkings-test-kit';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const HTML = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');

describe('chat uploads: POST /relay/v1/talking/upload_files (integration)', () => {
  let kit: ChatTestKit;
  let alice: TestAgent;
  let aliceId: number;

  /** Every stored chat file, temporary ones included. */
  const chatFiles = (): string[] => {
    const folder = join(kit.t.config.dataDir, 'uploads', 'chat');
    return existsSync(folder) ? readdirSync(folder).sort() : [];
  };
  const rowCount = async () => (await kit.t.db.query('SELECT count(*)::int AS n FROM chat_files'))[0].n as number;

  beforeAll(async () => {
    kit = await startChatTestKit();
    ({ agent: alice, userId: aliceId } = await kit.t.signUp('alice'));
  });
  afterAll(async () => kit.t.close());

  it('stores several images, sniffed from their bytes, one row each, in the order sent', async () => {
    const reply = await alice
      .post('/relay/v1/talking/upload_files')
      .attach('files', PNG, { filename: '截图.png', contentType: 'application/octet-stream' })
      .attach('files', GIF, 'anim.gif');
    expect(reply.status).toBe(200);
    expect(reply.body.success, reply.body.message).toBe(true);
    const results = reply.body.data.results as Array<{ id: number; name: string; type: string; size: number; oss_url: string }>;
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({ name: '截图.png', type: 'image/png', size: PNG.length });
    expect(results[1]).toMatchObject({ name: 'anim.gif', type: 'image/gif', size: GIF.length });
    expect(results[0].oss_url).toMatch(/^\/uploads\/chat\/[0-9a-f]{32}\.png$/);
    const served = await kit.t.http().get(results[0].oss_url);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
    const rows = await kit.t.db.query('SELECT id, user_id, key, name FROM chat_files WHERE id = ANY($1) ORDER BY id', [results.map((result) => result.id)]);
    expect(rows).toEqual([
      { id: results[0].id, user_id: aliceId, key: results[0].oss_url.replace('/uploads/', ''), name: '截图.png' },
      { id: results[1].id, user_id: aliceId, key: results[1].oss_url.replace('/uploads/', ''), name: 'anim.gif' },
    ]);
  });

  it('refuses HTML renamed .png, deleting the images already stored, and names the file', async () => {
    const filesBefore = chatFiles();
    const rowsBefore = await rowCount();
    const reply = await alice
      .post('/relay/v1/talking/upload_files')
      .attach('files', PNG, 'good-1.png')
      .attach('files', GIF, 'good-2.gif')
      .attach('files', HTML, { filename: 'evil.png', contentType: 'image/png' });
    expect(reply.body).toEqual({ success: false, message: 'evil.png：不支持的文件类型（text/html）', data: null });
    expect(chatFiles()).toEqual(filesBefore);
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('refuses an image over the size limit, too many files and no file, keeping nothing', async () => {
    const filesBefore = chatFiles();
    const rowsBefore = await rowCount();
    const big = Buffer.concat([PNG, Buffer.alloc(CHAT_UPLOAD_MAX_BYTES)]);
    const large = await alice.post('/relay/v1/talking/upload_files').attach('files', PNG, 'ok.png').attach('files', big, 'big.png');
    expect(large.body).toEqual({ success: false, message: 'big.png：文件过大，最大 10 MB', data: null });

    let many = alice.post('/relay/v1/talking/upload_files');
    for (let index = 0; index <= CHAT_UPLOAD_MAX_FILES; index += 1) many = many.attach('files', PNG, `p${index}.png`);
    expect((await many).body).toEqual({ success: false, message: `一次最多上传 ${CHAT_UPLOAD_MAX_FILES} 个文件`, data: null });

    expect((await alice.post('/relay/v1/talking/upload_files').field('name', 'x')).body).toEqual({ success: false, message: '请选择要上传的文件', data: null });
    expect((await alice.post('/relay/v1/talking/upload_files').attach('file', PNG, 'wrong-field.png')).body.message).toBe('请选择要上传的文件');
    expect((await alice.post('/relay/v1/talking/upload_files').send({ files: [] })).body.message).toBe('请以 multipart/form-data 上传文件');
    expect(chatFiles()).toEqual(filesBefore);
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('reads past other fields and files of other fields', async () => {
    const reply = await alice
      .post('/relay/v1/talking/upload_files')
      .field('note', '说明')
      .attach('other', HTML, 'other.html')
      .attach('files', PNG, 'kept.png')
      .attach('other', PNG, 'ignored.png');
    expect(reply.body.success, reply.body.message).toBe(true);
    expect(reply.body.data.results.map((result: { name: string }) => result.name)).toEqual(['kept.png']);
  });

  it('accepts the most files at once', async () => {
    let request = alice.post('/relay/v1/talking/upload_files');
    for (let index = 0; index < CHAT_UPLOAD_MAX_FILES; index += 1) request = request.attach('files', PNG, `p${index}.png`);
    expect((await request).body.data.results).toHaveLength(CHAT_UPLOAD_MAX_FILES);
  });

  it('is for signed-in users only', async () => {
    const reply = await kit.t.http().post('/relay/v1/talking/upload_files').attach('files', PNG, 'a.png');
    expect(reply.status).toBe(401);
  });
});
