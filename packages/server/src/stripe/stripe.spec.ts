import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockStripeApi } from '../../test/mock-stripe-api';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { StripeReconcileService } from './stripe-reconcile.service';

const QUOTA_PER_DOLLAR = 500_000;
const WEBHOOK_SECRET = 'whsec_test_endpoint_secret_0123456789';

describe('card payments through Stripe (integration)', () => {
  let t: TestApp;
  let stripe: MockStripeApi;
  let root: TestAgent;
  let serverUrl: string;
  let webhook: string;
  let monthly: number;

  const save = async (key: string, value: string) => {
    const reply = await root.put('/api/option/').send({ key, value });
    expect(reply.body, `${key}=${value}`).toMatchObject({ success: true });
  };
  const configure = async () => {
    await save('StripeApiSecret', stripe.secretKey);
    await save('StripeWebhookSecret', WEBHOOK_SECRET);
  };
  const quotaOf = async (userId: number) => Number((await t.db.query('SELECT quota FROM users WHERE id = $1', [userId]))[0].quota);
  const orderOf = async (tradeNo: string) => (await t.db.query('SELECT * FROM topup_orders WHERE trade_no = $1', [tradeNo]))[0];
  const subscriptionsOf = (userId: number) => t.db.query('SELECT * FROM user_subscriptions WHERE user_id = $1 ORDER BY id', [userId]);
  const deliver = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) => stripe.deliver(webhook, payload, secret, timestamp);

  /** A card top-up of `amount` dollars, paid at Stripe; answers the order's trade number and the completed session. */
  const paidTopUp = async (agent: TestAgent, amount = 10) => {
    const reply = await agent.post('/api/user/stripe/pay').send({ amount });
    expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ success: true });
    const tradeNo = reply.body.data.trade_no as string;
    return { tradeNo, session: stripe.pay(stripe.sessionOf(tradeNo).id), url: reply.body.data.url as string };
  };

  beforeAll(async () => {
    stripe = await new MockStripeApi().start();
    t = await startTestApp({ OUTBOUND_ALLOW_PRIVATE: 'payment', STRIPE_API_URL: stripe.url });
    await t.app.listen(0, '127.0.0.1');
    serverUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    webhook = `${serverUrl}/api/stripe/webhook`;
    root = (await t.login('root', ROOT_PASSWORD)).agent;
    await save('ServerAddress', serverUrl);
    await save('GroupRatio', JSON.stringify({ default: 1, vip: 1 }));
    const plan = await root.post('/api/subscription/plan').send({ name: 'Pro 月付', price_cny: 0, price_usd: 19.99, period: 'month', quota: 2_000_000, group: 'vip' });
    monthly = plan.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.stop();
  });

  it('is off until the secret key, the webhook secret and ServerAddress are set; the keys are sealed at rest', async () => {
    const { agent } = await t.signUp('card-off');
    expect((await agent.post('/api/user/stripe/pay').send({ amount: 10 })).body).toMatchObject({ success: false, message: '管理员未开启银行卡支付' });
    expect((await agent.post('/api/subscription/stripe/pay').send({ plan_id: monthly })).body).toMatchObject({ success: false, message: '管理员未开启银行卡支付' });
    expect((await t.http().get('/api/status')).body.data.enable_stripe_topup).toBe(false);
    expect(await deliver(stripe.event('checkout.session.completed', {}))).toEqual({ status: 400, body: JSON.stringify({ error: 'card payment is not configured' }) });
    expect(stripe.calls).toEqual([]);

    await configure();
    expect((await t.http().get('/api/status')).body.data.enable_stripe_topup).toBe(true);
    const stored = await t.db.query(`SELECT key, value FROM options WHERE key IN ('StripeApiSecret', 'StripeWebhookSecret')`);
    expect(stored).toHaveLength(2);
    for (const row of stored) expect(row.value).not.toMatch(/sk_test_|whsec_/);
    const listed = (await root.get('/api/option/')).body.data as Array<{ key: string; value: string }>;
    expect(listed.filter((option) => option.key.startsWith('Stripe') && option.key !== 'StripeUnitPrice').map((option) => option.value)).toEqual(['', '']);
  });

  it('tops up the wallet by card: a Checkout Session for the order, credited once for one event sent 10 times in sequence and 10 at once', async () => {
    const { agent, userId } = await t.signUp('card-topup');
    await save('StripeUnitPrice', '1.5');
    try {
      expect((await agent.post('/api/user/stripe/amount').send({ amount: 10 })).body).toMatchObject({ success: true, data: '15.00' });
      const { tradeNo, session, url } = await paidTopUp(agent, 10);
      expect(url).toBe(session.url);
      expect(session.params).toMatchObject({
        mode: 'payment',
        client_reference_id: tradeNo,
        metadata: { trade_no: tradeNo },
        success_url: `${serverUrl}/topup?trade_no=${tradeNo}`,
        line_items: { 0: { quantity: '1', price_data: { currency: 'usd', unit_amount: '1500' } } },
      });
      expect(stripe.idempotencyKeys.at(-1)).toBe(`checkout-${tradeNo}`);
      expect(await orderOf(tradeNo)).toMatchObject({ status: 'pending', payment_method: 'stripe', currency: 'USD', money_cents: '1500', external_id: session.id });

      const event = stripe.event('checkout.session.completed', session);
      const answers = [];
      for (let i = 0; i < 10; i++) answers.push(await deliver(event));
      answers.push(...(await Promise.all(Array.from({ length: 10 }, () => deliver(event)))));
      // The same session reported again under another event id credits nothing more.
      answers.push(await deliver(stripe.event('checkout.session.async_payment_succeeded', session)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(21).fill(200));
      expect(await quotaOf(userId)).toBe(10 * QUOTA_PER_DOLLAR);
      expect(await orderOf(tradeNo)).toMatchObject({ status: 'paid', completed_via: 'notify' });
      const logs = await t.db.query('SELECT quota, content FROM logs WHERE user_id = $1 AND type = 1', [userId]);
      expect(logs).toEqual([{ quota: String(10 * QUOTA_PER_DOLLAR), content: `在线充值成功：充值 10 美元（额度 5000000），支付金额 15.00 美元，订单号 ${tradeNo}` }]);
      const shown = (await agent.get(`/api/user/topup/self/${tradeNo}`)).body.data;
      expect(shown).toMatchObject({ payment_method: 'stripe', currency: 'USD', money: 15, status: 'paid' });
    } finally {
      await save('StripeUnitPrice', '1');
    }
  });

  it('credits nothing for a wrong signature, another endpoint secret, a replay, a changed amount, an unpaid or an unknown session', async () => {
    const { agent, userId } = await t.signUp('card-forged');
    const { tradeNo, session } = await paidTopUp(agent, 10);
    const genuine = stripe.event('checkout.session.completed', session);
    const post = (body: string, headers: Record<string, string>) => fetch(webhook, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const refusals = [
      (await deliver(genuine, 'whsec_another_endpoint_secret')).status,
      // Signed as sent, then changed on the way.
      (await post(genuine.replace('"amount_total":1000', '"amount_total":1001'), { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: genuine, secret: WEBHOOK_SECRET }) })).status,
      (await post(genuine, {})).status,
      (await post(genuine, { 'stripe-signature': 't=1,v1=00' })).status,
      // Signed ten minutes ago: a replay of an old delivery.
      (await deliver(genuine, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600)).status,
    ];
    expect(refusals).toEqual([400, 400, 400, 400, 400]);
    expect(await quotaOf(userId)).toBe(0);

    // Validly signed, but not what the order is for: nothing is credited, and Stripe is told it was received.
    const otherOrder = await paidTopUp(agent, 20);
    const variants = [
      { ...session, amount_total: 1 },
      { ...session, currency: 'eur' },
      { ...session, payment_status: 'unpaid' },
      { ...session, id: 'cs_test_forged' },
      { ...session, client_reference_id: 'NOSUCHORDER0000' },
      { ...session, client_reference_id: otherOrder.tradeNo },
    ];
    for (const variant of variants) expect((await deliver(stripe.event('checkout.session.completed', variant))).status).toBe(200);
    expect(await quotaOf(userId)).toBe(0);
    expect((await orderOf(tradeNo)).status).toBe('pending');
    expect((await orderOf(otherOrder.tradeNo)).status).toBe('pending');

    // The genuine event still credits, once.
    expect((await deliver(genuine)).status).toBe(200);
    expect(await quotaOf(userId)).toBe(10 * QUOTA_PER_DOLLAR);
  });

  it('refuses unsigned bodies of any shape (400, or 415 when not JSON) before reading them, changing nothing', async () => {
    const before = await t.db.query('SELECT count(*) AS n FROM stripe_events');
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const bodies: Array<[string, string]> = [
      ['application/json', deep],
      ['application/json', '{"id":"evt_\u0000","type":"checkout.session.completed"}'],
      ['application/json', '{"amount_total":1e400}'],
      ['application/json', '{not json'],
      ['application/x-www-form-urlencoded', 'type=checkout.session.completed'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n'],
      ['text/plain', 'hello'],
      ['application/json', ''],
    ];
    for (const [type, body] of bodies) {
      const reply = await fetch(webhook, { method: 'POST', headers: { 'content-type': type, 'stripe-signature': 't=1,v1=00' }, body });
      // Not JSON at all: the console's rule for every route that reads JSON answers first (415).
      expect(reply.status, `${type} ${body.slice(0, 40)}`).toBe(type.startsWith('application/json') ? 400 : 415);
    }
    const tooLarge = await fetch(webhook, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(2 * 1024 * 1024) });
    expect(tooLarge.status).toBe(413);
    expect(await t.db.query('SELECT count(*) AS n FROM stripe_events')).toEqual(before);
  });

  it('removes the order when Stripe cannot make its session', async () => {
    const { agent, userId } = await t.signUp('card-down');
    stripe.failCreate = true;
    try {
      expect((await agent.post('/api/user/stripe/pay').send({ amount: 10 })).body).toMatchObject({ success: false, message: '银行卡支付暂时不可用，请稍后再试' });
    } finally {
      stripe.failCreate = false;
    }
    expect(await t.db.query('SELECT * FROM topup_orders WHERE user_id = $1', [userId])).toEqual([]);
  });

  it('credits a card order whose event was lost, once, through the stripe-reconcile job', async () => {
    const { agent, userId } = await t.signUp('card-lost');
    const { tradeNo } = await paidTopUp(agent, 10);
    const unpaid = await agent.post('/api/user/stripe/pay').send({ amount: 30 });
    // A second paid order whose session id was never kept (the process died right after Stripe answered).
    const lostId = await paidTopUp(agent, 5);
    await t.db.query(`UPDATE topup_orders SET external_id = '' WHERE trade_no = $1`, [lostId.tradeNo]);
    await t.db.query('UPDATE topup_orders SET created_at = created_at - 600 WHERE user_id = $1', [userId]);
    const reconcile = t.app.get(StripeReconcileService);
    expect(await reconcile.run()).toMatchObject({ credited: 2 });
    expect(await reconcile.run()).toMatchObject({ credited: 0 });
    expect(await quotaOf(userId)).toBe(15 * QUOTA_PER_DOLLAR);
    expect(await orderOf(tradeNo)).toMatchObject({ status: 'paid', completed_via: 'reconcile' });
    expect(await orderOf(lostId.tradeNo)).toMatchObject({ status: 'paid', external_id: lostId.session.id });
    expect((await orderOf(unpaid.body.data.trade_no)).status).toBe('pending');
  });

  it('sells a plan Stripe renews: the first period by the session, each renewal once by its invoice, a failed one ends it', async () => {
    const { agent, userId } = await t.signUp('card-plan');
    const reply = await agent.post('/api/subscription/stripe/pay').send({ plan_id: monthly });
    expect(reply.body).toMatchObject({ success: true });
    const tradeNo = reply.body.data.trade_no;
    const session = stripe.pay(stripe.sessionOf(tradeNo).id);
    expect(session.params).toMatchObject({
      mode: 'subscription',
      line_items: { 0: { price_data: { currency: 'usd', unit_amount: '1999', recurring: { interval: 'month', interval_count: '1' }, product_data: { name: 'Pro 月付' } } } },
      subscription_data: { metadata: { trade_no: tradeNo, plan_id: String(monthly) } },
    });
    // Stripe also reports the first invoice; the session alone grants the first period.
    expect((await deliver(stripe.event('invoice.paid', stripe.invoice(session.subscription ?? 'none', 1999, 'subscription_create')))).status).toBe(200);
    expect(await subscriptionsOf(userId)).toEqual([]);
    expect((await deliver(stripe.event('checkout.session.completed', session))).status).toBe(200);
    let [sub] = await subscriptionsOf(userId);
    expect(sub).toMatchObject({ provider: 'stripe', external_id: session.subscription, auto_renew: true, renewals: 0, status: 'active', group: 'vip' });
    const firstEnd = Number(sub.expires_at);
    expect(await quotaOf(userId)).toBe(0);

    // A renewal invoice, sent 10 times at once and once more under another event id: one period more.
    const invoice = stripe.invoice(session.subscription!, 1999);
    const event = stripe.event('invoice.paid', invoice);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    answers.push(await deliver(stripe.event('invoice.paid', invoice)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    [sub] = await subscriptionsOf(userId);
    expect(sub.renewals).toBe(1);
    expect(Number(sub.expires_at)).toBeGreaterThan(firstEnd);
    const renewals = await t.db.query(`SELECT status, completed_via, external_id, money_cents FROM topup_orders WHERE user_id = $1 AND completed_via = 'renewal'`, [userId]);
    expect(renewals).toEqual([{ status: 'paid', completed_via: 'renewal', external_id: invoice['id' as keyof typeof invoice], money_cents: '1999' }]);

    // An invoice for another amount, or of another subscription, extends nothing.
    expect((await deliver(stripe.event('invoice.paid', stripe.invoice(session.subscription!, 1)))).status).toBe(200);
    expect((await deliver(stripe.event('invoice.paid', stripe.invoice(session.subscription!, 1999, 'subscription_cycle', 'eur')))).status).toBe(200);
    expect((await subscriptionsOf(userId))[0].renewals).toBe(1);

    // The user stops the renewals of their own card plan (nobody else can): Stripe ends it with the period paid for.
    const stranger = await t.signUp('card-plan-stranger');
    expect((await stranger.agent.post(`/api/subscription/self/${sub.id}/cancel`)).body).toMatchObject({ success: false, message: '订阅不存在' });
    expect((await agent.post('/api/subscription/self/abc/cancel')).body).toMatchObject({ success: false, message: '订阅不存在' });
    expect(stripe.subscriptionUpdates).toEqual([]);
    const cancelled = await agent.post(`/api/subscription/self/${sub.id}/cancel`);
    expect(cancelled.body).toMatchObject({ success: true, message: '已取消自动续费，套餐可用至到期时间', data: { id: sub.id, auto_renew: false } });
    expect(stripe.subscriptionUpdates).toEqual([{ id: session.subscription, params: { cancel_at_period_end: 'true' } }]);
    expect((await agent.post(`/api/subscription/self/${sub.id}/cancel`)).body).toMatchObject({ success: false, message: '该订阅不会自动续费' });

    // The next renewal fails, then the subscription is cancelled: nothing is extended, the plan runs out and the user goes back.
    expect((await deliver(stripe.event('invoice.payment_failed', stripe.invoice(session.subscription!, 1999))))).toMatchObject({ status: 200 });
    expect((await deliver(stripe.event('customer.subscription.deleted', { id: session.subscription, object: 'subscription', status: 'canceled' })))).toMatchObject({ status: 200 });
    [sub] = await subscriptionsOf(userId);
    expect(sub).toMatchObject({ renewals: 1, auto_renew: false });
    const failed = await t.db.query('SELECT type, content FROM logs WHERE user_id = $1 AND type = 4', [userId]);
    expect(failed).toHaveLength(1);
    expect(failed[0].content).toMatch(/^套餐 Pro 月付 自动续费扣款失败，套餐将于 .+（UTC）到期；扣款成功后自动顺延$/);
    const shown = (await agent.get('/api/subscription/self')).body.data[0];
    expect(shown).toMatchObject({ provider: 'stripe', auto_renew: false, renewals: 1 });

    await t.db.query('UPDATE user_subscriptions SET expires_at = 1, period_end = 1 WHERE user_id = $1', [userId]);
    await t.app.get(SubscriptionsService).advanceDue();
    expect((await subscriptionsOf(userId))[0].status).toBe('expired');
    expect((await t.db.query('SELECT "group" FROM users WHERE id = $1', [userId]))[0].group).toBe('default');
  });

  it('refuses card plans that cannot be sold by card, storing nothing', async () => {
    const { agent, userId } = await t.signUp('card-plan-bad');
    const yuanOnly = (await root.post('/api/subscription/plan').send({ name: '仅人民币', price_cny: 10, price_usd: 0, period: 'month', quota: 1 })).body.data.id;
    const tooLong = (await root.post('/api/subscription/plan').send({ name: '两年', price_cny: 0, price_usd: 10, period: 'days', period_days: 730, quota: 1 })).body.data.id;
    const cases: Array<[unknown, string]> = [
      [yuanOnly, '该套餐不支持银行卡支付'],
      [tooLong, '按天数超过 365 天的套餐不支持银行卡支付'],
      ['x', '套餐不存在'],
      [999_999, '套餐不存在'],
    ];
    for (const [plan_id, message] of cases) expect((await agent.post('/api/subscription/stripe/pay').send({ plan_id })).body).toMatchObject({ success: false, message });
    expect(await t.db.query('SELECT * FROM topup_orders WHERE user_id = $1', [userId])).toEqual([]);
  });
});
