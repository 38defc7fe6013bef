import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataset, jsonl, qaRows, waitForImport } from '../../../test/data-import-kit';
import { type EmbeddedApp, startEmbeddedApp } from '../../../test/embedded-app';


/** The embedded default (DESIGN.md §3): PGlite and in-process jobs run the same import. */
describe('dataset imports on the embedded database (integration)', () => {
  let embedded: EmbeddedApp;
  let db: DataSource;
  let root: TestAgent;

  beforeAll(async () => {
    embedded = await startEmbeddedApp('import');
    db = embedded.db;
    root = await embedded.signInRoot();
  }, 120_000);
  afterAll(async () => embedded?.close());

  const counts = async (datasetId: number) => {
    const [dataset] = await db.query('SELECT data_num::int, data_size::int FROM data_library_info WHERE id = $1', [datasetId]);
    const [stored] = await db.query('SELECT count(*)::int AS data_num, coalesce(sum(octet_length(body)), 0)::int AS data_size FROM data_library_source WHERE belong_id = $1', [datasetId]);
    return { dataset, stored };
  };

  it('imports a JSONL file in batches, skipping a bad line', async () => {
    const id = await createDataset(db, { options: 'array', meta: 'object' });
    const rows = qaRows(4500);
    const lines = jsonl(rows).split('\n');
    lines.splice(10, 0, '{not json');
    const reply = await root.post(`/api/data_library/${id}/import?mode=skip`).attach('file', Buffer.from(lines.join('\n')), 'qa.jsonl');
    expect(reply.body.success, reply.body.message).toBe(true);
    const view = await waitForImport(root, reply.body.data.id);
    expect(view).toMatchObject({ status: 'done', rows_done: 4500, rows_failed: 1, errors: [{ row: 11, message: 'JSON 格式错误' }] });
    const { dataset, stored } = await counts(id);
    expect(stored.data_num).toBe(4500);
    expect(dataset).toEqual(stored);
    const page = await root.get('/api/data_library_info/source').query({ belong_id: id, page: 3, page_size: 10 });
    expect(JSON.parse(page.body.data.list[0].body)).toEqual(rows[20]);
  });

  it('rolls back an import that fails after writing batches', async () => {
    const id = await createDataset(db, { options: 'array' });
    const rows: unknown[] = qaRows(4500);
    rows.push({ options: 'not an array' });
    const reply = await root.post(`/api/data_library/${id}/import`).attach('file', Buffer.from(jsonl(rows)), 'qa.jsonl');
    const view = await waitForImport(root, reply.body.data.id);
    expect(view).toMatchObject({ status: 'failed', rows_done: 0, message: '第 4501 行：字段 options 应为数组，已回滚，未导入任何数据' });
    expect(await counts(id)).toEqual({ dataset: { data_num: 0, data_size: 0 }, stored: { data_num: 0, data_size: 0 } });
  });
});
