import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';
import { LOG_TYPE } from './log.entity';
import { LogWriterService, NewLog } from './log-writer.service';

const now = () => Math.floor(Date.now() / 1000);
const HOUR = 3600;
const ADMIN_ONLY_FIELDS = ['channel', 'channel_name', 'attempts_log', 'ip'];

interface User {
  agent: TestAgent;
  userId: number;
}

describe('logs (integration)', () => {
  let t: TestApp;
  let root: TestAgent;
  let admin: User;
  let alice: User;
  let bob: User;
  /** One clock for the whole file, so that "an hour ago" means the same row in every test. */
  let t0: number;

  const log = (user: User, username: string, fields: Partial<NewLog>): NewLog => ({
    created_at: t0,
    type: LOG_TYPE.CONSUME,
    user_id: user.userId,
    username,
    token_id: 1,
    token_name: 'default-token',
    channel: 3,
    channel_name: 'openai-main',
    model_name: 'gpt-4o',
    resp_model_name: 'gpt-4o-2024-08-06',
    group: 'default',
    quota: 1000,
    prompt_tokens: 100,
    prompt_audio_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    completion_tokens: 50,
    thoughts_tokens: 0,
    use_time: 2,
    is_stream: true,
    status_code: 200,
    content: '',
    other: JSON.stringify({ frt: 850, model_ratio: 1.25, completion_ratio: 4, group_ratio: 1, admin_info: { use_channel: [5, 3] } }),
    attempts_log: JSON.stringify([
      { channel_id: 5, channel_name: 'backup', status: 502, error: 'bad gateway', duration: 120 },
      { channel_id: 3, channel_name: 'openai-main', status: 200, duration: 2000 },
    ]),
    request_id: 'req-1',
    ip: '203.0.113.9',
    instance: 'gw-a',
    use_time_ms: 0,
    ...fields,
  });

  /** Through the relay's own writer, as production rows arrive. */
  const write = async (...rows: NewLog[]) => {
    const writer = t.app.get(LogWriterService);
    for (const row of rows) writer.write(row);
    await writer.flush();
  };

  beforeAll(async () => {
    t = await startTestApp();
    t0 = now();
    root = (await t.login('root', ROOT_PASSWORD)).agent;
    // The rows below are all the spec counts: root's 管理 row of its starting quota goes first.
    await t.db.query('DELETE FROM logs');
    admin = await t.signUp('log-admin');
    await t.db.query('UPDATE users SET role = 10 WHERE id = $1', [admin.userId]);
    alice = await t.signUp('log-alice');
    bob = await t.signUp('log-bob');

    await write(
      // alice: two consumptions now, one an hour ago, one a day ago, an error and a top-up
      log(alice, 'log-alice', { created_at: t0 - 10, request_id: 'a-now-1', quota: 1000, prompt_tokens: 100, completion_tokens: 50 }),
      log(alice, 'log-alice', { created_at: t0 - 5, request_id: 'a-now-2', quota: 3000, prompt_tokens: 300, completion_tokens: 200, token_name: 'batch', model_name: 'claude-sonnet-4-20250514', channel: 7, channel_name: 'anthropic' }),
      log(alice, 'log-alice', { created_at: t0 - HOUR, request_id: 'a-hour', quota: 500 }),
      log(alice, 'log-alice', { created_at: t0 - 24 * HOUR, request_id: 'a-day', quota: 7000 }),
      log(alice, 'log-alice', {
        created_at: t0 - 20,
        request_id: 'a-error',
        type: LOG_TYPE.ERROR,
        quota: 0,
        prompt_tokens: 0,
        completion_tokens: 0,
        status_code: 429,
        content: 'upstream rate limited',
        other: JSON.stringify({ admin_info: { use_channel: [3] } }),
      }),
      log(alice, 'log-alice', { created_at: t0 - 30, request_id: 'a-topup', type: LOG_TYPE.TOPUP, quota: 500000, prompt_tokens: 0, completion_tokens: 0, content: '兑换码充值' }),
      // bob: one consumption now on another channel
      log(bob, 'log-bob', { created_at: t0 - 8, request_id: 'b-now', quota: 2000, prompt_tokens: 40, completion_tokens: 10, channel: 9, channel_name: 'azure-east', token_name: 'bob-token' }),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const ids = (body: { data: { items: Array<{ request_id: string }> } }) => body.data.items.map((item) => item.request_id);

  describe('who may read what', () => {
    it('answers a guest with 401 and keeps every user off the all-logs calls', async () => {
      expect((await t.http().get('/api/log/self/')).status).toBe(401);
      expect((await t.http().get('/api/log/self/stat')).status).toBe(401);
      expect((await t.http().get('/api/log/')).status).toBe(401);
      for (const path of ['/api/log/', '/api/log/stat']) expect((await alice.agent.get(path)).status, path).toBe(403);
      expect((await admin.agent.get('/api/log/')).status).toBe(200);
    });

    it('shows a user only their own rows, newest first, whatever username or channel they ask for', async () => {
      const own = await alice.agent.get('/api/log/self/');
      expect(own.body.success).toBe(true);
      expect(ids(own.body)).toEqual(['a-now-2', 'a-now-1', 'a-error', 'a-topup', 'a-hour', 'a-day']);
      expect(own.body.data).toMatchObject({ total: 6, page: 0, page_size: 10 });

      const sneaky = await alice.agent.get('/api/log/self/').query({ username: 'log-bob', channel: 9 });
      expect(ids(sneaky.body)).toEqual(ids(own.body));
      expect(ids((await bob.agent.get('/api/log/self/')).body)).toEqual(['b-now']);
    });

    it('leaves the channel, retry path, client address and admin_info out of a user view', async () => {
      const reply = await alice.agent.get('/api/log/self/');
      const text = JSON.stringify(reply.body);
      for (const item of reply.body.data.items) for (const field of ADMIN_ONLY_FIELDS) expect(item, field).not.toHaveProperty(field);
      expect(text).not.toContain('openai-main');
      expect(text).not.toContain('203.0.113.9');
      expect(text).not.toContain('admin_info');
      expect(text).not.toContain('use_channel');

      const row = reply.body.data.items.find((item: { request_id: string }) => item.request_id === 'a-now-1');
      expect(JSON.parse(row.other)).toEqual({ frt: 850, model_ratio: 1.25, completion_ratio: 4, group_ratio: 1 });
      expect(row).toMatchObject({ username: 'log-alice', token_name: 'default-token', model_name: 'gpt-4o', resp_model_name: 'gpt-4o-2024-08-06', quota: 1000, use_time: 2, is_stream: true });
    });

    it('gives administrators every row with the channel, retry path and admin_info', async () => {
      const reply = await admin.agent.get('/api/log/');
      expect(ids(reply.body)).toEqual(['a-now-2', 'b-now', 'a-now-1', 'a-error', 'a-topup', 'a-hour', 'a-day']);
      const row = reply.body.data.items.find((item: { request_id: string }) => item.request_id === 'a-now-1');
      expect(row).toMatchObject({ channel: 3, channel_name: 'openai-main', ip: '203.0.113.9', user_id: alice.userId });
      expect(JSON.parse(row.other).admin_info).toEqual({ use_channel: [5, 3] });
      expect(JSON.parse(row.attempts_log).map((attempt: { channel_id: number }) => attempt.channel_id)).toEqual([5, 3]);
    });
  });

  describe('filters and paging', () => {
    const adminIds = async (query: Record<string, unknown>) => ids((await admin.agent.get('/api/log/').query(query)).body);

    it('filters by type, user, token, model, channel and status code', async () => {
      expect(await adminIds({ type: LOG_TYPE.ERROR })).toEqual(['a-error']);
      expect(await adminIds({ type: LOG_TYPE.TOPUP })).toEqual(['a-topup']);
      expect(await adminIds({ type: 0, username: 'log-bob' })).toEqual(['b-now']);
      expect(await adminIds({ token_name: 'batch' })).toEqual(['a-now-2']);
      expect(await adminIds({ model_name: 'claude-sonnet-4-20250514' })).toEqual(['a-now-2']);
      expect(await adminIds({ channel: 9 })).toEqual(['b-now']);
      expect(await adminIds({ status_code: 429 })).toEqual(['a-error']);
      expect(await adminIds({ username: 'log-alice', type: LOG_TYPE.CONSUME, token_name: 'default-token' })).toEqual(['a-now-1', 'a-hour', 'a-day']);
      expect(await adminIds({ username: 'nobody' })).toEqual([]);
    });

    it('filters by a time range in unix seconds, both ends included', async () => {
      expect(await adminIds({ start_timestamp: t0 - 2 * HOUR, end_timestamp: t0 - 20 })).toEqual(['a-error', 'a-topup', 'a-hour']);
      expect(await adminIds({ start_timestamp: t0 - 9 })).toEqual(['a-now-2', 'b-now']);
      expect(await adminIds({ end_timestamp: t0 - HOUR })).toEqual(['a-hour', 'a-day']);
    });

    it('applies the same filters to a user own rows', async () => {
      const reply = await alice.agent.get('/api/log/self/').query({ type: LOG_TYPE.CONSUME, model_name: 'gpt-4o', start_timestamp: t0 - 2 * HOUR });
      expect(ids(reply.body)).toEqual(['a-now-1', 'a-hour']);
      expect(ids((await alice.agent.get('/api/log/self/').query({ status_code: 429 })).body)).toEqual(['a-error']);
      expect(ids((await bob.agent.get('/api/log/self/').query({ status_code: 429 })).body)).toEqual([]);
    });

    it('pages with a zero-based p and page_size', async () => {
      const first = await admin.agent.get('/api/log/').query({ p: 0, page_size: 3 });
      expect(first.body.data).toMatchObject({ total: 7, page: 0, page_size: 3 });
      expect(ids(first.body)).toEqual(['a-now-2', 'b-now', 'a-now-1']);
      const last = await admin.agent.get('/api/log/').query({ p: 2, page_size: 3 });
      expect(last.body.data).toMatchObject({ total: 7, page: 2, page_size: 3 });
      expect(ids(last.body)).toEqual(['a-day']);
      expect(ids((await admin.agent.get('/api/log/').query({ p: 5, page_size: 3 })).body)).toEqual([]);
    });

    it.each([
      [{ page_size: 101 }, '每页条数必须在 1 到 100 之间'],
      [{ page_size: 0 }, '每页条数必须在 1 到 100 之间'],
      [{ p: -1 }, '页码不能小于 0'],
      [{ type: 9 }, '日志类型无效'],
      [{ start_timestamp: 'yesterday' }, '起始时间必须是以秒为单位的时间戳'],
      [{ channel: 'x' }, '渠道 ID 必须是整数'],
    ])('refuses %o with a Chinese message', async (query, message) => {
      const reply = await admin.agent.get('/api/log/').query(query);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: false, message, data: null });
    });
  });

  describe('statistics', () => {
    it('sums the consumption quota over the range and counts the last minute as RPM and TPM', async () => {
      const all = await admin.agent.get('/api/log/stat');
      // Consumption only: the top-up's 500000 and the error are not spending.
      expect(all.body).toEqual({ success: true, message: '', data: { quota: 1000 + 3000 + 500 + 7000 + 2000, rpm: 3, tpm: 150 + 500 + 50 } });

      const today = await admin.agent.get('/api/log/stat').query({ start_timestamp: t0 - 2 * HOUR });
      expect(today.body.data).toEqual({ quota: 1000 + 3000 + 500 + 2000, rpm: 3, tpm: 700 });

      const bobOnly = await admin.agent.get('/api/log/stat').query({ username: 'log-bob' });
      expect(bobOnly.body.data).toEqual({ quota: 2000, rpm: 1, tpm: 50 });

      const model = await admin.agent.get('/api/log/stat').query({ model_name: 'gpt-4o' });
      expect(model.body.data).toEqual({ quota: 1000 + 500 + 7000 + 2000, rpm: 2, tpm: 200 });
    });

    it('counts a user own rows only', async () => {
      const own = await alice.agent.get('/api/log/self/stat').query({ username: 'log-bob' });
      expect(own.body.data).toEqual({ quota: 1000 + 3000 + 500 + 7000, rpm: 2, tpm: 650 });
      expect((await bob.agent.get('/api/log/self/stat')).body.data).toEqual({ quota: 2000, rpm: 1, tpm: 50 });
    });

    it('answers zeros when nothing matches', async () => {
      expect((await admin.agent.get('/api/log/stat').query({ username: 'nobody' })).body.data).toEqual({ quota: 0, rpm: 0, tpm: 0 });
    });
  });

  describe('cleaning old logs', () => {
    const ANCIENT = 1_000_000;

    it('is for super administrators only', async () => {
      expect((await admin.agent.delete('/api/log/').query({ target_timestamp: ANCIENT })).status).toBe(403);
      expect((await alice.agent.delete('/api/log/').query({ target_timestamp: ANCIENT })).status).toBe(403);
      expect((await t.http().delete('/api/log/').query({ target_timestamp: ANCIENT })).status).toBe(401);
    });

    it('deletes the rows created before the time and answers how many went', async () => {
      await write(
        log(alice, 'log-alice', { created_at: ANCIENT - 100, request_id: 'old-1' }),
        log(bob, 'log-bob', { created_at: ANCIENT - 1, request_id: 'old-2' }),
        log(bob, 'log-bob', { created_at: ANCIENT, request_id: 'old-3' }),
      );
      const reply = await root.delete('/api/log/').query({ target_timestamp: ANCIENT });
      expect(reply.body).toEqual({ success: true, message: '', data: 2 });
      const left: Array<{ request_id: string }> = await t.db.query('SELECT request_id FROM logs WHERE created_at <= $1', [ANCIENT]);
      expect(left.map((row) => row.request_id)).toEqual(['old-3']);
      const [{ count }] = await t.db.query('SELECT COUNT(*)::int AS count FROM logs');
      expect(count).toBe(8);

      expect((await root.delete('/api/log/').query({ target_timestamp: ANCIENT })).body.data).toBe(0);
      // Each cleaning is in the audit log: by whom, up to when, how many rows went.
      const audited = await t.db.query(`SELECT actor_name, target_type, after FROM audit_logs WHERE action = 'log.delete' ORDER BY id`);
      expect(audited).toEqual([
        { actor_name: 'root', target_type: 'log', after: { before_timestamp: ANCIENT, deleted: 2 } },
        { actor_name: 'root', target_type: 'log', after: { before_timestamp: ANCIENT, deleted: 0 } },
      ]);
    });

    it('deletes more rows than one slice holds, and counts them all', async () => {
      const manyRows = 10_000 + 57;
      await t.db.query(`INSERT INTO logs (created_at, type) SELECT 500000 + n, 2 FROM generate_series(1, $1) AS n`, [manyRows]);
      const reply = await root.delete('/api/log/').query({ target_timestamp: ANCIENT - 500 });
      expect(reply.body).toEqual({ success: true, message: '', data: manyRows });
      expect(await t.db.query('SELECT COUNT(*)::int AS count FROM logs WHERE created_at < $1', [ANCIENT - 500])).toEqual([{ count: 0 }]);
      expect(await t.db.query('SELECT COUNT(*)::int AS count FROM logs')).toEqual([{ count: 8 }]);
    });

    it.each([[{}], [{ target_timestamp: 'soon' }], [{ target_timestamp: 0 }], [{ target_timestamp: 1.5 }]])(
      'refuses %o with 请选择日志记录时间 and deletes nothing',
      async (query) => {
        const count = `SELECT (SELECT COUNT(*) FROM logs)::int AS logs, (SELECT COUNT(*) FROM audit_logs WHERE action = 'log.delete')::int AS audited`;
        const before = await t.db.query(count);
        const reply = await root.delete('/api/log/').query(query);
        expect(reply.body).toEqual({ success: false, message: '请选择日志记录时间', data: null });
        // Nothing deleted, nothing audited.
        expect(await t.db.query(count)).toEqual(before);
      },
    );
  });
});
