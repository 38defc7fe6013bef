import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';
import { nowSeconds } from '../common/time';

/** A fixed past hour: far from the rows a scheduled run could write while the test runs. */
const BASE = 1_700_000_000;
const MINUTE = 60;

describe('GET /api/model_heart_infos (integration)', () => {
  let t: TestApp;
  let admin: TestAgent;

  const insert = (rows: Array<{ channel: number; provider: string; model: string; at: number; level?: number; reason?: string }>) =>
    t.db.query(
      `INSERT INTO heartbeats (channel_id, provider, model, slot, created_at, resp_time, level, err_reason)
       SELECT * FROM unnest($1::int[], $2::varchar[], $3::varchar[], $4::bigint[], $4::bigint[], $5::int[], $6::smallint[], $7::text[])`,
      [
        rows.map((row) => row.channel),
        rows.map((row) => row.provider),
        rows.map((row) => row.model),
        rows.map((row) => row.at),
        rows.map((row, index) => 100 + index),
        rows.map((row) => row.level ?? 1),
        rows.map((row) => row.reason ?? ''),
      ],
    );
  const infos = async (query: Record<string, unknown>) => {
    const reply = await admin.get('/api/model_heart_infos').query(query);
    expect(reply.status).toBe(200);
    return reply.body;
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await t.login('root', ROOT_PASSWORD)).agent;
    // 45 heartbeats a minute apart for one model, 3 for another, and one of a second provider.
    await insert(Array.from({ length: 45 }, (_, i) => ({ channel: 1, provider: 'openai-main', model: 'gpt-4o', at: BASE + i * MINUTE, level: i === 44 ? 3 : 1, reason: i === 44 ? 'upstream says 500' : '' })));
    await insert([0, 1, 2].map((i) => ({ channel: 1, provider: 'openai-main', model: 'gpt-4o-mini', at: BASE + i * MINUTE })));
    await insert([{ channel: 2, provider: 'claude', model: 'claude-3-5-sonnet', at: BASE + 30 * MINUTE, level: 2 }]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers by provider then model, the latest 40 per model, newest first', async () => {
    const body = await infos({ start_time: BASE, end_time: BASE + 3600 });
    expect(body.success).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(['claude', 'openai-main']);
    expect(Object.keys(body.data['openai-main']).sort()).toEqual(['gpt-4o', 'gpt-4o-mini']);
    const beats = body.data['openai-main']['gpt-4o'];
    expect(beats).toHaveLength(40);
    expect(beats[0]).toEqual({ created_at: BASE + 44 * MINUTE, resp_time: 144, level: 3, err_reason: 'upstream says 500' });
    expect(beats.at(-1).created_at).toBe(BASE + 5 * MINUTE);
    const times = beats.map((beat: { created_at: number }) => beat.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.data['openai-main']['gpt-4o-mini'].map((beat: { created_at: number }) => beat.created_at)).toEqual([BASE + 2 * MINUTE, BASE + MINUTE, BASE]);
    expect(body.data.claude['claude-3-5-sonnet']).toEqual([{ created_at: BASE + 30 * MINUTE, resp_time: 100, level: 2, err_reason: '' }]);
  });

  it('keeps to the time range, both ends included', async () => {
    const body = await infos({ start_time: BASE + 10 * MINUTE, end_time: BASE + 20 * MINUTE });
    expect(Object.keys(body.data)).toEqual(['openai-main']);
    expect(Object.keys(body.data['openai-main'])).toEqual(['gpt-4o']);
    const times = body.data['openai-main']['gpt-4o'].map((beat: { created_at: number }) => beat.created_at);
    expect(times).toEqual(Array.from({ length: 11 }, (_, i) => BASE + (20 - i) * MINUTE));
  });

  it('shows the last 24 hours by default', async () => {
    const now = nowSeconds();
    await insert([
      { channel: 3, provider: 'recent', model: 'm', at: now - 3600 },
      { channel: 3, provider: 'recent', model: 'm', at: now - 25 * 3600 },
    ]);
    const body = await infos({});
    expect(body.data).toEqual({ recent: { m: [expect.objectContaining({ created_at: now - 3600 })] } });
  });

  it('keeps apart channels that share a name', async () => {
    await insert([
      { channel: 7, provider: 'batch', model: 'm', at: BASE + 10, level: 1 },
      { channel: 8, provider: 'batch', model: 'm', at: BASE + 20, level: 3 },
    ]);
    const body = await infos({ start_time: BASE, end_time: BASE + 60 });
    expect(body.data['batch #7'].m).toEqual([expect.objectContaining({ level: 1 })]);
    expect(body.data['batch #8'].m).toEqual([expect.objectContaining({ level: 3 })]);
    expect(body.data).not.toHaveProperty('batch');
  });

  it.each([
    [{ start_time: 'yesterday' }, '开始时间必须是以秒为单位的时间戳'],
    [{ end_time: BASE * 1000 }, '结束时间必须是以秒为单位的时间戳'],
    [{ start_time: -5 }, '开始时间必须是以秒为单位的时间戳'],
    [{ start_time: BASE + 10, end_time: BASE }, '开始时间不能晚于结束时间'],
  ])('refuses %o with a clear message', async (query, message) => {
    expect(await infos(query)).toMatchObject({ success: false, message });
  });

  it('is for administrators only', async () => {
    const { agent, userId } = await t.signUp('plain-user');
    expect((await agent.get('/api/model_heart_infos')).status).toBe(403);
    expect((await t.http().get('/api/model_heart_infos')).status).toBe(401);
    await t.db.query('UPDATE users SET role = 10 WHERE id = $1', [userId]);
    expect((await agent.get('/api/model_heart_infos')).body.success).toBe(true);
  });
});
