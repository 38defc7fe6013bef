import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COVER_MAX_BYTES } from '@gw/shared';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';
import { sampleAssetsDir } from './samples/sample-assets';

const PNG = readFileSync(join(sampleAssetsDir(), 'circle.png'));
const NOT_FOUND = { success: false, message: '数据集不存在', data: null };

const VALID = {
  name: '  新数据集  ',
  description: '用于测试的数据集',
  tag: '测试',
  data_type: '数学,问答,数学',
  data_format: '{ "options": "array", "meta": "object" }',
  image_field: 'image, image ,pic',
  readme: JSON.stringify({ title: '说明', fields: [{ name: 'question', description: '问题', subfields: [{ name: 'a', description: 'b' }] }] }),
  factory: '测试提供方',
};

/** Root's writes to the data market: create, edit, delete, covers; refused for everyone else. */
describe('data market writes (integration)', () => {
  let t: TestApp;
  let root: TestAgent;
  let admin: TestAgent;
  let user: TestAgent;

  const datasets = () => t.db.query('SELECT * FROM data_library_info ORDER BY id');
  const coverFiles = () => {
    const dir = join(t.config.dataDir, 'uploads', 'covers');
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const create = async (fields: Record<string, unknown> = {}): Promise<number> => {
    const reply = await root.post('/api/data_library/').send({ ...VALID, ...fields });
    expect(reply.body.success, reply.body.message).toBe(true);
    return reply.body.data.id as number;
  };

  beforeAll(async () => {
    t = await startTestApp();
    root = (await t.login('root', ROOT_PASSWORD)).agent;
    const promoted = await t.signUp('market-admin');
    await t.db.query('UPDATE users SET role = 10 WHERE id = $1', [promoted.userId]);
    admin = promoted.agent;
    user = (await t.signUp('market-user')).agent;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses every write to administrators and users (403) and guests (401), changing nothing', async () => {
    const id = await create();
    const before = await datasets();
    const attempts: Array<[string, (agent: TestAgent) => Promise<{ status: number }>]> = [
      ['create', (agent) => agent.post('/api/data_library/').send(VALID)],
      ['edit', (agent) => agent.put(`/api/data_library/${id}`).send({ name: '改名' })],
      ['delete', (agent) => agent.delete(`/api/data_library/${id}`)],
      ['cover', (agent) => agent.post('/api/data_library/upload_cover_page').attach('file', PNG, 'a.png')],
    ];
    for (const [what, attempt] of attempts) {
      expect((await attempt(admin)).status, `${what} by an administrator`).toBe(403);
      expect((await attempt(user)).status, `${what} by a user`).toBe(403);
      expect((await attempt(t.http())).status, `${what} by a guest`).toBe(401);
    }
    expect(await datasets()).toEqual(before);
    expect(coverFiles()).toEqual([]);
  });

  it('creates an empty dataset with normalized fields; counts and times are the server’s', async () => {
    const reply = await root.post('/api/data_library/').send({ ...VALID, data_num: 999, data_size: 5, data_update_time: 1, created_at: 1, cloud_path: 'https://elsewhere/' });
    expect(reply.body).toMatchObject({
      success: true,
      data: {
        name: '新数据集',
        title: '新数据集',
        data_type: '问答,数学',
        data_format: '{"options":"array","meta":"object"}',
        image_field: 'image,pic',
        readme: VALID.readme,
        tag: '测试',
        factory: '测试提供方',
        cover_page: '',
        cloud_path: '',
        data_num: 0,
        data_size: 0,
      },
    });
    const now = Math.floor(Date.now() / 1000);
    expect(Math.abs(reply.body.data.data_update_time - now)).toBeLessThanOrEqual(5);
    expect(reply.body.data.created_at).toBe(reply.body.data.data_update_time);
    expect((await t.http().get(`/api/data_library_info/${reply.body.data.id}`)).body.data).toEqual(reply.body.data);
    // A plain-text readme, and only name and type given.
    const minimal = await root.post('/api/data_library/').send({ name: '最少字段', data_type: '代码', readme: '这是一段说明 {不是 JSON' });
    expect(minimal.body.data).toMatchObject({ data_format: '{}', readme: '这是一段说明 {不是 JSON', description: '', tag: '' });
  });

  it('refuses invalid fields with a Chinese message and changes nothing', async () => {
    const id = await create();
    const deep = JSON.parse('{"a":'.repeat(200) + '1' + '}'.repeat(200));
    const readme = (doc: unknown) => JSON.stringify(doc);
    const level = (depth: number): unknown => ({ name: `f${depth}`, description: '', ...(depth < 4 ? { subfields: [level(depth + 1)] } : {}) });
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ name: '' }, '请输入数据集名称'],
      [{ name: '   ' }, '请输入数据集名称'],
      [{ name: 12 }, '请输入数据集名称'],
      [{ name: 'x'.repeat(101) }, '数据集名称不能超过 100 个字符'],
      [{ description: ['数组'] }, '描述必须是字符串'],
      [{ description: 'x'.repeat(2001) }, '描述不能超过 2000 个字符'],
      [{ tag: 'x'.repeat(201) }, '标签不能超过 200 个字符'],
      [{ factory: 'x'.repeat(101) }, '提供方不能超过 100 个字符'],
      [{ data_type: '' }, '请选择数据类型'],
      [{ data_type: ' , ' }, '请选择数据类型'],
      [{ data_type: 7 }, '请选择数据类型'],
      [{ data_type: '问答,图片' }, /^未知的数据类型：图片/],
      [{ data_format: '[]' }, /^数据格式必须是 JSON 对象/],
      [{ data_format: '{"a":' }, /^数据格式必须是 JSON 对象/],
      [{ data_format: '{"options":"list"}' }, /^数据格式中字段 options 的类型无效/],
      [{ data_format: '{"":"array"}' }, '数据格式：字段名不能为空'],
      [{ data_format: '{"a\\u0000b":"array"}' }, '数据格式：字段名不能包含空字符'],
      [{ data_format: JSON.stringify(Object.fromEntries(Array.from({ length: 201 }, (_, n) => [`f${n}`, 'string']))) }, '数据格式最多 200 个字段'],
      [{ readme: readme({ fields: [] }) }, '说明文档 JSON 缺少 title（标题）'],
      [{ readme: readme({ title: '说明' }) }, '说明文档 JSON 缺少 fields（字段说明列表）'],
      [{ readme: readme({ title: '说明', fields: [{ description: '无名' }] }) }, '说明文档的 fields[0] 缺少 name（字段名）'],
      [{ readme: readme({ title: '说明', fields: [{ name: 'a', description: '', subfields: [{ name: 'b' }] }] }) }, '说明文档的 fields[0].subfields[0] 缺少 description（字段说明）'],
      [{ readme: readme({ title: '说明', fields: [level(1)] }) }, '说明文档的字段最多嵌套 3 层'],
      [{ readme: 'x'.repeat(20001) }, '说明文档不能超过 20000 个字符'],
      [{ image_field: 'a,,' + 'x'.repeat(101) }, '图片字段：字段名不能超过 100 个字符'],
      [{ cover_page: 'javascript:alert(1)' }, '封面地址无效，请先上传封面图片'],
      [{ cover_page: 'https://evil.example/a.png' }, '封面地址无效，请先上传封面图片'],
      [{ cover_page: '/uploads/../api/user/self' }, '封面地址无效，请先上传封面图片'],
      [{ cover_page: '/uploads/covers/a.png" onerror="x' }, '封面地址无效，请先上传封面图片'],
      [{ cover_page: '//evil.example/uploads/a.png' }, '封面地址无效，请先上传封面图片'],
    ];
    const before = await datasets();
    for (const [fields, message] of cases) {
      for (const reply of [await root.put(`/api/data_library/${id}`).send(fields), await root.post('/api/data_library/').send({ ...VALID, ...fields })]) {
        expect(reply.status, JSON.stringify(fields).slice(0, 80)).toBe(200);
        expect(reply.body.success, JSON.stringify(fields).slice(0, 80)).toBe(false);
        expect(reply.body.message).toMatch(typeof message === 'string' ? new RegExp(`^${message.replace(/[()（）[\].]/g, '\\$&')}$`) : message);
      }
    }
    // Refused before any route by the input guard: a NUL character, a body nested too deep.
    for (const fields of [{ name: 'a\u0000b' }, { readme: 'a\u0000' }, { tag: deep }]) {
      const reply = await root.put(`/api/data_library/${id}`).send(fields);
      expect(reply.status).toBe(400);
      expect(reply.body.success).toBe(false);
    }
    expect(await datasets()).toEqual(before);
  });

  it('edits the fields sent, keeps the others and marks the dataset changed', async () => {
    const id = await create();
    await t.db.query('UPDATE data_library_info SET data_update_time = 100, data_num = 4, data_size = 40 WHERE id = $1', [id]);
    const reply = await root.put(`/api/data_library/${id}`).send({ name: '改过的名字', data_type: '对话', data_num: 0, description: '' });
    expect(reply.body).toMatchObject({ success: true, data: { id, name: '改过的名字', title: '改过的名字', data_type: '对话', description: '', tag: '测试', factory: '测试提供方', data_num: 4, data_size: 40 } });
    const [row] = await t.db.query('SELECT * FROM data_library_info WHERE id = $1', [id]);
    expect(row).toMatchObject({ name: '改过的名字', data_type: '对话', description: '', readme: VALID.readme, data_num: '4' });
    expect(Number(row.data_update_time)).toBeGreaterThan(100);
    expect((await root.put(`/api/data_library/${id + 1000}`).send({ name: 'x' })).body).toEqual(NOT_FOUND);
    expect((await root.put('/api/data_library/abc').send({ name: 'x' })).body).toEqual(NOT_FOUND);
  });

  it('deletes a dataset with its records and imports', async () => {
    const id = await create();
    const keep = await create();
    const [{ id: importId }] = await t.db.query(
      `INSERT INTO data_imports (dataset_id, user_id, file_name, file_key, format, mode, status, created_at) VALUES ($1, 1, 'a.csv', 'imports/a.csv', 'csv', 'skip', 'done', 1) RETURNING id`,
      [id],
    );
    await t.db.query(`INSERT INTO data_library_source (belong_id, import_id, body) SELECT $1, CASE WHEN n % 2 = 0 THEN $2::int END, '{}' FROM generate_series(1, 10) n`, [id, importId]);
    await t.db.query(`INSERT INTO data_library_source (belong_id, body) VALUES ($1, '{}')`, [keep]);
    expect((await root.delete(`/api/data_library/${id}`)).body).toEqual({ success: true, message: '', data: true });
    expect(await t.db.query('SELECT id FROM data_library_info WHERE id = $1', [id])).toEqual([]);
    expect(await t.db.query('SELECT count(*)::int AS n FROM data_library_source WHERE belong_id = $1', [id])).toEqual([{ n: 0 }]);
    expect(await t.db.query('SELECT id FROM data_imports WHERE dataset_id = $1', [id])).toEqual([]);
    expect(await t.db.query('SELECT count(*)::int AS n FROM data_library_source WHERE belong_id = $1', [keep])).toEqual([{ n: 1 }]);
    expect((await root.delete(`/api/data_library/${id}`)).body).toEqual(NOT_FOUND);
    expect((await t.http().get(`/api/data_library_info/${id}`)).body).toEqual(NOT_FOUND);
  });

  describe('covers', () => {
    it('stores a PNG, serves it back as image/png, and shows it once PUT as cover_page', async () => {
      const id = await create();
      const upload = await root.post('/api/data_library/upload_cover_page').attach('file', PNG, { filename: '封面.png', contentType: 'application/octet-stream' });
      expect(upload.body.success, upload.body.message).toBe(true);
      const url = upload.body.data.oss_url as string;
      expect(url).toMatch(/^\/uploads\/covers\/[0-9a-f]{32}\.png$/);
      const served = await t.http().get(url);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
      const saved = await root.put(`/api/data_library/${id}`).send({ cover_page: url });
      expect(saved.body).toMatchObject({ success: true, data: { cover_page: url } });
      expect((await t.http().get(`/api/data_library_info/${id}`)).body.data.cover_page).toBe(url);

      // Replaced and deleted: a cover no dataset shows any more leaves storage.
      const next = (await root.post('/api/data_library/upload_cover_page').attach('file', PNG, 'b.png')).body.data.oss_url as string;
      expect((await root.put(`/api/data_library/${id}`).send({ cover_page: next })).body.success).toBe(true);
      expect((await t.http().get(url)).status).toBe(404);
      expect((await root.delete(`/api/data_library/${id}`)).body.data).toBe(true);
      expect((await t.http().get(next)).status).toBe(404);
      // The sample pictures are shared and stay.
      expect((await t.http().get('/uploads/samples/circle.png')).status).toBe(200);
    });

    it('refuses HTML named .png and a file over 5 MB, keeping nothing', async () => {
      const before = coverFiles();
      const html = await root.post('/api/data_library/upload_cover_page').attach('file', Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), { filename: 'cover.png', contentType: 'image/png' });
      expect(html.body).toMatchObject({ success: false, data: null });
      expect(html.body.message).toMatch(/^不支持的文件类型/);
      const big = Buffer.concat([PNG, Buffer.alloc(COVER_MAX_BYTES)]);
      const large = await root.post('/api/data_library/upload_cover_page').attach('file', big, 'big.png');
      expect(large.body).toMatchObject({ success: false, message: '文件过大，最大 5 MB' });
      const none = await root.post('/api/data_library/upload_cover_page').field('name', 'x');
      expect(none.body).toMatchObject({ success: false, message: '请选择要上传的文件' });
      expect(coverFiles()).toEqual(before);
      // The temporary files of the refused uploads are gone too.
      expect(readdirSync(join(t.config.dataDir, 'uploads', 'covers')).filter((name) => name.startsWith('.'))).toEqual([]);
    });
  });
});
