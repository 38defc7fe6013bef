import type { ImportView } from '@gw/shared';
import type TestAgent from 'supertest/lib/agent';
import type { DataSource } from 'typeorm';
import { parquetWriteBuffer } from 'hyparquet-writer';

/** Helpers of the dataset import specs (src/data-library/imports/). */

/** A dataset made straight in the table: these specs test imports, not dataset editing. */
export async function createDataset(db: DataSource, dataFormat: Record<string, string> = {}): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const [row] = await db.query(
    `INSERT INTO data_library_info (name, data_type, data_format, data_update_time, created_at) VALUES ($1, '问答', $2, $3, $3) RETURNING id`,
    [`导入测试 ${Math.random().toString(36).slice(2, 8)}`, JSON.stringify(dataFormat), now],
  );
  return row.id as number;
}

const TERMINAL = ['done', 'failed', 'cancelled'];

/** Polls the import until it has finished (the job runs on the real queue); the test's own timeout bounds it. */
export async function waitForImport(agent: TestAgent, importId: number): Promise<ImportView> {
  for (;;) {
    const reply = await agent.get(`/api/data_library/imports/${importId}`);
    if (!reply.body.success) throw new Error(reply.body.message);
    if (TERMINAL.includes(reply.body.data.status)) return reply.body.data as ImportView;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Polls until `check` accepts the import (e.g. running with rows written). */
export async function waitForImportState(agent: TestAgent, importId: number, check: (view: ImportView) => boolean): Promise<ImportView> {
  for (;;) {
    const view = (await agent.get(`/api/data_library/imports/${importId}`)).body.data as ImportView;
    if (check(view) || TERMINAL.includes(view.status)) return view;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const jsonl = (rows: unknown[]): string => rows.map((row) => JSON.stringify(row)).join('\n') + '\n';

/** QA records; answers hold a newline and a line separator, which the batch insert must keep (import-records.ts). */
export const qaRows = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    question: `第 ${index + 1} 题：1+${index}=?`,
    answer: `${1 + index}\n解：直接相加\u2028`,
    options: ['甲', '乙'],
    meta: { level: index % 3 },
  }));

/** A Parquet file of the QA rows, two rows per row group so several groups are read. */
export function qaParquet(count: number): Buffer {
  const rows = qaRows(count);
  const buffer = parquetWriteBuffer({
    columnData: [
      { name: 'id', data: rows.map((row) => BigInt(row.id)), type: 'INT64' },
      { name: 'question', data: rows.map((row) => row.question), type: 'STRING' },
      { name: 'answer', data: rows.map((row) => row.answer), type: 'STRING' },
      { name: 'options', data: rows.map((row) => row.options), type: 'JSON' },
      { name: 'meta', data: rows.map((row) => row.meta), type: 'JSON' },
    ],
    rowGroupSize: 2,
  });
  return Buffer.from(buffer);
}
