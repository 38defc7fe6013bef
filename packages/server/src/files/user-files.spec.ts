import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { USER_FILE_MAX_BYTES } from '@gw/shared';
import ExcelJS from 'exceljs';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

const TXT = Buffer.from('first line\n\nsecond line\nthird line\n');
const CSV = Buffer.from('question,answer\nq1,a1\nq2,a2\n');
const JSONL = Buffer.from(`${JSON.stringify({ question: 'q1', answer: 'a1', score: 3 })}\n${JSON.stringify({ question: 'q2', extra: { a: 1 } })}\n`);
const HTML = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');

async function xlsxBook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  sheet.addRow(['prompt', 'expected']);
  for (let index = 0; index < 5; index += 1) sheet.addRow([`p${index}`, `e${index}`]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('file library: /api/file_upload/ (integration)', () => {
  let t: TestApp;
  let alice: TestAgent;
  let bob: TestAgent;

  const stored = (url: string) => existsSync(join(t.config.dataDir, 'uploads', url.replace(/^\/uploads\//, '')));
  const upload = async (agent: TestAgent, content: Buffer, name: string): Promise<string> => {
    const reply = await agent.post('/api/file_upload/uploadToOss').attach('file', content, name);
    expect(reply.body.success, reply.body.message).toBe(true);
    expect(typeof reply.body.data).toBe('string');
    return reply.body.data as string;
  };
  const register = (agent: TestAgent, body: Record<string, unknown>) => agent.post('/api/file_upload/').send(body);
  /** A workflow project of the user (files are registered with one). */
  const project = async (agent: TestAgent, title: string): Promise<number> => {
    const reply = await agent.post('/api/apps/').send({ title, description: '' });
    expect(reply.body.success, reply.body.message).toBe(true);
    return reply.body.data.id as number;
  };
  const count = async () => (await t.db.query('SELECT count(*)::int AS n FROM user_files'))[0].n as number;

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: alice } = await t.signUp('alice'));
    ({ agent: bob } = await t.signUp('bob'));
  });
  afterAll(async () => t.close());

  it('needs a signed-in user', async () => {
    const reply = await t.http().get('/api/file_upload/');
    expect(reply.body.success).toBe(false);
  });

  it('uploads and registers txt, csv, jsonl and xlsx with their fields and row counts', async () => {
    const cases: Array<[Buffer, string, string[], number, string]> = [
      [TXT, 'notes.txt', ['text'], 3, 'txt'],
      [CSV, 'qa.csv', ['question', 'answer'], 2, 'csv'],
      [JSONL, 'qa.jsonl', ['question', 'answer', 'score'], 2, 'jsonl'],
      [await xlsxBook(), '表格.xlsx', ['prompt', 'expected'], 5, 'xlsx'],
    ];
    const app = await project(alice, '问答评测');
    for (const [content, name, fields, rows, type] of cases) {
      const url = await upload(alice, content, name);
      expect(url).toMatch(/^\/uploads\/files\/[0-9a-f]{32}\.(txt|bin|zip)$/);
      expect(stored(url)).toBe(true);
      const reply = await register(alice, { file_url: url, app_id: app });
      expect(reply.body.success, reply.body.message).toBe(true);
      const data = reply.body.data;
      expect(data).toMatchObject({ fields, row_count: rows, file_type: type, filename: name, name, file_name: name, file_size: content.length, url, oss_url: url, file_url: url, app_id: app, app_name: '问答评测' });
      expect(data.file_id).toBe(data.id);
      expect(Number.isInteger(data.created_at) && data.created_at < 1e11).toBe(true);
      const got = await alice.get(`/api/file_upload/${data.id}`);
      expect(got.body.data).toMatchObject({ id: data.id, fields, row_count: rows, app_name: '问答评测' });
    }
  });

  it('refuses a file too big, HTML renamed .txt, an exe, a type the name does not match, keeping nothing', async () => {
    const before = await count();
    const big = await alice.post('/api/file_upload/uploadToOss').attach('file', Buffer.alloc(USER_FILE_MAX_BYTES + 1, 'a'), 'big.txt');
    expect(big.body).toEqual({ success: false, message: '文件过大，最大 50 MB', data: null });
    const html = await alice.post('/api/file_upload/uploadToOss').attach('file', HTML, 'evil.txt');
    expect(html.body).toEqual({ success: false, message: '只支持 txt、csv、jsonl、xlsx 文件', data: null });
    const exe = await alice.post('/api/file_upload/uploadToOss').attach('file', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]), 'tool.csv');
    expect(exe.body.message).toBe('只支持 txt、csv、jsonl、xlsx 文件');
    const renamed = await alice.post('/api/file_upload/uploadToOss').attach('file', CSV, 'qa.exe');
    expect(renamed.body.message).toBe('只支持 txt、csv、jsonl、xlsx 文件');
    const fakeXlsx = await alice.post('/api/file_upload/uploadToOss').attach('file', CSV, 'qa.xlsx');
    expect(fakeXlsx.body.message).toBe('只支持 txt、csv、jsonl、xlsx 文件');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM user_file_uploads WHERE file_name IN ('big.txt', 'evil.txt', 'tool.csv', 'qa.exe', 'qa.xlsx')`))[0].n).toBe(0);
    expect(await count()).toBe(before);
  });

  it("refuses another user's url, a made-up url, a bad app_id, an unreadable file", async () => {
    const before = await count();
    const url = await upload(alice, CSV, 'mine.csv');
    expect((await register(bob, { file_url: url })).body).toEqual({ success: false, message: '文件地址无效，请重新上传文件', data: null });
    expect((await register(alice, { file_url: '/uploads/files/../secret.csv' })).body.message).toBe('文件地址无效，请重新上传文件');
    expect((await register(alice, { file_url: 'https://elsewhere.example/x.csv' })).body.message).toBe('文件地址无效，请重新上传文件');
    expect((await register(alice, {})).body.message).toBe('请先上传文件');
    for (const app_id of ['5', 1.5, 0, -1, true, 'abc']) expect((await register(alice, { file_url: url, app_id })).body.message).toBe('项目 ID 必须是正整数');
    // A project that does not exist, or another user's, is refused alike.
    const bobsProject = await project(bob, 'bob 的项目');
    for (const app_id of [bobsProject, 999_999]) expect((await register(alice, { file_url: url, app_id })).body).toEqual({ success: false, message: '项目不存在', data: null });
    const broken = await upload(alice, Buffer.from('{"q": "ok"}\nnot json\n'), 'broken.jsonl');
    expect((await register(alice, { file_url: broken })).body).toEqual({ success: false, message: '文件 broken.jsonl 上传失败：第 2 行不是合法的 JSON', data: null });
    expect(await count()).toBe(before);
  });

  it('skips a duplicate (same name and size, same user and app): the existing record answers and the new object goes', async () => {
    const [three, four] = [await project(alice, '三'), await project(alice, '四')];
    const bobsThree = await project(bob, '三');
    const first = await upload(alice, CSV, 'dup.csv');
    const created = (await register(alice, { file_url: first, app_id: three })).body.data;
    const second = await upload(alice, CSV, 'dup.csv');
    const again = await register(alice, { file_url: second, app_id: three });
    expect(again.body.success).toBe(true);
    expect(again.body.data).toMatchObject({ id: created.id, file_id: created.id, url: first });
    expect(stored(second)).toBe(false);
    expect(stored(first)).toBe(true);
    // The same url registered twice answers the same record too.
    expect((await register(alice, { file_url: first, app_id: three })).body.data.id).toBe(created.id);
    // Another app, or no app, is not a duplicate; bob's own same-named file is not alice's duplicate.
    expect((await register(alice, { file_url: first, app_id: four })).body.data.id).not.toBe(created.id);
    const bobs = await upload(bob, CSV, 'dup.csv');
    expect((await register(bob, { file_url: bobs, app_id: bobsThree })).body.data.id).not.toBe(created.id);
  });

  it('lists newest first, paged, by app and search key, only the user own files', async () => {
    const { agent: carol } = await t.signUp('carol');
    const [ten, eleven] = [await project(carol, '十'), await project(carol, '十一')];
    for (let index = 0; index < 12; index += 1) {
      const url = await upload(carol, Buffer.from(`line ${index}\n`), `file-${index}_x%.txt`);
      const reply = await register(carol, { file_url: url, app_id: index % 2 === 0 ? ten : eleven });
      expect(reply.body.success, reply.body.message).toBe(true);
    }
    const page1 = (await carol.get('/api/file_upload/')).body.data;
    expect(page1).toMatchObject({ total: 12, page: 1, page_size: 10 });
    expect(page1.list).toHaveLength(10);
    expect(page1.list[0].name).toBe('file-11_x%.txt');
    const page2 = (await carol.get('/api/file_upload/?page=2&page_size=10')).body.data;
    expect(page2.list.map((file: { name: string }) => file.name)).toEqual(['file-1_x%.txt', 'file-0_x%.txt']);
    const byApp = (await carol.get(`/api/file_upload/?app_id=${ten}&page_size=100`)).body.data;
    expect(byApp.total).toBe(6);
    expect(byApp.list.every((file: { app_id: number; app_name: string }) => file.app_id === ten && file.app_name === '十')).toBe(true);
    expect((await carol.get('/api/file_upload/?app_id=')).body.data.total).toBe(12);
    const search = (await carol.get('/api/file_upload/?search_key=FILE-1')).body.data;
    expect(search.list.map((file: { name: string }) => file.name).sort()).toEqual(['file-10_x%.txt', 'file-11_x%.txt', 'file-1_x%.txt']);
    // % and _ are searched for as themselves.
    expect((await carol.get(`/api/file_upload/?search_key=${encodeURIComponent('1_x%')}`)).body.data.total).toBe(2);
    expect((await carol.get('/api/file_upload/?search_key=%25')).body.data.total).toBe(12);
    expect((await carol.get('/api/file_upload/?page=0')).body.success).toBe(false);
    expect((await carol.get('/api/file_upload/?page_size=101')).body.success).toBe(false);
    expect((await carol.get('/api/file_upload/?app_id=x')).body.message).toBe('项目 ID 必须是正整数');
    expect((await bob.get('/api/file_upload/?search_key=file-')).body.data.total).toBe(0);
  });

  it("answers another user's file like a missing one on get and delete; delete removes the stored object", async () => {
    const url = await upload(alice, TXT, 'private.txt');
    const id = (await register(alice, { file_url: url })).body.data.id as number;
    const missing = { success: false, message: '文件不存在', data: null };
    expect((await bob.get(`/api/file_upload/${id}`)).body).toEqual(missing);
    expect((await bob.delete(`/api/file_upload/${id}`)).body).toEqual(missing);
    expect((await alice.get('/api/file_upload/999999')).body).toEqual(missing);
    expect((await alice.get('/api/file_upload/abc')).body).toEqual(missing);
    expect(stored(url)).toBe(true);

    const removed = await alice.delete(`/api/file_upload/${id}`);
    expect(removed.body).toEqual({ success: true, message: '文件已删除', data: true });
    expect(stored(url)).toBe(false);
    expect((await alice.get(`/api/file_upload/${id}`)).body).toEqual(missing);
    expect((await t.db.query('SELECT count(*)::int AS n FROM user_file_uploads WHERE key = $1', [url.replace('/uploads/', '')]))[0].n).toBe(0);
    expect((await alice.delete(`/api/file_upload/${id}`)).body).toEqual(missing);
  });

  it('keeps the files of a deleted project, without its name', async () => {
    const app = await project(alice, '将删除');
    const url = await upload(alice, TXT, 'kept.txt');
    const id = (await register(alice, { file_url: url, app_id: app })).body.data.id as number;
    expect((await alice.get(`/api/file_upload/${id}`)).body.data.app_name).toBe('将删除');
    expect((await alice.delete(`/api/apps/${app}`)).body.success).toBe(true);
    expect((await alice.get(`/api/file_upload/${id}`)).body.data).toMatchObject({ app_id: app, app_name: '', url });
  });

  it('keeps an object another record of the user still uses', async () => {
    const url = await upload(alice, CSV, 'shared.csv');
    const one = (await register(alice, { file_url: url, app_id: await project(alice, '甲') })).body.data.id as number;
    const two = (await register(alice, { file_url: url, app_id: await project(alice, '乙') })).body.data.id as number;
    expect((await alice.delete(`/api/file_upload/${one}`)).body.success).toBe(true);
    expect(stored(url)).toBe(true);
    expect((await alice.get(`/api/file_upload/${two}`)).body.data.url).toBe(url);
    expect((await alice.delete(`/api/file_upload/${two}`)).body.success).toBe(true);
    expect(stored(url)).toBe(false);
  });
});
