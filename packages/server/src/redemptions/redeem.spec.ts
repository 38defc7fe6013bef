import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startSecondInstance, startTestApp, TestApp } from '../../test/test-app';
import { RedeemAttempts } from './redeem-attempts';

const TOPUP = '/api/user/topup';
const INVALID = { success: false, message: '无效的兑换码', data: null };
const USED = { success: false, message: '该兑换码已被使用', data: null };
const TOO_MANY = { success: false, message: '兑换码尝试次数过多，请稍后再试', data: null };
const LIMIT = 10;
const now = () => Math.floor(Date.now() / 1000);
/** A code nobody made. */
const unknownCode = () => randomBytes(16).toString('hex');

interface Signed {
  agent: TestAgent;
  userId: number;
}

describe('redeeming codes (integration)', () => {
  let t: TestApp;
  let root: TestAgent;
  let redis: Redis;

  beforeAll(async () => {
    t = await startTestApp();
    root = (await t.login('root', ROOT_PASSWORD)).agent;
    redis = new Redis(t.config.redisUrl!);
  });
  afterAll(async () => {
    await redis.quit();
    await t.close();
  });

  /** Creates codes as root and answers them with their ids, oldest first. */
  const createCodes = async (body: object): Promise<Array<{ key: string; id: number }>> => {
    const reply = await root.post('/api/redemption/').send(body);
    expect(reply.body.success, reply.body.message).toBe(true);
    const page = await root.get('/api/redemption/?page_size=100');
    const ids = new Map<string, number>(page.body.data.items.map((item: { key: string; id: number }) => [item.key, item.id]));
    return (reply.body.data as string[]).map((key) => ({ key, id: ids.get(key)! }));
  };
  const createCode = async (quota: number, extra: object = {}) => (await createCodes({ name: '测试', quota, ...extra }))[0];
  const balance = async (userId: number) => Number((await t.db.query('SELECT quota FROM users WHERE id = $1', [userId]))[0].quota);
  const topupLogs = (userId: number): Promise<Array<{ type: number; user_id: number; username: string; quota: string; content: string; created_at: string }>> =>
    t.db.query('SELECT type, user_id, username, quota, content, created_at FROM logs WHERE user_id = $1 AND type = 1 ORDER BY id', [userId]);
  const codeRow = async (id: number) => (await t.db.query('SELECT status, used_user_id, redeemed_time, quota FROM redemptions WHERE id = $1', [id]))[0];
  /** Everything a redemption could change. */
  const snapshot = async () => ({
    users: await t.db.query('SELECT id, quota FROM users ORDER BY id'),
    logs: await t.db.query('SELECT count(*)::int AS n FROM logs'),
    codes: await t.db.query('SELECT * FROM redemptions ORDER BY id'),
  });
  const redeem = (user: Signed, key: unknown) => user.agent.post(TOPUP).send({ key });

  describe('a valid code', () => {
    let alice: Signed;
    beforeAll(async () => {
      alice = await t.signUp('redeem-alice');
    });

    it('credits exactly its quota, answers it, marks the code used and writes one top-up log row', async () => {
      const code = await createCode(1_250_000);
      const before = await balance(alice.userId);
      const start = now();
      const reply = await redeem(alice, code.key);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: true, message: '', data: 1_250_000 });
      expect(await balance(alice.userId)).toBe(before + 1_250_000);

      const used = await codeRow(code.id);
      expect(used).toMatchObject({ status: 3, used_user_id: alice.userId });
      expect(Number(used.redeemed_time)).toBeGreaterThanOrEqual(start);
      expect(Number(used.redeemed_time)).toBeLessThanOrEqual(now());

      const [log, ...more] = await topupLogs(alice.userId);
      expect(more).toEqual([]);
      expect(log).toMatchObject({ type: 1, user_id: alice.userId, username: 'redeem-alice', quota: '1250000', content: `通过兑换码充值 $2.50，兑换码 ID ${code.id}` });
      expect(log.content).not.toContain(code.key);
      expect(Number(log.created_at)).toBe(Number(used.redeemed_time));

      // The admin list shows who used it and when.
      const view = (await root.get(`/api/redemption/${code.id}`)).body.data;
      expect(view).toMatchObject({ status: 3, used_user_id: alice.userId, redeemed_time: Number(used.redeemed_time) });
    });

    it('names the amount in dollars at the configured QuotaPerUnit', async () => {
      expect((await root.put('/api/option/').send({ key: 'QuotaPerUnit', value: '1000' })).body.success).toBe(true);
      try {
        const code = await createCode(1);
        expect((await redeem(alice, code.key)).body.data).toBe(1);
        expect((await topupLogs(alice.userId)).at(-1)!.content).toBe(`通过兑换码充值 $0.001，兑换码 ID ${code.id}`);
      } finally {
        await root.put('/api/option/').send({ key: 'QuotaPerUnit', value: '500000' });
      }
    });

    it('takes the code with blanks around it or in upper case', async () => {
      const [first, second] = await createCodes({ name: '格式', quota: 10, count: 2 });
      expect((await redeem(alice, `  ${first.key}\n`)).body.data).toBe(10);
      expect((await redeem(alice, second.key.toUpperCase())).body.data).toBe(10);
    });

    it('credits the quota as last edited, and a disabled code once it is enabled again', async () => {
      const code = await createCode(100);
      await root.put('/api/redemption/?status_only=true').send({ id: code.id, status: 2 });
      expect((await redeem(alice, code.key)).body).toEqual(INVALID);
      await root.put('/api/redemption/?status_only=true').send({ id: code.id, status: 1 });
      await root.put('/api/redemption/').send({ id: code.id, name: '改过', quota: 333 });
      const before = await balance(alice.userId);
      expect((await redeem(alice, code.key)).body.data).toBe(333);
      expect(await balance(alice.userId)).toBe(before + 333);
    });

    it('refuses a credit that would take the balance past 2^53 − 1, leaving the code unused', async () => {
      const rich = await t.signUp('redeem-rich');
      await t.db.query('UPDATE users SET quota = $1 WHERE id = $2', [Number.MAX_SAFE_INTEGER - 10, rich.userId]);
      const code = await createCode(11);
      expect((await redeem(rich, code.key)).body).toEqual({ success: false, message: '账户余额已达上限，无法继续充值', data: null });
      expect(await balance(rich.userId)).toBe(Number.MAX_SAFE_INTEGER - 10);
      expect((await codeRow(code.id)).status).toBe(1);
      await t.db.query('UPDATE redemptions SET quota = 10 WHERE id = $1', [code.id]);
      expect((await redeem(rich, code.key)).body.data).toBe(10);
      expect(await balance(rich.userId)).toBe(Number.MAX_SAFE_INTEGER);
    });
  });

  describe('a code that cannot be redeemed', () => {
    let bob: Signed;
    let carol: Signed;
    beforeAll(async () => {
      bob = await t.signUp('redeem-bob');
      carol = await t.signUp('redeem-carol');
    });

    it('says a used code was used, answers a disabled, expired or unknown code alike, and changes nothing', async () => {
      const [used, disabled, expired, expiredNow] = await createCodes({ name: '无效', quota: 500, count: 4, expired_time: now() + 3600 });
      expect((await redeem(bob, used.key)).body.success).toBe(true);
      await root.put('/api/redemption/?status_only=true').send({ id: disabled.id, status: 2 });
      await t.db.query('UPDATE redemptions SET expired_time = $1 WHERE id = $2', [now() - 1, expired.id]);
      await t.db.query('UPDATE redemptions SET expired_time = $1 WHERE id = $2', [now(), expiredNow.id]);

      const before = await snapshot();
      for (const [user, key] of [
        [bob, used.key],
        [carol, used.key.toUpperCase()],
      ] as const) {
        const reply = await redeem(user, key);
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual(USED);
      }
      const attempts: Array<[Signed, string]> = [
        [carol, disabled.key],
        [carol, expired.key],
        [carol, expiredNow.key],
        [carol, unknownCode()],
        [carol, 'not-a-code'],
        [carol, '0'.repeat(128)],
      ];
      for (const [user, key] of attempts) {
        const reply = await redeem(user, key);
        expect(reply.status, key).toBe(200);
        expect(reply.body, key).toEqual(INVALID);
      }
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      [{}, '请输入兑换码！'],
      [{ key: '' }, '请输入兑换码！'],
      [{ key: '   ' }, '请输入兑换码！'],
      [{ key: null }, '请输入兑换码！'],
      [{ key: 12345 }, '请输入兑换码！'],
      [{ key: ['a'] }, '请输入兑换码！'],
      [{ key: 'x'.repeat(129) }, '无效的兑换码'],
    ])('refuses %j with its message, changing nothing', async (body, message) => {
      const before = await snapshot();
      const reply = await carol.agent.post(TOPUP).send(body);
      expect(reply.body).toEqual({ success: false, message, data: null });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a NUL character with 400, and a guest with 401', async () => {
      const code = await createCode(5);
      const before = await snapshot();
      const nul = await redeem(carol, `${code.key}\u0000`);
      expect(nul.status).toBe(400);
      expect(nul.body).toEqual({ success: false, message: '参数中不能包含空字符', data: null });
      const guest = await t.http().post(TOPUP).send({ key: code.key });
      expect(guest.status).toBe(401);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('the limit on failed attempts', () => {
    const failures = (user: Signed, times: number) => Promise.all(Array.from({ length: times }, () => redeem(user, unknownCode())));
    const counterKey = (userId: number) => `${t.config.redisPrefix}:redeem-fail:${userId}`;

    it(`refuses a user after ${LIMIT} unknown codes, even with a valid one, for 10 minutes; other users go on`, async () => {
      const guesser = await t.signUp('redeem-guesser');
      const other = await t.signUp('redeem-other');
      const code = await createCode(42);
      for (const reply of await failures(guesser, LIMIT)) expect(reply.body).toEqual(INVALID);
      const before = await snapshot();
      expect((await redeem(guesser, code.key)).body).toEqual(TOO_MANY);
      expect((await redeem(guesser, unknownCode())).body).toEqual(TOO_MANY);
      expect(await snapshot()).toEqual(before);

      // Counted in Redis, in a window of 10 minutes from the first failure.
      const ttl = await redis.pttl(counterKey(guesser.userId));
      expect(ttl).toBeGreaterThan(9 * 60_000);
      expect(ttl).toBeLessThanOrEqual(10 * 60_000);

      expect((await redeem(other, code.key)).body.data).toBe(42);

      // Once the window has ended, the user may try again.
      await redis.del(counterKey(guesser.userId));
      const next = await createCode(7);
      expect((await redeem(guesser, next.key)).body.data).toBe(7);
    });

    it('counts neither successes nor real codes that are used, disabled or expired', async () => {
      const unlucky = await t.signUp('redeem-unlucky');
      const [used, disabled, ...fresh] = await createCodes({ name: '计数', quota: 3, count: 6 });
      expect((await redeem(await t.signUp('redeem-first'), used.key)).body.success).toBe(true);
      await root.put('/api/redemption/?status_only=true').send({ id: disabled.id, status: 2 });
      for (let i = 0; i < 2 * LIMIT; i++) {
        expect((await redeem(unlucky, i % 2 ? used.key : disabled.key)).body).toEqual(i % 2 ? USED : INVALID);
      }
      for (const reply of await failures(unlucky, LIMIT - 1)) expect(reply.body).toEqual(INVALID);
      for (const code of fresh) expect((await redeem(unlucky, code.key)).body.data).toBe(3);
      expect((await redeem(unlucky, unknownCode())).body).toEqual(INVALID);
      expect((await redeem(unlucky, unknownCode())).body).toEqual(TOO_MANY);
    });

    it('never leaves a counter behind without an expiry, nor below zero', async () => {
      const attempts = t.app.get(RedeemAttempts);
      const userId = 2_000_000_000;
      expect(await attempts.take(userId)).toBe(true);
      await redis.del(counterKey(userId)); // the window ended between the attempt and its outcome
      await attempts.giveBack(userId);
      expect(await redis.exists(counterKey(userId))).toBe(0);
      expect(await attempts.take(userId)).toBe(true);
      await attempts.giveBack(userId);
      await attempts.giveBack(userId);
      expect(await redis.get(counterKey(userId))).toBe('0');
      expect(await redis.pttl(counterKey(userId))).toBeGreaterThan(0);
    });

    it('lets no more than the limit through when the guesses come at once, over several instances', async () => {
      const second = await startSecondInstance(t);
      try {
        const { userId } = await t.signUp('redeem-swarm');
        const cookie = (await t.http().post('/api/user/login').send({ username: 'redeem-swarm', password: 'password-123' })).headers['set-cookie'];
        const replies = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            (i % 2 ? second : t).http().post(TOPUP).set('Cookie', cookie).set('New-Api-User', String(userId)).send({ key: unknownCode() }),
          ),
        );
        const messages = replies.map((reply) => reply.body.message);
        expect(messages.filter((message) => message === INVALID.message)).toHaveLength(LIMIT);
        expect(messages.filter((message) => message === TOO_MANY.message)).toHaveLength(30 - LIMIT);
      } finally {
        await second.close();
      }
    });
  });

  describe('the race for one code', () => {
    const USERS = 20;
    const ROUNDS = 100;
    let racers: Signed[];

    beforeAll(async () => {
      racers = [];
      for (let i = 0; i < USERS; i++) racers.push(await t.signUp(`racer-${i}`));
    });

    it(`credits each code exactly once when ${USERS} users redeem it at the same instant, ${ROUNDS} times over`, async () => {
      const codes = [
        ...(await createCodes({ name: '抢码一', quota: 1000, count: 25 })),
        ...(await createCodes({ name: '抢码二', quota: 2000, count: 25 })),
        ...(await createCodes({ name: '抢码三', quota: 3000, count: 25 })),
        ...(await createCodes({ name: '抢码四', quota: 7000, count: 25 })),
      ];
      expect(codes).toHaveLength(ROUNDS);
      const quotaOf = new Map<number, number>((await t.db.query('SELECT id, quota FROM redemptions')).map((r: { id: number; quota: string }) => [r.id, Number(r.quota)]));
      const ids = racers.map((racer) => racer.userId);
      const balances = async () => new Map<number, number>((await t.db.query('SELECT id, quota FROM users WHERE id = ANY($1)', [ids])).map((r: { id: number; quota: string }) => [r.id, Number(r.quota)]));
      const start = await balances();
      const expected = new Map<number, number>(ids.map((id) => [id, 0]));

      for (const code of codes) {
        const replies = await Promise.all(racers.map((racer) => redeem(racer, code.key)));
        const winners = replies.flatMap((reply, index) => (reply.body.success ? [racers[index].userId] : []));
        expect(winners, `code ${code.id}`).toHaveLength(1);
        expect(replies.filter((reply) => !reply.body.success).map((reply) => reply.body)).toEqual(Array(USERS - 1).fill(USED));
        expect(replies.find((reply) => reply.body.success)!.body.data).toBe(quotaOf.get(code.id));
        expect((await codeRow(code.id)).used_user_id).toBe(winners[0]);
        expected.set(winners[0], expected.get(winners[0])! + quotaOf.get(code.id)!);
      }

      const total = codes.reduce((sum, code) => sum + quotaOf.get(code.id)!, 0);
      expect(total).toBe(25 * (1000 + 2000 + 3000 + 7000));
      const end = await balances();
      const logged: Array<{ user_id: number; quota: string; n: number }> = await t.db.query(
        'SELECT user_id, sum(quota)::bigint AS quota, count(*)::int AS n FROM logs WHERE type = 1 AND user_id = ANY($1) GROUP BY user_id',
        [ids],
      );
      const loggedBy = new Map(logged.map((row) => [row.user_id, Number(row.quota)]));
      for (const id of ids) {
        expect(end.get(id)! - start.get(id)!, `user ${id}`).toBe(expected.get(id));
        expect(loggedBy.get(id) ?? 0, `user ${id}`).toBe(expected.get(id));
      }
      expect(logged.reduce((sum, row) => sum + row.n, 0)).toBe(ROUNDS);
      expect([...loggedBy.values()].reduce((sum, quota) => sum + quota, 0)).toBe(total);
      const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM redemptions WHERE id = ANY($1) AND status = 3', [codes.map((code) => code.id)]);
      expect(n).toBe(ROUNDS);
    }, 120_000);
  });
});
