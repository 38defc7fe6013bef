import { randomBytes } from 'node:crypto';
import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedApp, startEmbeddedApp } from '../../test/embedded-app';

const INVALID = { success: false, message: '无效的兑换码', data: null };
const USED = { success: false, message: '该兑换码已被使用', data: null };

/** The embedded default (DESIGN.md §3): PGlite instead of PostgreSQL, the attempt limit in memory instead of Redis. */
describe('redeeming codes on the embedded database (integration)', () => {
  let embedded: EmbeddedApp;
  let db: DataSource;
  let root: TestAgent;

  beforeAll(async () => {
    embedded = await startEmbeddedApp('redeem');
    db = embedded.db;
    root = await embedded.signInRoot();
  }, 120_000);
  afterAll(async () => embedded?.close());

  const balance = async () => Number((await db.query('SELECT quota FROM users WHERE id = 1'))[0].quota);
  const createCodes = async (count: number, quota: number): Promise<string[]> => (await root.post('/api/redemption/').send({ name: '嵌入式', quota, count })).body.data;
  const redeem = (key: string) => root.post('/api/user/topup').send({ key });

  it('credits a code once, with its top-up log row, whatever the number of attempts at the same moment', async () => {
    const [key] = await createCodes(1, 600_000);
    const before = await balance();
    const replies = await Promise.all(Array.from({ length: 8 }, () => redeem(key)));
    expect(replies.filter((reply) => reply.body.success).map((reply) => reply.body.data)).toEqual([600_000]);
    expect(replies.filter((reply) => !reply.body.success).map((reply) => reply.body)).toEqual(Array(7).fill(USED));
    expect(await balance()).toBe(before + 600_000);
    const logs = await db.query('SELECT quota, content FROM logs WHERE type = 1 AND user_id = 1');
    expect(logs).toHaveLength(1);
    expect(Number(logs[0].quota)).toBe(600_000);
    expect(logs[0].content).toMatch(/^通过兑换码充值 \$1\.20，兑换码 ID \d+$/);

    // The wallet's history lists it (the orders and codes merged by one query PGlite runs too).
    const history = (await root.get('/api/user/topup/self')).body.data;
    expect(history).toMatchObject({ total: 1, items: [{ source: 'redemption', quota: 600_000, code: `${key.slice(0, 4)}…${key.slice(-4)}` }] });
  });

  it('limits failed attempts in memory', async () => {
    const [key] = await createCodes(1, 5);
    for (let i = 0; i < 10; i++) expect((await redeem(randomBytes(16).toString('hex'))).body).toEqual(INVALID);
    expect((await redeem(key)).body).toEqual({ success: false, message: '兑换码尝试次数过多，请稍后再试', data: null });
    expect((await db.query('SELECT status FROM redemptions WHERE status = 1')).length).toBe(1);
  });
});
