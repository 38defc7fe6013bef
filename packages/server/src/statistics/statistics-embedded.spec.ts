import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedApp, startEmbeddedApp } from '../../test/embedded-app';
import { LOG_TYPE } from '../logs/log.entity';
import { LogWriterService, type NewLog } from '../logs/log-writer.service';

/** The embedded default (DESIGN.md §3): the partitioned log table, the roll-ups and the cleaning work on PGlite too. */
describe('statistics on the embedded database (integration)', () => {
  let embedded: EmbeddedApp;
  let root: TestAgent;
  const now = Math.floor(Date.now() / 1000);
  const date = new Date(now * 1000);
  const monthStart = (back: number) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - back, 1) / 1000;

  const log = (createdAt: number, quota: number, type: number = LOG_TYPE.CONSUME): NewLog => ({
    created_at: createdAt,
    type,
    user_id: 1,
    username: 'root',
    token_id: 9,
    token_name: 'embedded-token',
    channel: 2,
    channel_name: 'embedded-channel',
    model_name: 'gpt-4o-mini',
    resp_model_name: 'gpt-4o-mini',
    group: 'default',
    quota,
    prompt_tokens: type === LOG_TYPE.CONSUME ? 100 : 0,
    prompt_audio_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    completion_tokens: type === LOG_TYPE.CONSUME ? 50 : 0,
    thoughts_tokens: 0,
    use_time: 1,
    is_stream: false,
    status_code: type === LOG_TYPE.CONSUME ? 200 : 502,
    content: '',
    other: JSON.stringify({ model_ratio: 1, completion_ratio: 2, group_ratio: 1 }),
    attempts_log: '[]',
    request_id: '',
    ip: '',
    instance: 'embedded',
    use_time_ms: 1200,
  });

  beforeAll(async () => {
    embedded = await startEmbeddedApp('statistics');
    root = await embedded.signInRoot();
  }, 120_000);
  afterAll(async () => embedded?.close());

  it('rolls up logs, including a month logged before its partition existed, and keeps the figures when the month is deleted', async () => {
    const writer = embedded.app.get(LogWriterService);
    // Five months back has no partition yet: its rows wait in the default partition.
    const old = monthStart(5) + 86400;
    for (const row of [log(now - 120, 200), log(now - 60, 300), log(now - 30, 0, LOG_TYPE.ERROR), log(old, 700)]) writer.write(row);
    await writer.flush();
    const [waiting] = await embedded.db.query('SELECT count(*)::int AS n FROM logs_default');
    expect(waiting.n).toBe(1);
    await embedded.db.query('SELECT gw_ensure_log_partition($1)', [old]);
    const [moved] = await embedded.db.query('SELECT (SELECT count(*)::int FROM logs_default) AS waiting, count(*)::int AS n FROM logs WHERE created_at = $1', [old]);
    expect(moved).toEqual({ waiting: 0, n: 1 });

    expect((await root.post('/api/statistics/refresh')).body.success).toBe(true);
    const recent = await root.get('/api/statistics/groupByUserPage').query({ startTime: now - 3600, endTime: now });
    expect(recent.body.data).toMatchObject({ totalQuota: 500, totalRequests: 2, total: 1 });
    const upstream = await root.post('/api/monitor/self').send({ timeType: 1, monitorType: 1, startTime: now - 3600, endTime: now });
    expect(upstream.body.data.items.reduce((total: number, row: { total_count: number }) => total + row.total_count, 0)).toBe(3);

    const deleted = await root.delete('/api/log/').query({ target_timestamp: monthStart(4) });
    expect(deleted.body).toMatchObject({ success: true, data: 1 });
    const kept = await root.get('/api/statistics/groupByUserPage').query({ startTime: old - 86400, endTime: old + 86400 });
    expect(kept.body.data).toMatchObject({ totalQuota: 700, totalRequests: 1 });
  });
});
