import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';
import { nowSeconds } from '../common/time';
import { JobsService } from '../jobs/jobs.service';
import { HeartbeatRunner } from './heartbeat-runner';
import { heartbeatSlot } from './heartbeat-slot';
import { MODEL_HEARTBEAT_JOB } from './model-heartbeat.job';

interface HeartbeatRow {
  channel_id: number;
  provider: string;
  model: string;
  slot: string;
  created_at: string;
  resp_time: number;
  level: number;
  err_reason: string;
}

/** Answers at once; answers in 600 ms (slow: above 0.3 s); in 1.6 s (too long: 1.2 s or more); fails with 500. */
const FAST = 'hb-fast';
const SLOW = 'hb-slow';
const TOO_SLOW = 'hb-too-slow';
const FAILING = 'fail-500';
const PROBED_MODELS = [FAILING, FAST, SLOW, TOO_SLOW];
/** Far from any slot a real schedule would pick, so rows of these runs are only the test's. */
const SLOT = 1_000_000_020;
const DAY = 24 * 3600;
/** About three weeks between scheduled runs. */
const MONITOR_INTERVAL_MINUTES = 30_000;

describe.each([
  ['Redis (BullMQ)', {}],
  ['in-process', { REDIS_URL: undefined }],
])('model-heartbeat job on %s', (backend, env) => {
  let t: TestApp;
  let admin: TestAgent;
  let jobs: JobsService;
  let upstream: MockOpenAiUpstream;
  let probedChannel: number;

  const rowsOf = (slot: number): Promise<HeartbeatRow[]> => t.db.query('SELECT * FROM heartbeats WHERE slot = $1 ORDER BY channel_id, model', [slot]);
  const setOption = async (key: string, value: string) => {
    const reply = await admin.put('/api/option/').send({ key, value });
    expect(reply.body).toMatchObject({ success: true });
  };
  const createChannel = async (fields: Record<string, unknown>): Promise<number> => {
    const reply = await admin.post('/api/channel/').send({ type: 1, key: 'sk-upstream', base_url: upstream.url, groups: ['default', 'vip'], ...fields });
    expect(reply.body).toMatchObject({ success: true });
    return reply.body.data.ids[0];
  };
  /** Until no job of the queue waits or runs (BullMQ starts a schedule's first run as soon as it is set). */
  const queueIdle = async () => {
    let quietPolls = 0;
    for (let i = 0; i < 400 && quietPolls < 3; i++) {
      const counts = await jobs.counts(MODEL_HEARTBEAT_JOB);
      quietPolls = counts.waiting + counts.active === 0 ? quietPolls + 1 : 0;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    upstream.delays.set(SLOW, 600);
    upstream.delays.set(TOO_SLOW, 1600);
    t = await startTestApp(env);
    expect(Boolean(t.config.redisUrl)).toBe(backend.startsWith('Redis'));
    admin = (await t.login('root', ROOT_PASSWORD)).agent;
    jobs = t.app.get(JobsService);
    await setOption('AvgRespTimeThreshold', '0.3');
    await setOption('RespTimeTooLongThreshold', '1.2');
    probedChannel = await createChannel({ name: 'hb-mock', models: PROBED_MODELS.join(',') });
    const disabled = await createChannel({ name: 'hb-off', models: FAST });
    expect((await admin.put('/api/channel/').send({ id: disabled, status: 2 })).body).toMatchObject({ success: true });
    // Monitoring is off, so nothing is scheduled; when a test turns it on, the interval keeps the
    // current slot the same for the whole file.
    await setOption('MonitorInterval', String(MONITOR_INTERVAL_MINUTES));
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
  });

  it('stores one heartbeat per enabled model of each enabled channel, with its level', async () => {
    await jobs.run(MODEL_HEARTBEAT_JOB, { slot: SLOT });
    const rows = await rowsOf(SLOT);
    // Both groups list the models, yet each is probed once; the disabled channel not at all.
    expect(rows.map((row) => row.model)).toEqual(PROBED_MODELS);
    expect(new Set(rows.map((row) => row.channel_id))).toEqual(new Set([probedChannel]));
    const byModel = Object.fromEntries(rows.map((row) => [row.model, row]));
    expect(byModel[FAST]).toMatchObject({ provider: 'hb-mock', level: 1, err_reason: '' });
    expect(byModel[FAST].resp_time).toBeLessThan(300);
    expect(byModel[SLOW]).toMatchObject({ level: 2, err_reason: '' });
    expect(byModel[SLOW].resp_time).toBeGreaterThanOrEqual(600);
    expect(byModel[TOO_SLOW]).toMatchObject({ level: 3 });
    expect(byModel[TOO_SLOW].err_reason).toMatch(/^响应时间过长：1\.\d 秒$/);
    expect(byModel[FAILING]).toMatchObject({ level: 3, err_reason: 'upstream says 500' });
    for (const row of rows) expect(Math.abs(Number(row.created_at) - nowSeconds())).toBeLessThan(30);
  });

  it('stores each heartbeat once when a run is delivered again, without calling the upstream again', async () => {
    await queueIdle();
    const before = await rowsOf(SLOT);
    const requests = upstream.seen.length;
    await jobs.run(MODEL_HEARTBEAT_JOB, { slot: SLOT });
    expect(await rowsOf(SLOT)).toEqual(before);
    expect(upstream.seen.length).toBe(requests);
  });

  it('stores each heartbeat once when two deliveries of a run probe at the same time', async () => {
    const runner = t.app.get(HeartbeatRunner);
    const requests = upstream.seen.length;
    await Promise.all([runner.run(SLOT + 60), runner.run(SLOT + 60)]);
    // Each delivery probes what it finds not yet stored (both may probe a model: neither had stored it yet); the unique index keeps one row each.
    expect(upstream.seen.length - requests).toBeGreaterThanOrEqual(PROBED_MODELS.length);
    expect(upstream.seen.length - requests).toBeLessThanOrEqual(2 * PROBED_MODELS.length);
    expect((await rowsOf(SLOT + 60)).map((row) => row.model)).toEqual(PROBED_MODELS);
  });

  it('runs on the monitoring schedule, a tick turning into one run of the current slot', async () => {
    const slot = heartbeatSlot(nowSeconds(), MONITOR_INTERVAL_MINUTES * 60);
    // Monitoring on: BullMQ starts a schedule's first run at once; the in-process timer waits an
    // interval, so there the tick is delivered by hand.
    await setOption('AutomaticEnableChannelEnabled', 'true');
    if (backend === 'in-process') await jobs.run(MODEL_HEARTBEAT_JOB, {});
    for (let i = 0; i < 200 && (await rowsOf(slot)).length < PROBED_MODELS.length; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await rowsOf(slot)).map((row) => row.model)).toEqual(PROBED_MODELS);
    await setOption('AutomaticEnableChannelEnabled', 'false');
    // The same tick delivered again: its run is the same slot's, so nothing more is stored.
    await jobs.run(MODEL_HEARTBEAT_JOB, {});
    await queueIdle();
    expect((await rowsOf(slot)).map((row) => row.model)).toEqual(PROBED_MODELS);
  });

  it('refuses a run whose slot is not a time', async () => {
    await expect(jobs.run(MODEL_HEARTBEAT_JOB, { slot: 'soon' }, 20_000)).rejects.toThrow(/slot/);
  });

  it('prunes heartbeats older than a week in the same run', async () => {
    const now = nowSeconds();
    await t.db.query(
      `INSERT INTO heartbeats (channel_id, provider, model, slot, created_at, resp_time, level, err_reason)
       VALUES (999, 'old', 'm', 1, $1, 10, 1, ''), (999, 'old', 'm', 2, $2, 10, 1, '')`,
      [now - 8 * DAY, now - 6 * DAY],
    );
    await jobs.run(MODEL_HEARTBEAT_JOB, { slot: SLOT + 120 });
    const left: Array<{ slot: string }> = await t.db.query(`SELECT slot FROM heartbeats WHERE provider = 'old'`);
    expect(left.map((row) => Number(row.slot))).toEqual([2]);
  });

  it('shows the stored heartbeats on the health page', async () => {
    const reply = await admin.get('/api/model_heart_infos');
    expect(reply.body.success).toBe(true);
    const models = reply.body.data['hb-mock'];
    expect(Object.keys(models).sort()).toEqual(PROBED_MODELS);
    expect(models[FAST][0]).toEqual({ created_at: expect.any(Number), resp_time: expect.any(Number), level: 1, err_reason: '' });
    expect(models[FAILING].every((beat: { level: number }) => beat.level === 3)).toBe(true);
    expect(reply.body.data).not.toHaveProperty('hb-off');
  });
});
