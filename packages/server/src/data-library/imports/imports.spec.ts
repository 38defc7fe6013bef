import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { createDataset, jsonl, qaParquet, qaRows, waitForImport, waitForImportState } from '../../../test/data-import-kit';
import { ROOT_PASSWORD, startTestApp, type TestApp } from '../../../test/test-app';
import { JobsService } from '../../jobs/jobs.service';
import { StorageService } from '../../storage/storage.service';
import { DATASET_IMPORT_JOB } from './import.job';
import { MSG_IMPORT_INTERNAL_ERROR } from './import-messages';

const QA_FORMAT = { question: 'string', answer: 'string', options: 'array', meta: 'object' };

describe('dataset imports (integration)', () => {
  let t: TestApp;
  let root: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    root = (await t.login('root', ROOT_PASSWORD)).agent;
  });
  afterAll(() => t?.close());

  const upload = (datasetId: number, file: Buffer | string, fileName: string, query: Record<string, string> = {}) =>
    root.post(`/api/data_library/${datasetId}/import`).query(query).attach('file', Buffer.from(file), fileName);

  /** Uploads and waits for the job to finish. */
  async function importFile(datasetId: number, file: Buffer | string, fileName: string, query: Record<string, string> = {}) {
    const reply = await upload(datasetId, file, fileName, query);
    expect(reply.body.success, reply.body.message).toBe(true);
    expect(reply.body.data).toMatchObject({ dataset_id: datasetId, file_name: fileName, status: 'queued', bytes_total: Buffer.byteLength(file) });
    return waitForImport(root, reply.body.data.id);
  }

  /** The records the market shows (its public API, signed in to read past the guest rows), in order. */
  async function visibleBodies(datasetId: number): Promise<unknown[]> {
    const reply = await root.get('/api/data_library_info/source').query({ belong_id: datasetId, page: 1, page_size: 100 });
    expect(reply.body.success, reply.body.message).toBe(true);
    return reply.body.data.list.map((row: { body: string }) => JSON.parse(row.body));
  }

  async function datasetCounts(datasetId: number): Promise<{ data_num: number; data_size: number }> {
    const reply = await t.http().get(`/api/data_library_info/${datasetId}`);
    return { data_num: reply.body.data.data_num, data_size: reply.body.data.data_size };
  }

  /** data_size as the import must count it: the bytes of the stored bodies. */
  async function storedCounts(datasetId: number) {
    const [row] = await t.db.query(`SELECT count(*)::int AS data_num, coalesce(sum(octet_length(body)), 0)::int AS data_size FROM data_library_source WHERE belong_id = $1`, [datasetId]);
    return row as { data_num: number; data_size: number };
  }

  const importFiles = () => {
    try {
      return readdirSync(join(t.config.dataDir, 'uploads', 'imports')).filter((name) => !name.startsWith('.'));
    } catch {
      return [];
    }
  };

  describe('each format', () => {
    const rows = qaRows(5);

    it('imports JSONL (format from the file name), counts exact, the uploaded file removed', async () => {
      const id = await createDataset(t.db, QA_FORMAT);
      const file = jsonl(rows);
      const view = await importFile(id, file, '题库.jsonl');
      expect(view).toMatchObject({ status: 'done', format: 'jsonl', mode: 'rollback', rows_done: 5, rows_failed: 0, errors: [], bytes_read: Buffer.byteLength(file), message: '' });
      expect(view.started_at).toBeGreaterThan(0);
      expect(view.finished_at).toBeGreaterThanOrEqual(view.started_at);
      expect(await visibleBodies(id)).toEqual(rows);
      const counts = await storedCounts(id);
      expect(counts.data_num).toBe(5);
      expect(await datasetCounts(id)).toEqual(counts);
      expect(importFiles()).toEqual([]);
    });

    it('imports a JSON array', async () => {
      const id = await createDataset(t.db, QA_FORMAT);
      const view = await importFile(id, JSON.stringify(rows, null, 2), 'qa.json', { format: 'json' });
      expect(view).toMatchObject({ status: 'done', format: 'json', rows_done: 5 });
      expect(await visibleBodies(id)).toEqual(rows);
      expect(await datasetCounts(id)).toEqual(await storedCounts(id));
    });

    it('imports CSV, with JSON text in the array and object columns', async () => {
      const id = await createDataset(t.db, QA_FORMAT);
      const cell = (value: unknown) => `"${String(typeof value === 'string' ? value : JSON.stringify(value)).replace(/"/g, '""')}"`;
      const csv = ['id,question,answer,options,meta', ...rows.map((row) => [row.id, row.question, row.answer, row.options, row.meta].map(cell).join(','))].join('\r\n');
      const view = await importFile(id, `\uFEFF${csv}\r\n`, 'qa.csv');
      expect(view).toMatchObject({ status: 'done', format: 'csv', rows_done: 5 });
      // CSV cells are text: the id comes back as a string.
      expect(await visibleBodies(id)).toEqual(rows.map((row) => ({ ...row, id: String(row.id) })));
      expect(await datasetCounts(id)).toEqual(await storedCounts(id));
    });

    it('imports Parquet, row group by row group', async () => {
      const id = await createDataset(t.db, QA_FORMAT);
      const view = await importFile(id, qaParquet(5), 'qa.parquet');
      expect(view).toMatchObject({ status: 'done', format: 'parquet', rows_done: 5 });
      expect(view.bytes_read).toBeGreaterThan(0);
      expect(view.bytes_read).toBeLessThanOrEqual(view.bytes_total);
      expect(await visibleBodies(id)).toEqual(rows);
      expect(await datasetCounts(id)).toEqual(await storedCounts(id));
    });

    it('adds to the records already there and lists the imports newest first', async () => {
      const id = await createDataset(t.db, QA_FORMAT);
      await importFile(id, jsonl(rows.slice(0, 2)), 'a.jsonl');
      await importFile(id, jsonl(rows.slice(2)), 'b.jsonl');
      expect(await visibleBodies(id)).toEqual(rows);
      expect(await datasetCounts(id)).toEqual(await storedCounts(id));
      const list = await root.get(`/api/data_library/${id}/imports`);
      expect(list.body.data.map((view: { file_name: string }) => view.file_name)).toEqual(['b.jsonl', 'a.jsonl']);
    });
  });

  describe('malformed files', () => {
    const good = qaRows(4);
    const badJsonl = [JSON.stringify(good[0]), JSON.stringify(good[1]), '{"question": "缺引号}', JSON.stringify(good[2]), '', JSON.stringify(good[3]), '[1,2]'].join('\n');

    it('skip mode: a bad JSON line is reported with its line number, the good lines imported', async () => {
      const id = await createDataset(t.db, QA_FORMAT);
      const view = await importFile(id, badJsonl, 'bad.jsonl', { mode: 'skip' });
      expect(view).toMatchObject({
        status: 'done',
        rows_done: 4,
        rows_failed: 2,
        errors: [
          { row: 3, message: 'JSON 格式错误' },
          { row: 7, message: '不是 JSON 对象' },
        ],
      });
      expect(await visibleBodies(id)).toEqual(good);
      expect(await datasetCounts(id)).toEqual({ data_num: 4, data_size: (await storedCounts(id)).data_size });
    });

    it('rollback mode: the first bad line fails the import and nothing is imported', async () => {
      const id = await createDataset(t.db, QA_FORMAT);
      const view = await importFile(id, badJsonl, 'bad.jsonl', { mode: 'rollback' });
      expect(view).toMatchObject({ status: 'failed', rows_done: 0, rows_failed: 1, errors: [{ row: 3, message: 'JSON 格式错误' }], message: '第 3 行：JSON 格式错误，已回滚，未导入任何数据' });
      expect(await visibleBodies(id)).toEqual([]);
      expect(await datasetCounts(id)).toEqual({ data_num: 0, data_size: 0 });
      expect(await storedCounts(id)).toEqual({ data_num: 0, data_size: 0 });
      expect(importFiles()).toEqual([]);
    });

    const badCsv = 'question,answer\n一,1\n二,2,多余\n三,3\n四\n';

    it('skip mode: a wrong CSV column count is reported with its line', async () => {
      const id = await createDataset(t.db, {});
      const view = await importFile(id, badCsv, 'bad.csv', { mode: 'skip' });
      expect(view).toMatchObject({
        status: 'done',
        rows_done: 2,
        rows_failed: 2,
        errors: [
          { row: 3, message: '列数为 3，应为 2' },
          { row: 5, message: '列数为 1，应为 2' },
        ],
      });
      expect(await visibleBodies(id)).toEqual([
        { question: '一', answer: '1' },
        { question: '三', answer: '3' },
      ]);
    });

    it('rollback mode: a wrong CSV column count fails the import', async () => {
      const id = await createDataset(t.db, {});
      const view = await importFile(id, badCsv, 'bad.csv', { mode: 'rollback' });
      expect(view).toMatchObject({ status: 'failed', message: '第 3 行：列数为 3，应为 2，已回滚，未导入任何数据' });
      expect(await storedCounts(id)).toEqual({ data_num: 0, data_size: 0 });
    });

    const wrongType = JSON.stringify([good[0], { ...good[1], options: '甲,乙' }, good[2], { ...good[3], meta: [1] }]);

    it('skip mode: a field of the wrong kind is reported with its record number', async () => {
      const id = await createDataset(t.db, QA_FORMAT);
      const view = await importFile(id, wrongType, 'typed.json', { mode: 'skip' });
      expect(view).toMatchObject({
        status: 'done',
        rows_done: 2,
        rows_failed: 2,
        errors: [
          { row: 2, message: '字段 options 应为数组' },
          { row: 4, message: '字段 meta 应为对象' },
        ],
      });
      expect(await visibleBodies(id)).toEqual([good[0], good[2]]);
      expect(await datasetCounts(id)).toEqual(await storedCounts(id));
    });

    it('rollback mode: a field of the wrong kind fails the import', async () => {
      const id = await createDataset(t.db, QA_FORMAT);
      const view = await importFile(id, wrongType, 'typed.json');
      expect(view).toMatchObject({ status: 'failed', message: '第 2 条记录：字段 options 应为数组，已回滚，未导入任何数据' });
      expect(await storedCounts(id)).toEqual({ data_num: 0, data_size: 0 });
    });

    it('a JSON array with a syntax error fails even in skip mode, nothing kept', async () => {
      const id = await createDataset(t.db, QA_FORMAT);
      const broken = `[${good.map((row) => JSON.stringify(row)).join(',')}, {"question": }]`;
      const view = await importFile(id, broken, 'broken.json', { mode: 'skip' });
      expect(view).toMatchObject({ status: 'failed', rows_done: 0, message: 'JSON 格式错误（第 5 条记录），文件无法继续读取，已回滚，未导入任何数据' });
      expect(await storedCounts(id)).toEqual({ data_num: 0, data_size: 0 });
    });

    it('a file that is not Parquet fails', async () => {
      const id = await createDataset(t.db, {});
      const view = await importFile(id, jsonl(good), 'fake.parquet');
      expect(view).toMatchObject({ status: 'failed', message: '不是有效的 Parquet 文件，已回滚，未导入任何数据' });
    });
  });

  describe('JSON nested deeper than the API allows (128 levels)', () => {
    const good = qaRows(3);
    /** {"a":{"a":…}} 100,000 levels deep: JSON.stringify of it overflows the stack. */
    const deepText = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const deepJsonl = [JSON.stringify(good[0]), `{"question":"深","meta":${deepText}}`, JSON.stringify(good[1]), JSON.stringify(good[2])].join('\n');

    it('skip mode: the deep line is reported with its line number, the good lines imported', async () => {
      const id = await createDataset(t.db, QA_FORMAT);
      const view = await importFile(id, deepJsonl, 'deep.jsonl', { mode: 'skip' });
      expect(view).toMatchObject({ status: 'done', rows_done: 3, rows_failed: 1, errors: [{ row: 2, message: 'JSON 嵌套超过 128 层' }], message: '' });
      expect(await visibleBodies(id)).toEqual(good);
      expect(await datasetCounts(id)).toEqual(await storedCounts(id));
    });

    it('rollback mode: the deep line fails the import and nothing is kept', async () => {
      const id = await createDataset(t.db, QA_FORMAT);
      const view = await importFile(id, deepJsonl, 'deep.jsonl', { mode: 'rollback' });
      expect(view).toMatchObject({ status: 'failed', rows_done: 0, rows_failed: 1, message: '第 2 行：JSON 嵌套超过 128 层，已回滚，未导入任何数据' });
      expect(await storedCounts(id)).toEqual({ data_num: 0, data_size: 0 });
      expect(await datasetCounts(id)).toEqual({ data_num: 0, data_size: 0 });
    });

    it('a JSON array element, a CSV cell and a Parquet JSON cell are each named by their record or line', async () => {
      const array = await createDataset(t.db, QA_FORMAT);
      const arrayText = `[${JSON.stringify(good[0])},{"meta":${deepText}},${JSON.stringify(good[1])}]`;
      expect(await importFile(array, arrayText, 'deep.json', { mode: 'skip' })).toMatchObject({ status: 'done', rows_done: 2, errors: [{ row: 2, message: 'JSON 嵌套超过 128 层' }] });

      const csv = await createDataset(t.db, { meta: 'object' });
      const csvText = `question,meta\n一,"{""level"":1}"\n二,"${deepText.replace(/"/g, '""')}"\n`;
      expect(await importFile(csv, csvText, 'deep.csv', { mode: 'rollback' })).toMatchObject({ status: 'failed', message: '第 3 行：JSON 嵌套超过 128 层，已回滚，未导入任何数据' });
      expect(await storedCounts(csv)).toEqual({ data_num: 0, data_size: 0 });

      // A Parquet writer cannot write 100,000 levels (it stringifies each value); 200 is past the limit all the same.
      const parquet = await createDataset(t.db, { meta: 'object' });
      const deepMeta = JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`);
      const file = Buffer.from(parquetWriteBuffer({ columnData: [{ name: 'meta', data: [{ level: 1 }, deepMeta], type: 'JSON' }] }));
      expect(await importFile(parquet, file, 'deep.parquet', { mode: 'skip' })).toMatchObject({ status: 'done', rows_done: 1, errors: [{ row: 2, message: 'JSON 嵌套超过 128 层' }] });
      expect(await visibleBodies(parquet)).toEqual([{ meta: { level: 1 } }]);
    });
  });

  describe('a failure of the server itself', () => {
    it("is reported in Chinese, the database's words left to the log", async () => {
      const id = await createDataset(t.db, QA_FORMAT);
      // The database refuses the batch (as it would on a full disk or a lost connection).
      await t.db.query(`ALTER TABLE data_library_source ADD CONSTRAINT import_refused CHECK (body NOT LIKE '%拒收%') NOT VALID`);
      try {
        const view = await importFile(id, jsonl([{ question: '拒收' }]), 'refused.jsonl', { mode: 'skip' });
        expect(view).toMatchObject({ status: 'failed', rows_done: 0, message: `${MSG_IMPORT_INTERNAL_ERROR}，已回滚，未导入任何数据` });
        expect(view.message).not.toMatch(/constraint|relation|data_library_source/);
      } finally {
        await t.db.query('ALTER TABLE data_library_source DROP CONSTRAINT import_refused');
      }
      expect(await storedCounts(id)).toEqual({ data_num: 0, data_size: 0 });
    });
  });

  describe('cancel', () => {
    it('cancels a running import (rows written so far deleted) and a queued one at once', async () => {
      const id = await createDataset(t.db, QA_FORMAT);
      // Big enough to take seconds: the cancel arrives while it runs.
      const big = Readable.from((function* () {
        for (let start = 0; start < 300_000; start += 1000) yield jsonl(qaRows(1000).map((row) => ({ ...row, id: start + row.id })));
      })());
      const chunks: Buffer[] = [];
      for await (const chunk of big) chunks.push(Buffer.from(chunk as string));
      const first = await upload(id, Buffer.concat(chunks), 'big.jsonl', { mode: 'skip' });
      const running = await waitForImportState(root, first.body.data.id, (view) => view.status === 'running' && view.rows_done > 0);
      expect(running.status).toBe('running');

      // One import at a time per process: the second waits behind the first and is cancelled at once.
      const second = await upload(id, jsonl(qaRows(3)), 'small.jsonl');
      const secondCancel = await root.post(`/api/data_library/imports/${second.body.data.id}/cancel`);
      expect(secondCancel.body.data).toMatchObject({ status: 'cancelled', cancel_requested: true, message: '导入已取消' });

      const firstCancel = await root.post(`/api/data_library/imports/${first.body.data.id}/cancel`);
      expect(firstCancel.body.data).toMatchObject({ status: 'running', cancel_requested: true });
      const ended = await waitForImport(root, first.body.data.id);
      expect(ended).toMatchObject({ status: 'cancelled', rows_done: 0 });
      expect(ended.message).toMatch(/^导入已取消，已写入的 \d+ 条记录已删除$/);
      expect(await storedCounts(id)).toEqual({ data_num: 0, data_size: 0 });
      expect(await datasetCounts(id)).toEqual({ data_num: 0, data_size: 0 });
      // The queued job, when its turn came, found the import cancelled and did nothing.
      expect((await waitForImport(root, second.body.data.id)).status).toBe('cancelled');
      expect(importFiles()).toEqual([]);
      // Cancelling a finished import changes nothing.
      expect((await root.post(`/api/data_library/imports/${first.body.data.id}/cancel`)).body.data).toMatchObject({ status: 'cancelled' });
    }, 120_000);
  });

  describe('a redelivered job', () => {
    it('of a running import deletes what the first run wrote and imports the file exactly once', async () => {
      const id = await createDataset(t.db, QA_FORMAT);
      const rows = qaRows(7);
      const stored = await t.app.get(StorageService).put(Readable.from([Buffer.from(jsonl(rows))]), { prefix: 'imports', maxBytes: 1 << 20, extension: 'jsonl' });
      const [{ id: importId }] = await t.db.query(
        `INSERT INTO data_imports (dataset_id, user_id, file_name, file_key, format, mode, status, bytes_total, rows_done, created_at, started_at)
         VALUES ($1, 1, 'crash.jsonl', $2, 'jsonl', 'rollback', 'running', $3, 3, 1, 1) RETURNING id`,
        [id, stored.key, stored.size],
      );
      // What the killed run had written: hidden while the import is not done.
      await t.db.query(`INSERT INTO data_library_source (belong_id, import_id, body) SELECT $1, $2, '{"stray":true}' FROM generate_series(1, 3)`, [id, importId]);
      expect(await visibleBodies(id)).toEqual([]);

      const jobs = t.app.get(JobsService);
      await jobs.run(DATASET_IMPORT_JOB, { importId });
      expect(await waitForImport(root, importId)).toMatchObject({ status: 'done', rows_done: 7 });
      expect(await visibleBodies(id)).toEqual(rows);
      expect(await datasetCounts(id)).toEqual(await storedCounts(id));

      // Delivered once more after it finished: nothing changes.
      await jobs.run(DATASET_IMPORT_JOB, { importId });
      expect((await datasetCounts(id)).data_num).toBe(7);
      expect((await storedCounts(id)).data_num).toBe(7);
    });
  });

  describe('refusals', () => {
    it('names an unknown dataset (keeping no file) and an unknown import', async () => {
      const reply = await upload(999_999, jsonl(qaRows(2)), 'x.jsonl');
      expect(reply.body).toMatchObject({ success: false, message: '数据集不存在' });
      expect(importFiles()).toEqual([]);
      expect((await root.get('/api/data_library/imports/999999')).body).toMatchObject({ success: false, message: '导入任务不存在' });
      expect((await root.post('/api/data_library/imports/999999/cancel')).body).toMatchObject({ success: false, message: '导入任务不存在' });
      expect((await root.get('/api/data_library/999999/imports')).body).toMatchObject({ success: false, message: '数据集不存在' });
    });

    it('refuses an unknown format or mode, and a file name that names no format', async () => {
      const id = await createDataset(t.db, {});
      expect((await upload(id, '{}', 'a.jsonl', { format: 'xlsx' })).body).toMatchObject({ success: false, message: '导入格式应为 json、jsonl、csv、parquet 之一' });
      expect((await upload(id, '{}', 'a.jsonl', { mode: 'maybe' })).body).toMatchObject({ success: false, message: expect.stringContaining('出错处理方式') });
      expect((await upload(id, '{"a":1}', 'data.txt')).body).toMatchObject({ success: false, message: '无法从文件名判断格式，请指定 json、jsonl、csv、parquet 之一' });
      expect(importFiles()).toEqual([]);
      // With the format given, the name does not matter.
      expect((await importFile(id, '{"a":1}\n', 'data.txt', { format: 'jsonl' })).status).toBe('done');
    });

    it('is for root only', async () => {
      const id = await createDataset(t.db, {});
      const admin = await t.signUp('import-admin');
      await t.db.query('UPDATE users SET role = 10 WHERE id = $1', [admin.userId]);
      const user = await t.signUp('import-user');
      const calls: ['get' | 'post', string][] = [
        ['post', `/api/data_library/${id}/import?format=jsonl`],
        ['get', '/api/data_library/imports/1'],
        ['post', '/api/data_library/imports/1/cancel'],
        ['get', `/api/data_library/${id}/imports`],
      ];
      for (const [method, path] of calls) {
        for (const agent of [admin.agent, user.agent]) {
          const reply = await agent[method](path);
          expect(reply.status, `${method} ${path}`).toBe(403);
        }
        const guest = await t.http()[method](path);
        expect(guest.status, `${method} ${path}`).toBe(401);
      }
      expect(await storedCounts(id)).toEqual({ data_num: 0, data_size: 0 });
    });
  });
});
