import ExcelJS from 'exceljs';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryBody } from '../../test/binary-body';
import { downloadCutByDatabase } from '../../test/download-cut-by-database';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';
import { LOG_TYPE } from '../logs/log.entity';
import { LogWriterService, type NewLog } from '../logs/log-writer.service';

const DAY = 86400;
const EXPORTS = ['/api/statistics/export', '/api/statistics/exportUser', '/api/statistics/exportToken'];
/** Long enough for a reply, short enough that a download left open fails the test rather than hanging it. */
const REPLY_TIMEOUT_MS = 5000;

/** Names a spreadsheet would read as formulas, as a user or an operator could give them. */
const FORMULA_NAMES = { username: '=1+1', token_name: '@SUM(1,2)', model_name: '+cmd', instance: '-gw' };

describe('statistics exports (integration)', () => {
  let t: TestApp;
  let root: TestAgent;
  let now: number;

  const consumption = (fields: Partial<NewLog>): NewLog => ({
    created_at: now - 600,
    type: LOG_TYPE.CONSUME,
    user_id: 1,
    username: 'root',
    token_id: 5,
    token_name: 'default',
    channel: 1,
    channel_name: 'main',
    model_name: 'gpt-4o',
    resp_model_name: 'gpt-4o',
    group: 'default',
    quota: 300,
    prompt_tokens: 100,
    prompt_audio_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    completion_tokens: 50,
    thoughts_tokens: 0,
    use_time: 1,
    is_stream: false,
    status_code: 200,
    content: '',
    other: JSON.stringify({ model_ratio: 1, completion_ratio: 2, group_ratio: 1 }),
    attempts_log: '[]',
    request_id: '',
    ip: '',
    instance: 'gw-a',
    use_time_ms: 1000,
    ...fields,
  });

  /** A download read as bytes, failing rather than waiting when the server leaves it open. */
  const download = (path: string, query: Record<string, unknown>) => root.get(path).query(query).buffer(true).parse(binaryBody).timeout(REPLY_TIMEOUT_MS);

  /** The first sheet of an xlsx download: one record per row, under the header's titles. */
  const rowsOf = async (reply: { status: number; body: Buffer }): Promise<Array<Record<string, unknown>>> => {
    expect(reply.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(reply.body as unknown as ArrayBuffer);
    const [header, ...rows] = book.worksheets[0].getSheetValues().slice(1) as unknown[][];
    return rows.map((row) => Object.fromEntries(header.slice(1).map((title, i) => [String(title), row[i + 1]])));
  };

  beforeAll(async () => {
    t = await startTestApp();
    now = Math.floor(Date.now() / 1000);
    root = (await t.login('root', ROOT_PASSWORD)).agent;
    const writer = t.app.get(LogWriterService);
    for (const row of [consumption({}), consumption({ user_id: 2, token_id: 6, quota: 200, ...FORMULA_NAMES })]) writer.write(row);
    await writer.flush();
    expect((await root.post('/api/statistics/refresh')).body.success).toBe(true);
  });
  afterAll(async () => t?.close());

  it('refuses a bad range of every export as the other statistics calls do, before any byte of a file', async () => {
    for (const range of [
      { startTime: now, endTime: now - 10 },
      { startTime: now - 367 * DAY, endTime: now },
    ]) {
      const listed = await root.get('/api/statistics').query(range);
      expect(listed.body.success).toBe(false);
      for (const path of EXPORTS) {
        const reply = await download(path, range);
        expect(reply.headers['content-disposition'], path).toBeUndefined();
        expect(reply.headers['content-type'], path).toContain('application/json');
        expect({ status: reply.status, body: JSON.parse(reply.body.toString()) }, path).toEqual({ status: listed.status, body: listed.body });
      }
    }
  });

  it('writes names that a spreadsheet would read as formulas as text, and figures as numbers', async () => {
    const range = { startTime: now - DAY, endTime: now };
    const detail = await rowsOf(await download('/api/statistics/export', range));
    expect(detail.map((row) => [row['实例'], row['用户名'], row['令牌名称'], row['模型名称'], row['实际扣费额度']])).toEqual([
      ['gw-a', 'root', 'default', 'gpt-4o', 300],
      ["'-gw", "'=1+1", "'@SUM(1,2)", "'+cmd", 200],
      ['合计', undefined, undefined, undefined, 500],
    ]);
    const byUser = await rowsOf(await download('/api/statistics/exportUser', range));
    expect(byUser.map((row) => [row['用户名'], row['请求次数']])).toEqual([
      ['root', 1],
      ["'=1+1", 1],
      [undefined, 2],
    ]);
    const byToken = await rowsOf(await download('/api/statistics/exportToken', range));
    expect(byToken.map((row) => [row['用户名'], row['令牌名称']])).toEqual([
      ['root', 'default'],
      ["'=1+1", "'@SUM(1,2)"],
      ['合计', undefined],
    ]);
  });

  it('cuts the download, rather than leaving it open, when the database fails after the file began', async () => {
    // The roll-ups held locked: the export sends its first bytes, then waits on its first query.
    const cut = await downloadCutByDatabase(t.db, 'usage_rollups', root.get('/api/statistics/export').query({ startTime: now - DAY, endTime: now }).timeout(REPLY_TIMEOUT_MS));
    expect(cut).toEqual({ began: { status: 200, type: expect.stringContaining('spreadsheetml') }, ended: 'ECONNRESET' });
    // The application's other connections are untouched: the next export is whole.
    expect((await download('/api/statistics/exportToken', { startTime: now - DAY, endTime: now })).status).toBe(200);
  });
});
