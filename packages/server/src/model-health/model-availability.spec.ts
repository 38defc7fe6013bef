import { MSG_MODEL_AVAILABILITY_DAYS } from '@gw/shared';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, type TestApp } from '../../test/test-app';
import { MSG_CHANNEL_NOT_FOUND } from '../channels/channel-rules';
import { UsageRollupService } from '../statistics/rollups/usage-rollup.service';

const CONSUME = 2;
const ERROR = 5;
const DAY = 86_400;

/** `YYYY-MM-DD` of the calendar day `back` days before `today` (itself a `YYYY-MM-DD`). */
const dateBefore = (today: string, back: number) => new Date(Date.parse(`${today}T00:00:00Z`) - back * DAY * 1000).toISOString().slice(0, 10);

describe('GET /api/channel/availability/:id (issue 29)', () => {
  let t: TestApp;
  let root: TestAgent;
  let channelId: number;
  let otherChannelId: number;
  let today: string;

  /** The start of the statistics day `back` days ago, plus `minutes`. */
  let at: (back: number, minutes: number) => number;
  const log = (created_at: number, type: number, channel: number, model: string, other = '') =>
    t.db.query(`INSERT INTO logs (created_at, type, user_id, channel, model_name, other) VALUES ($1, $2, 1, $3, $4, $5)`, [created_at, type, channel, model, other]);
  let slot = 0;
  const heartbeat = (created_at: number, model: string, level: number) =>
    t.db.query(`INSERT INTO heartbeats (channel_id, provider, model, slot, created_at, resp_time, level, err_reason) VALUES ($1, 'avail', $2, $3, $4, 100, $5, '')`, [
      channelId,
      model,
      ++slot,
      created_at,
      level,
    ]);
  const channelTest = JSON.stringify({ channel_test: { ok: false, elapsed_ms: 10 } });

  beforeAll(async () => {
    // ROLE=api: the roll-up job does not run by itself; the test rolls up what it means to.
    t = await startTestApp({ ROLE: 'api' });
    root = (await t.login('root', ROOT_PASSWORD)).agent;
    const create = async (name: string, models: string) => {
      const reply = await root.post('/api/channel/').send({ type: 1, name, key: `sk-${name}`, base_url: 'http://127.0.0.1:9', models, groups: ['default'] });
      expect(reply.body.success, reply.body.message).toBe(true);
      return reply.body.data.ids[0] as number;
    };
    channelId = await create('availability', 'av-a,av-b');
    otherChannelId = await create('other', 'av-a');
    const rollups = t.app.get(UsageRollupService);
    const now = Math.floor(Date.now() / 1000);
    at = (back, minutes) => rollups.clock.start(now - back * DAY, 'd') + minutes * 60;
    today = new Intl.DateTimeFormat('en-CA', { timeZone: t.config.statsTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(now * 1000));

    // Rolled up: two days ago av-a 3 successes and 1 error (and a channel test, not usage);
    // yesterday av-a 1 success; six days ago av-b 1 error; seven days ago av-b 1 success.
    for (let i = 0; i < 3; i++) await log(at(2, 10 + i), CONSUME, channelId, 'av-a');
    await log(at(2, 20), ERROR, channelId, 'av-a');
    await log(at(2, 21), CONSUME, channelId, 'av-a', channelTest);
    await log(at(1, 10), CONSUME, channelId, 'av-a');
    await log(at(6, 10), ERROR, channelId, 'av-b');
    await log(at(7, 10), CONSUME, channelId, 'av-b');
    // Not this channel's models, another channel, not requests, or older than 30 days.
    await log(at(1, 11), CONSUME, channelId, 'av-x');
    await log(at(1, 12), CONSUME, otherChannelId, 'av-a');
    await log(at(1, 13), 3, channelId, 'av-a');
    await log(at(31, 10), ERROR, channelId, 'av-a');
    expect(await rollups.catchUp()).toBeGreaterThan(0);

    // After the roll-up, read from the logs themselves: yesterday av-a 1 error; today av-a 2 successes (and a channel test).
    await log(at(1, 30), ERROR, channelId, 'av-a');
    await log(at(0, 1), CONSUME, channelId, 'av-a');
    await log(at(0, 2), CONSUME, channelId, 'av-a');
    await log(at(0, 3), CONSUME, channelId, 'av-a', channelTest);
    await log(at(0, 4), ERROR, otherChannelId, 'av-a');

    // Heartbeats: yesterday av-a one down, one healthy; today av-b 3 healthy, 1 slow, 2 down.
    await heartbeat(at(1, 40), 'av-a', 3);
    await heartbeat(at(1, 41), 'av-a', 1);
    for (const level of [1, 1, 1, 2, 3, 3]) await heartbeat(at(0, 5 + slot), 'av-b', level);
  });
  afterAll(async () => {
    await t.close();
  });

  const day = (back: number, success: number, failure: number, percent: number | null) => ({ date: dateBefore(today, back), success, failure, percent });
  const empty = (back: number) => day(back, 0, 0, null);

  it('counts each model of the channel per day from roll-ups, newer logs and heartbeats, over 7 days by default', async () => {
    const reply = await root.get(`/api/channel/availability/${channelId}`);
    expect(reply.body.success).toBe(true);
    expect(reply.body.data).toEqual([
      { model: 'av-a', days: [empty(6), empty(5), empty(4), empty(3), day(2, 3, 1, 75), day(1, 2, 2, 50), day(0, 2, 0, 100)], percent: 70 },
      { model: 'av-b', days: [day(6, 0, 1, 0), empty(5), empty(4), empty(3), empty(2), empty(1), day(0, 4, 2, 66.67)], percent: 57.14 },
    ]);
    expect((await root.get(`/api/channel/availability/${channelId}`).query({ days: 7 })).body.data).toEqual(reply.body.data);
  });

  it('reaches back 15 and 30 days', async () => {
    const fifteen = (await root.get(`/api/channel/availability/${channelId}`).query({ days: 15 })).body.data;
    expect(fifteen.map((model: { days: unknown[] }) => model.days.length)).toEqual([15, 15]);
    expect(fifteen[0].days[0]).toEqual(empty(14));
    expect(fifteen[1].days[7]).toEqual(day(7, 1, 0, 100));
    expect(fifteen[1].percent).toBe(62.5);

    const thirty = (await root.get(`/api/channel/availability/${channelId}`).query({ days: 30 })).body.data;
    expect(thirty[0].days.map((entry: { date: string }) => entry.date)).toEqual(Array.from({ length: 30 }, (_, index) => dateBefore(today, 29 - index)));
    expect(thirty[0].percent).toBe(70);
  });

  it('answers a channel without requests with empty days', async () => {
    const other = (await root.get(`/api/channel/availability/${otherChannelId}`)).body.data;
    expect(other).toEqual([{ model: 'av-a', days: [empty(6), empty(5), empty(4), empty(3), empty(2), day(1, 1, 0, 100), day(0, 0, 1, 0)], percent: 50 }]);
  });

  it('counts a failure on every channel a request failed over from, and its answer on the channel that answered last', async () => {
    const create = async (name: string) => (await root.post('/api/channel/').send({ type: 1, name, key: `sk-${name}`, base_url: 'http://127.0.0.1:9', models: 'fo-a', groups: ['default'] })).body.data.ids[0] as number;
    const first = await create('failover-first');
    const second = await create('failover-second');
    // attempts_log as the relay writes it (relay-attempts.ts Attempt, channel_id first).
    const attempts = (...tries: Array<[number, number, number?]>) =>
      JSON.stringify(tries.map(([channel_id, status, key_id]) => ({ channel_id, channel_name: `#${channel_id}`, ...(key_id ? { key_id, key: 'sk-****' } : {}), status, duration: 5 })));
    const failedOver = (created_at: number, type: number, channel: number, attemptsLog: string) =>
      t.db.query(`INSERT INTO logs (created_at, type, user_id, channel, model_name, other, attempts_log) VALUES ($1, $2, 1, $3, 'fo-a', '', $4)`, [created_at, type, channel, attemptsLog]);
    // Two days ago (then rolled up): failed on the first channel, answered by the second.
    await failedOver(at(2, 50), CONSUME, second, attempts([first, 502], [second, 200]));
    expect(await t.app.get(UsageRollupService).catchUp()).toBeGreaterThan(0);
    // Today, not rolled up: failed on both; and a request served by the first channel's second key after its first key's 401.
    await failedOver(at(0, 50), ERROR, second, attempts([first, 0], [second, 500]));
    await failedOver(at(0, 51), CONSUME, first, attempts([first, 401, 11], [first, 200, 12]));

    const ofChannel = async (id: number) => (await root.get(`/api/channel/availability/${id}`)).body.data[0].days.slice(-3);
    expect(await ofChannel(first)).toEqual([day(2, 0, 1, 0), empty(1), day(0, 1, 1, 50)]);
    expect(await ofChannel(second)).toEqual([day(2, 1, 0, 100), empty(1), day(0, 0, 1, 0)]);
  });

  it('refuses days other than 7, 15 or 30 and unknown channels with a Chinese message', async () => {
    for (const days of ['10', '0', 'abc', '', '7.5', '-7']) {
      expect((await root.get(`/api/channel/availability/${channelId}`).query({ days })).body, days).toMatchObject({ success: false, message: MSG_MODEL_AVAILABILITY_DAYS });
    }
    for (const id of ['abc', '0', '99999999']) {
      expect((await root.get(`/api/channel/availability/${id}`)).body).toMatchObject({ success: false, message: MSG_CHANNEL_NOT_FOUND });
    }
  });

  it('is for administrators only', async () => {
    const { agent } = await t.signUp('availuser');
    expect((await agent.get(`/api/channel/availability/${channelId}`)).status).toBe(403);
    expect((await t.http().get(`/api/channel/availability/${channelId}`)).status).toBe(401);
  });
});
