import type { AddressInfo } from 'node:net';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockEpayGateway, startMockEpayGateway } from '../../test/mock-epay-gateway';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';
import { TopupReconcileService } from '../payments/topup-reconcile.service';
import { SubscriptionsService } from './subscriptions.service';

interface SubscriptionRow {
  id: number;
  user_id: number;
  plan_id: number;
  plan_name: string;
  status: string;
  group: string;
  previous_group: string;
  period_quota: string;
  period_used: string;
  starts_at: string;
  expires_at: string;
  period_start: string;
  period_end: string;
  renewals: number;
}

/** `seconds` plus `months` calendar months, in UTC: what a monthly plan's period bound is. */
const plusMonths = (seconds: number, months: number): number => {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime() / 1000;
};

describe('subscriptions: plans bought through Epay (integration)', () => {
  let t: TestApp;
  let gateway: MockEpayGateway;
  let root: TestAgent;
  let monthly: number;

  const save = async (key: string, value: string) => {
    const reply = await root.put('/api/option/').send({ key, value });
    expect(reply.body, `${key}=${value}`).toMatchObject({ success: true });
  };
  const createPlan = async (fields: Record<string, unknown>): Promise<number> => {
    const reply = await root
      .post('/api/subscription/plan')
      .send({ name: '月度套餐', price_cny: 29.9, price_usd: 0, period: 'month', quota: 1_000_000, group: 'vip', ...fields });
    expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ success: true });
    return reply.body.data.id;
  };
  const subscriptionsOf = (userId: number): Promise<SubscriptionRow[]> => t.db.query('SELECT * FROM user_subscriptions WHERE user_id = $1 ORDER BY id', [userId]);
  const userRow = async (userId: number) => (await t.db.query('SELECT quota, "group", subscribed_until FROM users WHERE id = $1', [userId]))[0];
  const orderCount = async () => Number((await t.db.query('SELECT count(*) AS n FROM topup_orders'))[0].n);

  /** The wallet's 购买: the order, then the browser's form post to Epay. Returns the trade number. */
  const buy = async (agent: TestAgent, planId: number, payment_method: 'zfb' | 'wx' = 'zfb'): Promise<string> => {
    const reply = await agent.post('/api/subscription/pay').send({ plan_id: planId, payment_method });
    expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ success: true, message: 'success' });
    const submitted = await gateway.submitForm(reply.body.url, reply.body.data);
    expect(submitted.status, submitted.body).toBe(200);
    return reply.body.data.out_trade_no;
  };

  beforeAll(async () => {
    gateway = await startMockEpayGateway();
    t = await startTestApp({ OUTBOUND_ALLOW_PRIVATE: 'payment' });
    await t.app.listen(0, '127.0.0.1');
    root = (await t.login('root', ROOT_PASSWORD)).agent;
    await save('ServerAddress', `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`);
    await save('PayAddress', gateway.url);
    await save('EpayId', gateway.pid);
    await save('EpayKey', gateway.key);
    await save('GroupRatio', JSON.stringify({ default: 1, vip: 1, pro: 1 }));
    monthly = await createPlan({});
  });
  afterAll(async () => {
    await t?.close();
    await gateway?.stop();
  });

  it('refuses bad purchases with a clear message, storing nothing', async () => {
    const { agent } = await t.signUp('sub-bad');
    const off = await createPlan({ name: '已下架', enabled: false });
    const dollarsOnly = await createPlan({ name: '仅美元', price_cny: 0, price_usd: 5 });
    const deleted = await createPlan({ name: '已删除' });
    await root.delete(`/api/subscription/plan/${deleted}`).expect(200);
    const cases: Array<[unknown, unknown, string]> = [
      ['abc', 'zfb', '套餐不存在'],
      [-1, 'zfb', '套餐不存在'],
      [1.5, 'zfb', '套餐不存在'],
      ['1\u0000', 'zfb', '参数中不能包含空字符'],
      [undefined, 'zfb', '套餐不存在'],
      [999_999, 'zfb', '套餐不存在'],
      [deleted, 'zfb', '套餐不存在'],
      [off, 'zfb', '该套餐已下架'],
      [dollarsOnly, 'zfb', '该套餐不支持人民币支付'],
      [monthly, 'card', '请选择支付方式（支付宝或微信）'],
      [monthly, ['zfb'], '请选择支付方式（支付宝或微信）'],
    ];
    for (const [plan_id, payment_method, message] of cases) {
      const reply = await agent.post('/api/subscription/pay').send({ plan_id, payment_method });
      expect(reply.body, JSON.stringify([plan_id, payment_method])).toMatchObject({ success: false, message });
    }
    expect(await orderCount()).toBe(0);
    await t.http().post('/api/subscription/pay').send({ plan_id: monthly, payment_method: 'zfb' }).expect(401);
    await t.http().get('/api/subscription/self').expect(401);
  });

  it('grants the plan once its signed notify arrives, exactly once for 10 notifies in sequence and 10 at once', async () => {
    const { agent, userId } = await t.signUp('sub-buyer');
    await t.db.query('UPDATE users SET quota = 777 WHERE id = $1', [userId]);
    const tradeNo = await buy(agent, monthly, 'wx');
    const [order] = await t.db.query('SELECT plan_id, amount, quota, money_cents, status FROM topup_orders WHERE trade_no = $1', [tradeNo]);
    expect(order).toMatchObject({ plan_id: monthly, amount: 0, quota: '1000000', money_cents: '2990', status: 'pending' });
    expect(gateway.order(tradeNo).money).toBe('29.90');
    expect(await subscriptionsOf(userId)).toEqual([]);

    expect(await gateway.pay(tradeNo)).toBe('success');
    const replies = [];
    for (let i = 0; i < 10; i++) replies.push(await gateway.sendNotify(tradeNo));
    replies.push(...(await Promise.all(Array.from({ length: 10 }, () => gateway.sendNotify(tradeNo)))));
    expect(replies.every((reply) => reply === 'success')).toBe(true);

    const [subscription] = await subscriptionsOf(userId);
    expect(await subscriptionsOf(userId)).toHaveLength(1);
    const start = Number(subscription.starts_at);
    expect(subscription).toMatchObject({ plan_id: monthly, plan_name: '月度套餐', status: 'active', group: 'vip', previous_group: 'default', period_quota: '1000000', period_used: '0', renewals: 0 });
    expect(Number(subscription.expires_at)).toBe(plusMonths(start, 1));
    expect(Number(subscription.period_start)).toBe(start);
    expect(Number(subscription.period_end)).toBe(plusMonths(start, 1));
    // The wallet is not credited; the user moves to the plan's group for its time.
    expect(await userRow(userId)).toEqual({ quota: '777', group: 'vip', subscribed_until: subscription.expires_at });
    const logs = await t.db.query('SELECT quota, content FROM logs WHERE user_id = $1 AND type = 1', [userId]);
    expect(logs).toHaveLength(1);
    expect(logs[0].quota).toBe('0');
    expect(logs[0].content).toBe(`购买套餐成功：套餐 月度套餐（每周期额度 1000000），支付金额 29.90 元，订单号 ${tradeNo}`);

    const own = await agent.get('/api/subscription/self');
    expect(own.body.data).toEqual([
      expect.objectContaining({ plan_id: monthly, plan_name: '月度套餐', status: 'active', provider: 'epay', period_quota: 1_000_000, quota_left: 1_000_000, renewals: 0 }),
    ]);
    const history = await agent.get('/api/user/topup/self');
    expect(history.body.data.items[0]).toMatchObject({ source: 'order', trade_no: tradeNo, plan_id: monthly, plan_name: '月度套餐', status: 'paid', money: 29.9 });
    const single = await agent.get(`/api/user/topup/self/${tradeNo}`);
    expect(single.body.data).toMatchObject({ plan_id: monthly, plan_name: '月度套餐', status: 'paid' });
    // An Epay plan does not renew by itself: nothing to cancel.
    expect((await agent.post(`/api/subscription/self/${subscription.id}/cancel`)).body).toMatchObject({ success: false, message: '该订阅不会自动续费' });
    // Nobody else sees it.
    const stranger = await t.signUp('sub-stranger');
    expect((await stranger.agent.get('/api/subscription/self')).body.data).toEqual([]);
    expect((await stranger.agent.get(`/api/user/topup/self/${tradeNo}`)).body).toMatchObject({ success: false });
  });

  it('grants nothing for a forged, altered or unknown notify', async () => {
    const { agent, userId } = await t.signUp('sub-forged');
    const tradeNo = await buy(agent, monthly);
    gateway.order(tradeNo).status = 1;
    expect(await gateway.sendNotify(tradeNo, { tamper: { money: '0.01' } })).toBe('fail');
    expect(await gateway.sendNotify(tradeNo, { changes: { money: '0.01' } })).toBe('fail');
    expect(await gateway.sendNotify(tradeNo, { omit: ['sign'] })).toBe('fail');
    expect(await gateway.sendNotify(tradeNo, { changes: { out_trade_no: `${tradeNo.slice(0, -4)}0000` } })).toBe('fail');
    expect(await subscriptionsOf(userId)).toEqual([]);
    expect((await userRow(userId)).group).toBe('default');
    expect((await t.db.query('SELECT status FROM topup_orders WHERE trade_no = $1', [tradeNo]))[0].status).toBe('pending');
  });

  it('renews the same plan by one period per order, through the notify or reconciliation, on the same row', async () => {
    const { agent, userId } = await t.signUp('sub-renew');
    await gateway.pay(await buy(agent, monthly));
    const second = await buy(agent, monthly);
    gateway.dropNotify = true;
    try {
      await gateway.pay(second);
    } finally {
      gateway.dropNotify = false;
    }
    await t.db.query('UPDATE topup_orders SET created_at = created_at - 600 WHERE trade_no = $1', [second]);
    expect((await t.app.get(TopupReconcileService).run()).credited).toBe(1);
    const rows = await subscriptionsOf(userId);
    expect(rows).toHaveLength(1);
    const start = Number(rows[0].starts_at);
    expect(rows[0].renewals).toBe(1);
    expect(Number(rows[0].expires_at)).toBe(plusMonths(start, 2));
    expect(Number(rows[0].period_end)).toBe(plusMonths(start, 1));
    expect((await userRow(userId)).subscribed_until).toBe(rows[0].expires_at);
    const logs = await t.db.query('SELECT content FROM logs WHERE user_id = $1 AND type = 1 ORDER BY id', [userId]);
    expect(logs[1].content).toMatch(/^购买套餐成功（对账补单）：套餐 月度套餐/);
  });

  it('keeps to the limit per user, counting paid orders', async () => {
    const { agent } = await t.signUp('sub-limit');
    const once = await createPlan({ name: '限购一次', limit_per_user: 1 });
    await gateway.pay(await buy(agent, once));
    const before = await orderCount();
    const reply = await agent.post('/api/subscription/pay').send({ plan_id: once, payment_method: 'zfb' });
    expect(reply.body).toMatchObject({ success: false, message: '该套餐每人限购 1 次，您已达到上限' });
    expect(await orderCount()).toBe(before);
  });

  it('schedules another plan after the running one; time expires the first, starts the second and moves the groups', async () => {
    const { agent, userId } = await t.signUp('sub-switch');
    const pro = await createPlan({ name: '专业版', period: 'days', period_days: 10, group: 'pro' });
    const plain = await createPlan({ name: '无分组', period: 'days', period_days: 3, group: '' });
    await gateway.pay(await buy(agent, monthly));
    await gateway.pay(await buy(agent, pro));
    let [first, second] = await subscriptionsOf(userId);
    expect(second).toMatchObject({ plan_id: pro, status: 'scheduled', group: 'pro', previous_group: '' });
    expect(second.starts_at).toBe(first.expires_at);
    expect(Number(second.expires_at)).toBe(Number(first.expires_at) + 10 * 86400);
    expect((await userRow(userId)).group).toBe('vip');

    // A month passes: the job expires the first and starts the second.
    const month = Number(first.expires_at) - Number(first.starts_at);
    await t.db.query(
      'UPDATE user_subscriptions SET starts_at = starts_at - $2, expires_at = expires_at - $2, period_start = period_start - $2, period_end = period_end - $2 WHERE user_id = $1',
      [userId, month],
    );
    expect(await t.app.get(SubscriptionsService).advanceDue()).toBeGreaterThanOrEqual(1);
    [first, second] = await subscriptionsOf(userId);
    expect(first.status).toBe('expired');
    expect(second).toMatchObject({ status: 'active', previous_group: 'default' });
    expect(await userRow(userId)).toMatchObject({ group: 'pro', subscribed_until: second.expires_at });

    // Ten days more: nothing runs, the user is back in their own group.
    await t.db.query('UPDATE user_subscriptions SET starts_at = starts_at - 864000, expires_at = expires_at - 864000, period_start = period_start - 864000, period_end = period_end - 864000 WHERE user_id = $1', [userId]);
    const listed = await agent.get('/api/subscription/self');
    expect(listed.body.data.map((row: { status: string }) => row.status)).toEqual(['expired', 'expired']);
    expect(await userRow(userId)).toMatchObject({ group: 'default', subscribed_until: '0' });

    // A plan without a group leaves the group alone; an administrator's move is not undone.
    await gateway.pay(await buy(agent, plain));
    expect((await userRow(userId)).group).toBe('default');
    await gateway.pay(await buy(agent, pro));
    const [, , third, fourth] = await subscriptionsOf(userId);
    expect(third.plan_id).toBe(plain);
    expect(fourth).toMatchObject({ plan_id: pro, status: 'scheduled' });
    await t.db.query('UPDATE users SET "group" = $2 WHERE id = $1', [userId, 'default']);
    const shift = Number(third.expires_at) - Number(third.starts_at);
    await t.db.query(
      'UPDATE user_subscriptions SET starts_at = starts_at - $2, expires_at = expires_at - $2, period_start = period_start - $2, period_end = period_end - $2 WHERE user_id = $1 AND status <> $3',
      [userId, shift, 'expired'],
    );
    await t.app.get(SubscriptionsService).advanceDue();
    expect((await userRow(userId)).group).toBe('pro');
    await t.db.query('UPDATE users SET "group" = $2 WHERE id = $1', [userId, 'vip']); // an administrator moves them
    await t.db.query('UPDATE user_subscriptions SET expires_at = 1 WHERE user_id = $1 AND plan_id = $2', [userId, pro]);
    await t.app.get(SubscriptionsService).advanceDue();
    expect((await userRow(userId)).group).toBe('vip');
  });
});
