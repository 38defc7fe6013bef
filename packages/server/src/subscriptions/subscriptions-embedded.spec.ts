import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedApp, startEmbeddedApp } from '../../test/embedded-app';
import { nowSeconds } from '../common/time';
import { JobsService } from '../jobs/jobs.service';
import { QuotaLedgerService } from '../relay/billing/quota-ledger.service';
import { SUBSCRIPTION_ADVANCE_JOB } from './subscription-advance.job';

/** A plan's quota pool on the embedded defaults: PGlite and in-process jobs. */
describe('subscriptions on the embedded database (integration)', () => {
  let embedded: EmbeddedApp;
  let db: DataSource;
  let root: TestAgent;

  beforeAll(async () => {
    embedded = await startEmbeddedApp('subscriptions');
    db = embedded.db;
    root = await embedded.signInRoot();
    await root.put('/api/option/').send({ key: 'GroupRatio', value: JSON.stringify({ default: 1, vip: 1 }) });
  }, 120_000);
  afterAll(async () => embedded?.close());

  it('reserves from the plan, settles, refunds, rolls the period and expires it back to the group', async () => {
    const plan = await root.post('/api/subscription/plan').send({ name: '日卡', price_cny: 1, price_usd: 0, period: 'days', period_days: 1, quota: 100, group: 'vip' });
    expect(plan.body.success).toBe(true);
    const [user] = await db.query(`SELECT id FROM users WHERE username = 'root'`);
    await db.query(`UPDATE users SET quota = 1000 WHERE id = $1`, [user.id]);
    expect((await root.post('/api/token/').send({ name: 't', unlimited_quota: true })).body.success).toBe(true);
    const [token] = await db.query('SELECT id FROM tokens WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [user.id]);
    await db.query(`SELECT gw_grant_subscription($1, $2, 100, 'epay', '', $3)`, [user.id, plan.body.data.id, nowSeconds()]);
    expect((await db.query('SELECT "group", subscribed_until FROM users WHERE id = $1', [user.id]))[0].group).toBe('vip');

    const ledger = embedded.app.get(QuotaLedgerService);
    const first = await ledger.preConsume(user.id, token.id, 30, 500_000, { fallback: true });
    expect(first).toMatchObject({ quota: 30, plan: { fallback: true } });
    const second = await ledger.preConsume(user.id, token.id, 30, 500_000, { fallback: true });
    if (typeof first !== 'object' || typeof second !== 'object') throw new Error('not reserved');
    await ledger.settle({ userId: user.id, tokenId: token.id, channelId: 0 }, first, 90);
    await ledger.refund(second);
    await ledger.flush();
    // 30 reserved + 60 more from the plan; the refunded 30 came back.
    const [used] = await db.query('SELECT period_used, period_start FROM user_subscriptions WHERE user_id = $1', [user.id]);
    expect(Number(used.period_used)).toBe(90);
    expect(Number((await db.query('SELECT quota FROM users WHERE id = $1', [user.id]))[0].quota)).toBe(1000);
    expect(await ledger.preConsume(user.id, token.id, 30, 500_000, { fallback: false })).toBe('plan');

    // A day later the period starts again with nothing used; two days later the plan is over.
    await db.query('UPDATE user_subscriptions SET starts_at = starts_at - 86400, period_start = period_start - 86400, period_end = period_end - 86400, expires_at = expires_at + 0 WHERE user_id = $1', [user.id]);
    await db.query('UPDATE user_subscriptions SET expires_at = period_end + 86400, renewals = 1 WHERE user_id = $1', [user.id]);
    const third = await ledger.preConsume(user.id, token.id, 30, 500_000, { fallback: false });
    expect(third).toMatchObject({ plan: { periodStart: Number(used.period_start) } });
    const [rolled] = await db.query('SELECT period_used, period_index FROM user_subscriptions WHERE user_id = $1', [user.id]);
    expect([Number(rolled.period_used), rolled.period_index]).toEqual([30, 1]);
    if (typeof third === 'object') await ledger.refund(third);

    await db.query('UPDATE user_subscriptions SET expires_at = $2 WHERE user_id = $1', [user.id, nowSeconds() - 1]);
    await embedded.app.get(JobsService).run(SUBSCRIPTION_ADVANCE_JOB);
    expect((await db.query('SELECT status FROM user_subscriptions WHERE user_id = $1', [user.id]))[0].status).toBe('expired');
    const [back] = await db.query('SELECT "group", subscribed_until FROM users WHERE id = $1', [user.id]);
    expect([back.group, Number(back.subscribed_until)]).toEqual(['default', 0]);
  });
});
