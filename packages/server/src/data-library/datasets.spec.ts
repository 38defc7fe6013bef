import { DATA_GUEST_ROWS, type DatasetView } from '@gw/shared';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestApp } from '../../test/test-app';

const NOT_FOUND = { success: false, message: '数据集不存在', data: null };

/** The data market's public reads: the list with its filters and paging, one dataset, its records. */
describe('data market reads (integration)', () => {
  let t: TestApp;
  let guest: TestAgent;

  /** A dataset row written directly, with the given change time (unix seconds). */
  const insertDataset = async (fields: { name: string; data_type?: string; description?: string; data_update_time?: number; data_num?: number; cloud_path?: string }): Promise<number> => {
    const [{ id }] = await t.db.query(
      `INSERT INTO data_library_info (name, description, data_type, data_num, cloud_path, data_update_time, created_at) VALUES ($1, $2, $3, $4, $5, $6, 1000) RETURNING id`,
      [fields.name, fields.description ?? '', fields.data_type ?? '问答', fields.data_num ?? 0, fields.cloud_path ?? '', fields.data_update_time ?? 2000],
    );
    return id as number;
  };

  const list = async (query: Record<string, string | number>) => {
    const reply = await guest.get('/api/data_library_info/').query(query);
    expect(reply.status).toBe(200);
    return reply.body as { success: boolean; message: string; data: { list: DatasetView[]; total: number; page: number; page_size: number } };
  };
  const names = async (query: Record<string, string | number>) => (await list(query)).data.list.map((dataset) => dataset.name);

  beforeAll(async () => {
    t = await startTestApp();
    guest = t.http();
    // The samples are samples.spec.ts's business; these tests start from an empty market.
    await t.db.query('DELETE FROM data_library_info');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('the list', () => {
    beforeAll(async () => {
      // d01..d12: d12 changed last; d05 and d06 share a change time, so the higher id comes first.
      for (let n = 1; n <= 12; n++) {
        const time = n === 6 ? 2005 : 2000 + n;
        await insertDataset({ name: `d${String(n).padStart(2, '0')}`, data_update_time: time });
      }
    });

    it('pages from 1, nine a page by default, newest change first then newest id', async () => {
      const first = await list({});
      expect(first.success).toBe(true);
      expect(first.data).toMatchObject({ total: 12, page: 1, page_size: 9 });
      expect(first.data.list.map((dataset) => dataset.name)).toEqual(['d12', 'd11', 'd10', 'd09', 'd08', 'd07', 'd06', 'd05', 'd04']);
      expect(await names({ page: 2 })).toEqual(['d03', 'd02', 'd01']);
      expect(await names({ page: 3 })).toEqual([]);
      expect(await names({ page: 2, page_size: 5 })).toEqual(['d07', 'd06', 'd05', 'd04', 'd03']);
      expect((await list({ page: 3, page_size: 5 })).data).toMatchObject({ total: 12, page: 3, page_size: 5 });
      expect(await names({ page: 1, page_size: 100 })).toHaveLength(12);
    });

    it('refuses a page below 1 and a page size outside 1..100, with the reason', async () => {
      expect(await list({ page: 0 })).toEqual({ success: false, message: '页码不能小于 1', data: null });
      expect(await list({ page: 'x' })).toEqual({ success: false, message: '页码必须是整数', data: null });
      expect(await list({ page_size: 0 })).toMatchObject({ success: false, message: '每页条数必须在 1 到 100 之间' });
      expect(await list({ page_size: 101 })).toMatchObject({ success: false, message: '每页条数必须在 1 到 100 之间' });
    });
  });

  describe('filters', () => {
    beforeAll(async () => {
      await t.db.query('DELETE FROM data_library_info');
      await insertDataset({ name: '常识问答', data_type: '问答', description: '生活常识' });
      await insertDataset({ name: '数学选择', data_type: '选择题,数学', description: '小学数学' });
      await insertDataset({ name: '代码片段', data_type: '代码', description: 'Python 与 SQL' });
      await insertDataset({ name: '图文', data_type: '问答,多模态', description: '看图回答' });
      await insertDataset({ name: '准确率', data_type: '通用文本', description: '准确率 100% 的标注' });
      await insertDataset({ name: '准确率对照', data_type: '通用文本', description: '准确率 1000 条' });
      await insertDataset({ name: 'snake', data_type: '代码', description: 'uses a_b names' });
      await insertDataset({ name: 'camel', data_type: '代码', description: 'uses aXb names' });
    });

    it('matches any of the types asked, never a part of a type', async () => {
      expect((await names({ data_type: '数学,代码' })).sort()).toEqual(['camel', 'snake', '代码片段', '数学选择'].sort());
      expect((await names({ data_type: '问答' })).sort()).toEqual(['图文', '常识问答'].sort());
      expect(await names({ data_type: '多模态' })).toEqual(['图文']);
      // "文本" is in "通用文本" but is no type of it.
      expect(await names({ data_type: '文本' })).toEqual([]);
      expect((await list({ data_type: '数学,代码' })).data.total).toBe(4);
    });

    it('searches the name and the description, case-insensitively, with % and _ taken literally', async () => {
      expect(await names({ description: '选择' })).toEqual(['数学选择']);
      expect(await names({ description: '看图' })).toEqual(['图文']);
      expect(await names({ description: 'python' })).toEqual(['代码片段']);
      expect(await names({ description: '100%' })).toEqual(['准确率']);
      expect(await names({ description: 'a_b' })).toEqual(['snake']);
      expect((await names({ description: '  准确率 ' })).sort()).toEqual(['准确率', '准确率对照'].sort());
      expect(await names({ description: '%' })).toEqual(['准确率']);
      expect(await names({ description: '代码', data_type: '代码' })).toEqual(['代码片段']);
    });
  });

  describe('one dataset', () => {
    it('answers the dataset with title = name; an unknown or malformed id is 数据集不存在', async () => {
      const id = await insertDataset({ name: '单个数据集', data_type: '对话', description: '说明', data_num: 7 });
      const reply = await guest.get(`/api/data_library_info/${id}`);
      expect(reply.body).toMatchObject({ success: true, data: { id, name: '单个数据集', title: '单个数据集', data_type: '对话', data_num: 7, data_update_time: 2000, created_at: 1000 } });
      expect(Object.keys(reply.body.data).sort()).toEqual(
        ['cloud_path', 'cover_page', 'created_at', 'data_format', 'data_num', 'data_size', 'data_type', 'data_update_time', 'description', 'factory', 'id', 'image_field', 'name', 'readme', 'tag', 'title'].sort(),
      );
      expect((await guest.get(`/api/data_library_info/${id + 1000}`)).body).toEqual(NOT_FOUND);
      expect((await guest.get('/api/data_library_info/abc')).body).toEqual(NOT_FOUND);
    });
  });

  describe('records', () => {
    let datasetId: number;
    let doneIds: number[];

    /** Rows of an import in the given status, inserted as the import job would. */
    const insertImport = async (status: string, rows: number): Promise<number[]> => {
      const [{ id: importId }] = await t.db.query(
        `INSERT INTO data_imports (dataset_id, user_id, file_name, file_key, format, mode, status, created_at) VALUES ($1, 1, 'a.jsonl', 'imports/a.jsonl', 'jsonl', 'skip', $2, 1) RETURNING id`,
        [datasetId, status],
      );
      const inserted: Array<{ id: string }> = await t.db.query(
        `INSERT INTO data_library_source (belong_id, import_id, body) SELECT $1, $2, json_build_object('n', n, 'status', $3::text)::text FROM generate_series(1, $4) n RETURNING id`,
        [datasetId, importId, status, rows],
      );
      return inserted.map((row) => Number(row.id));
    };

    const page = (agent: TestAgent, query: Record<string, number>) => agent.get('/api/data_library_info/source').query({ belong_id: datasetId, ...query });

    beforeAll(async () => {
      // 30 shipped records, then a running import's 5 (invisible), a done import's 3 (visible), a failed import's 2.
      datasetId = await insertDataset({ name: '记录分页', data_num: 33, cloud_path: '/uploads/samples/' });
      await t.db.query(`INSERT INTO data_library_source (belong_id, body, tag) SELECT $1, json_build_object('n', n)::text, 't' FROM generate_series(1, 30) n`, [datasetId]);
      await insertImport('running', 5);
      doneIds = await insertImport('done', 3);
      await insertImport('failed', 2);
    });

    it('pages the visible records in id order, each with the dataset cloud_path', async () => {
      const first = await page(guest, { page: 1, page_size: 4 });
      expect(first.body.success).toBe(true);
      expect(first.body.data).toMatchObject({ total: 33, page: 1, page_size: 4 });
      expect(first.body.data.list).toHaveLength(4);
      expect(first.body.data.list[0]).toEqual({ id: expect.any(Number), body: '{"n" : 1}', cloud_path: '/uploads/samples/', tag: 't' });
      const ids = first.body.data.list.map((row: { id: number }) => row.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const second = await page(guest, { page: 2, page_size: 4 });
      expect(second.body.data.list.map((row: { body: string }) => JSON.parse(row.body).n)).toEqual([5, 6, 7, 8]);
    });

    it(`lets a guest read the first ${DATA_GUEST_ROWS} records and nothing beyond (HTTP 401)`, async () => {
      expect((await page(guest, { page: 2, page_size: 10 })).body.data.list).toHaveLength(10);
      expect((await page(guest, { page: 5, page_size: 4 })).body.data.list).toHaveLength(4);
      for (const query of [
        { page: 3, page_size: 10 },
        { page: 1, page_size: 21 },
        { page: 6, page_size: 4 },
      ]) {
        const reply = await page(guest, query);
        expect(reply.status).toBe(401);
        expect(reply.body).toMatchObject({ success: false, message: '请登录后查看更多数据' });
      }
      // A forged or expired session is no session.
      const forged = await guest.get('/api/data_library_info/source').set('Cookie', 'session=s%3Aforged.sig').query({ belong_id: datasetId, page: 3, page_size: 10 });
      expect(forged.status).toBe(401);
    });

    it('lets a signed-in user read every visible record; rows of an import not done never show', async () => {
      const { agent } = await t.signUp('reader');
      const all = await page(agent, { page: 1, page_size: 100 });
      expect(all.body.data.total).toBe(33);
      const rows: Array<{ id: number; body: string }> = all.body.data.list;
      expect(rows).toHaveLength(33);
      expect(rows.slice(30).map((row) => row.id)).toEqual(doneIds);
      expect(rows.every((row) => !/running|failed/.test(row.body))).toBe(true);
      const last = await page(agent, { page: 4, page_size: 10 });
      expect(last.body.data.list.map((row: { id: number }) => row.id)).toEqual(doneIds);
      expect((await page(agent, { page: 5, page_size: 10 })).body.data.list).toEqual([]);
    });

    it('answers 数据集不存在 for an unknown dataset, and refuses page sizes beyond the maximum', async () => {
      expect((await guest.get('/api/data_library_info/source').query({ belong_id: datasetId + 1000 })).body).toEqual(NOT_FOUND);
      expect((await guest.get('/api/data_library_info/source').query({ belong_id: 'x' })).body).toEqual(NOT_FOUND);
      expect((await guest.get('/api/data_library_info/source')).body).toEqual(NOT_FOUND);
      expect((await page(guest, { page_size: 101 })).body).toMatchObject({ success: false, message: '每页条数必须在 1 到 100 之间' });
    });
  });
});
