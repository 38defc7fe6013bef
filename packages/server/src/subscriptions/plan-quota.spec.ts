import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { startSecondInstance } from '../../test/test-app';
import { nowSeconds } from '../common/time';
import { LogWriterService } from '../logs/log-writer.service';
import { QuotaLedgerService } from '../relay/billing/quota-ledger.service';

/** What "mock-a" costs at ratio 1: 11 prompt and 7 completion tokens. */
const COST = 18;
const DAY = 86_400;

interface LogRow {
  quota: string;
  created_at: string;
  other: string;
}

/** A log row's pool, the period that paid it and the wallet's part of the charge. */
const paidBy = (row: LogRow) => {
  const other = JSON.parse(row.other) as { pool?: string; subscription_id?: number; period_start?: number; wallet_quota?: number };
  const quota = Number(row.quota);
  const wallet = other.pool === 'plan' ? (other.wallet_quota ?? 0) : quota;
  return { pool: other.pool, period: other.period_start, subscription: other.subscription_id, quota, wallet, plan: quota - wallet, createdAt: Number(row.created_at) };
};

describe("subscriptions: the relay draws a plan's period quota before the wallet (integration)", () => {
  let f: RelayFixture;
  let upstream: MockOpenAiUpstream;
  let planId: number;

  const ask = async (key: string, model = 'mock-a', baseURL = f.baseURL) =>
    fetch(`${baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
  const committed = async () => {
    await f.t.app.get(QuotaLedgerService).flush();
    await f.t.app.get(LogWriterService).flush();
  };
  const consumeLogs = async (userId: number): Promise<LogRow[]> => {
    await committed();
    return f.t.db.query('SELECT quota, created_at, other FROM logs WHERE user_id = $1 AND type = 2 ORDER BY id', [userId]);
  };
  const subscription = async (userId: number) => (await f.t.db.query('SELECT * FROM user_subscriptions WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [userId]))[0];
  /** A subscriber as a paid order makes one (gw_grant_subscription), before their first call, so no cache knows them yet. */
  const subscriber = async (name: string, wallet: number, quota: number, plan = planId) => {
    const customer = await f.customer(name, wallet);
    await f.t.db.query(`SELECT gw_grant_subscription($1, $2, $3, 'epay', '', $4)`, [customer.userId, plan, quota, nowSeconds()]);
    return customer;
  };

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({
      models: ['mock-a', 'fail-500'],
      completionRatio: 1,
      channelDefaults: { type: 1, name: 'up', key: 'sk-up', base_url: upstream.url, models: 'mock-a,fail-500', groups: ['default', 'vip'] },
    });
    await f.admin.put('/api/option/').send({ key: 'GroupRatio', value: JSON.stringify({ default: 1, vip: 1 }) });
    await f.admin.put('/api/option/').send({ key: 'RetryTimes', value: '0' });
    await f.channel({});
    const plan = await f.admin.post('/api/subscription/plan').send({ name: '天卡', price_cny: 1, price_usd: 0, period: 'days', period_days: 1, quota: 1000, group: 'vip' });
    planId = plan.body.data.id;
  });
  afterAll(async () => {
    await f?.t.close();
    await upstream?.stop();
  });

  it('pays from the plan while its period has quota, then from the wallet, and every log row says which', async () => {
    const periodQuota = 5 * COST + 10;
    const { userId, key } = await subscriber('plan-first', 1000, periodQuota);
    // One call at a time, each settled (its log row written) before the next reserves: settlements are batched every 500 ms.
    for (let i = 0; i < 8; i++) {
      expect((await ask(key)).status).toBe(200);
      await f.logsOf(userId, i + 1);
    }
    const rows = (await consumeLogs(userId)).map(paidBy);
    const sub = await subscription(userId);
    expect(rows.map((row) => row.quota)).toEqual(Array(8).fill(COST));
    // Five calls from the plan; the sixth takes the period's last 10 and the wallet the rest; then the wallet alone.
    expect(rows.map((row) => row.pool)).toEqual(['plan', 'plan', 'plan', 'plan', 'plan', 'plan', 'wallet', 'wallet']);
    expect(rows.map((row) => row.wallet)).toEqual([0, 0, 0, 0, 0, COST - 10, COST, COST]);
    expect(rows.slice(0, 6).every((row) => row.subscription === sub.id && row.period === Number(sub.period_start))).toBe(true);
    expect(Number(sub.period_used)).toBe(periodQuota);
    expect(await f.quotaOf(userId)).toBe(1000 - (COST - 10) - 2 * COST);
    // The user's usage counts every call, whoever paid.
    const [user] = await f.t.db.query('SELECT used_quota, request_count FROM users WHERE id = $1', [userId]);
    expect(user).toEqual({ used_quota: String(8 * COST), request_count: 8 });
  });

  it('never lets a period pay more than its quota, even for calls reserved before the last ones settled', async () => {
    const periodQuota = 2 * COST;
    const { userId, key } = await subscriber('plan-burst', 1000, periodQuota);
    await f.admin.put('/api/option/').send({ key: 'SubscriptionWalletFallback', value: 'false' });
    try {
      const statuses = await Promise.all(Array.from({ length: 10 }, async () => (await ask(key)).status));
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    } finally {
      await f.admin.put('/api/option/').send({ key: 'SubscriptionWalletFallback', value: 'true' });
    }
    const rows = (await consumeLogs(userId)).map(paidBy);
    expect(rows.every((row) => row.pool === 'plan' && row.wallet === 0)).toBe(true);
    expect(rows.reduce((sum, row) => sum + row.quota, 0)).toBe(Number((await subscription(userId)).period_used));
    expect(Number((await subscription(userId)).period_used)).toBeLessThanOrEqual(periodQuota);
    expect(await f.quotaOf(userId)).toBe(1000);
  });

  it('refuses with 套餐本周期额度已用完 once the period is used up when the wallet may not pay, charging nothing', async () => {
    const { userId, key } = await subscriber('plan-only', 1000, 2 * COST);
    await f.admin.put('/api/option/').send({ key: 'SubscriptionWalletFallback', value: 'false' });
    try {
      for (let i = 0; i < 2; i++) {
        expect((await ask(key)).status).toBe(200);
        await f.logsOf(userId, i + 1);
      }
      const refused = await ask(key);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error: { message: '套餐本周期额度已用完，请等待额度重置或续订套餐', code: 'insufficient_plan_quota' } });
    } finally {
      await f.admin.put('/api/option/').send({ key: 'SubscriptionWalletFallback', value: 'true' });
    }
    expect(await f.quotaOf(userId)).toBe(1000);
    expect(Number((await subscription(userId)).period_used)).toBe(2 * COST);
    expect((await consumeLogs(userId)).map(paidBy).map((row) => row.pool)).toEqual(['plan', 'plan']);
  });

  it('gives a failed call back to the period that reserved it, and a killed instance its reservations', async () => {
    const { userId, key } = await subscriber('plan-refund', 0, 1000);
    expect((await ask(key, 'fail-500')).status).toBeGreaterThanOrEqual(500);
    expect(Number((await subscription(userId)).period_used)).toBe(0);

    // An instance reserves from the plan, then dies: recovery gives the reservation back to its period.
    const [token] = await f.t.db.query('SELECT id FROM tokens WHERE user_id = $1', [userId]);
    const now = nowSeconds();
    await f.t.db.query(`INSERT INTO gateway_instances (instance_id, started_at) VALUES ('dead-one', $1)`, [now]);
    const [held] = await f.t.db.query(`SELECT * FROM gw_reserve_plan_quota($1, $2, 300, 'dead-one', 1, true, $3, 600)`, [userId, token.id, now]);
    expect(Number(held.result)).toBe(0);
    await f.t.db.query(`SELECT * FROM gw_reserve_plan_quota($1, $2, 200, 'dead-one', 2, true, $3, 600)`, [userId, token.id, now]);
    expect(Number((await subscription(userId)).period_used)).toBe(500);
    // The second reservation's period ends before the recovery: nothing goes back to a period that is over.
    await f.t.db.query(`UPDATE quota_reservations SET period_start = period_start - 86400 WHERE instance_id = 'dead-one' AND reservation_no = 2`);
    const [recovered] = await f.t.db.query(`SELECT * FROM gw_recover_instance('dead-one')`);
    expect(recovered).toMatchObject({ refunded_reservations: 2 });
    expect(Number((await subscription(userId)).period_used)).toBe(200);
    expect(await f.quotaOf(userId)).toBe(0);
  });

  it('stops drawing from a plan the moment its paid time ends, before any job has run', async () => {
    const { userId, key } = await subscriber('plan-ended', 1000, 1000);
    expect((await ask(key)).status).toBe(200);
    await f.logsOf(userId, 1);
    await f.t.db.query('UPDATE user_subscriptions SET expires_at = $2, period_end = $2 WHERE user_id = $1', [userId, nowSeconds()]);
    expect((await ask(key)).status).toBe(200);
    const rows = (await consumeLogs(userId)).map(paidBy);
    expect(rows.map((row) => row.pool)).toEqual(['plan', 'wallet']);
    expect(await f.quotaOf(userId)).toBe(1000 - COST);
    expect((await subscription(userId)).status).toBe('active'); // the job writes the status later; the quota did not wait for it
  });

  it('resets the period exactly at its boundary under 50 concurrent clients on two instances', async () => {
    const periodQuota = 20 * COST;
    const wallet = 1_000_000;
    const { userId, key } = await subscriber('plan-boundary', wallet, periodQuota);
    // A second instance on the same database and Redis, as behind a load balancer: half the clients call it.
    const second = await startSecondInstance(f.t);
    await second.app.listen(0, '127.0.0.1');
    const secondURL = `http://127.0.0.1:${(second.app.getHttpServer().address() as AddressInfo).port}/v1`;
    try {
      // A one-day plan renewed once, whose first period ends two seconds from now.
      const boundary = nowSeconds() + 2;
      await f.t.db.query(
        'UPDATE user_subscriptions SET starts_at = $2, period_start = $2, period_end = $3, expires_at = $4, renewals = 1 WHERE user_id = $1',
        [userId, boundary - DAY, boundary, boundary + DAY],
      );
      const statuses: number[] = [];
      const client = async (n: number) => {
        while (nowSeconds() <= boundary + 1) statuses.push((await ask(key, 'mock-a', n % 2 === 0 ? f.baseURL : secondURL)).status);
      };
      await Promise.all(Array.from({ length: 50 }, (_, n) => client(n)));
      expect(statuses.every((status) => status === 200)).toBe(true);
      await second.app.get(QuotaLedgerService).flush();
      await second.app.get(LogWriterService).flush();

      const rows = (await consumeLogs(userId)).map(paidBy);
      expect(rows).toHaveLength(statuses.length);
      const sub = await subscription(userId);
      expect(Number(sub.period_start)).toBe(boundary);
      const first = rows.filter((row) => row.pool === 'plan' && row.period === boundary - DAY);
      const next = rows.filter((row) => row.pool === 'plan' && row.period === boundary);
      const planOf = (list: typeof rows) => list.reduce((sum, row) => sum + row.plan, 0);
      // Each period paid at most its quota; the second's use is exactly what its rows say.
      expect(first.length).toBeGreaterThan(0);
      expect(next.length).toBeGreaterThan(0);
      expect(planOf(first)).toBeLessThanOrEqual(periodQuota);
      expect(planOf(first)).toBeGreaterThan(periodQuota - COST);
      expect(planOf(next)).toBe(Number(sub.period_used));
      // Nothing was reserved from the new period before its start, and the wallet paid exactly the rest.
      expect(next.every((row) => row.createdAt >= boundary)).toBe(true);
      expect(rows.every((row) => row.quota === COST)).toBe(true);
      const walletPaid = rows.reduce((sum, row) => sum + row.wallet, 0);
      expect(await f.quotaOf(userId)).toBe(wallet - walletPaid);
      expect(walletPaid + planOf(first) + planOf(next)).toBe(rows.length * COST);
    } finally {
      await second.close();
    }
  });
});
