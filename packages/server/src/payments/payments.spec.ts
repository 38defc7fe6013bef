import type { AddressInfo } from 'node:net';
import { ConsoleLogger } from '@nestjs/common';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobsService } from '../jobs/jobs.service';
import { MockEpayGateway, startMockEpayGateway } from '../../test/mock-epay-gateway';
import { ROOT_PASSWORD, startSecondInstance, startTestApp, TestApp } from '../../test/test-app';
import { TOPUP_RECONCILE_JOB } from './topup-reconcile.job';
import { TopupReconcileService } from './topup-reconcile.service';

const QUOTA_PER_DOLLAR = 500_000;
const DISABLED = '管理员未开启在线充值！';
const NOT_FOUND = '订单不存在';

interface OrderRow {
  id: number;
  user_id: number;
  trade_no: string;
  upstream_trade_no: string;
  payment_method: string;
  amount: number;
  quota: string;
  money_cents: string;
  top_up_code: string;
  status: string;
  created_at: string;
  paid_at: string;
  completed_via: string;
  completed_by: number;
}

describe('online top-up through Epay (integration)', () => {
  let t: TestApp;
  let gateway: MockEpayGateway;
  let serverUrl: string;
  let root: TestAgent;
  /** Every line the application logged, at any level (the test's LOG_LEVEL hides them from the console). */
  const logged: string[] = [];
  /** Every signature that went over the wire in this file. */
  const signs = new Set<string>();

  const save = async (key: string, value: string) => {
    const reply = await root.put('/api/option/').send({ key, value });
    expect(reply.body, `${key}=${value}`).toMatchObject({ success: true });
  };
  const configure = async () => {
    await save('ServerAddress', serverUrl);
    await save('PayAddress', gateway.url);
    await save('EpayId', gateway.pid);
    await save('EpayKey', gateway.key);
  };

  const orders = (userId?: number): Promise<OrderRow[]> =>
    userId === undefined ? t.db.query('SELECT * FROM topup_orders ORDER BY id') : t.db.query('SELECT * FROM topup_orders WHERE user_id = $1 ORDER BY id', [userId]);
  const orderRow = async (tradeNo: string): Promise<OrderRow> => (await t.db.query('SELECT * FROM topup_orders WHERE trade_no = $1', [tradeNo]))[0];
  const quotaOf = async (userId: number) => Number((await t.db.query('SELECT quota FROM users WHERE id = $1', [userId]))[0].quota);
  const topupLogs = (userId: number): Promise<Array<{ quota: string; content: string; username: string }>> =>
    t.db.query('SELECT quota, content, username FROM logs WHERE user_id = $1 AND type = 1 ORDER BY id', [userId]);
  const backdate = (tradeNo: string, seconds: number) => t.db.query('UPDATE topup_orders SET created_at = created_at - $2 WHERE trade_no = $1', [tradeNo, seconds]);

  /** The wallet page's "pay": the order, then the browser's form post to Epay. Returns the trade number. */
  const placeOrder = async (agent: TestAgent, amount = 10, payment_method: 'zfb' | 'wx' = 'zfb'): Promise<string> => {
    const reply = await agent.post('/api/user/pay').send({ amount, payment_method, top_up_code: '' });
    expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ success: true, message: 'success' });
    signs.add(reply.body.data.sign);
    const submitted = await gateway.submitForm(reply.body.url, reply.body.data);
    expect(submitted.status, submitted.body).toBe(200);
    return reply.body.data.out_trade_no;
  };
  const notifyParams = (...args: Parameters<MockEpayGateway['notifyParams']>) => {
    const params = gateway.notifyParams(...args);
    if (params.sign) signs.add(params.sign);
    return params;
  };
  const reconcile = () => t.app.get(TopupReconcileService).run();

  beforeAll(async () => {
    for (const level of ['log', 'warn', 'error', 'debug', 'verbose', 'fatal'] as const) {
      vi.spyOn(ConsoleLogger.prototype, level).mockImplementation(function (this: ConsoleLogger, ...args: unknown[]) {
        logged.push(args.map(String).join(' '));
      });
    }
    gateway = await startMockEpayGateway();
    t = await startTestApp({ OUTBOUND_ALLOW_PRIVATE: 'payment' });
    // Listening for real: the mock gateway sends its notifies to ServerAddress.
    await t.app.listen(0, '127.0.0.1');
    serverUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    root = (await t.login('root', ROOT_PASSWORD)).agent;
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
    await gateway.stop();
  });

  describe('configuration', () => {
    let user: TestAgent;
    beforeAll(async () => {
      user = (await t.signUp('pay-config')).agent;
    });

    it('refuses every order while no payment option is set, storing nothing', async () => {
      const reply = await user.post('/api/user/pay').send({ amount: 10, payment_method: 'zfb' });
      expect(reply.body).toEqual({ success: false, message: DISABLED, data: null });
      expect((await t.http().get('/api/status')).body.data.enable_online_topup).toBe(false);
      expect(await orders()).toEqual([]);
    });

    it.each(['ServerAddress', 'PayAddress', 'EpayId', 'EpayKey'])('refuses orders while %s alone is missing, storing nothing', async (missing) => {
      await configure();
      await save(missing, '');
      try {
        for (const payment_method of ['zfb', 'wx']) {
          const reply = await user.post('/api/user/pay').send({ amount: 10, payment_method });
          expect(reply.body).toEqual({ success: false, message: DISABLED, data: null });
        }
        expect((await t.http().get('/api/status')).body.data.enable_online_topup).toBe(false);
        expect(await orders()).toEqual([]);
        expect(gateway.orders.size).toBe(0);
        // The price is still shown: the wallet page prices an amount before it offers payment.
        expect((await user.post('/api/user/amount').send({ amount: 10 })).body).toEqual({ success: true, message: 'success', data: '73.00' });
      } finally {
        await configure();
      }
    });

    it('turns on once PayAddress, EpayId, EpayKey and ServerAddress are all set', async () => {
      await configure();
      expect((await t.http().get('/api/status')).body.data.enable_online_topup).toBe(true);
    });
  });

  describe('price and order', () => {
    let user: TestAgent;
    let userId: number;
    beforeAll(async () => {
      await configure();
      ({ agent: user, userId } = await t.signUp('pay-order'));
    });
    beforeEach(async () => {
      await save('Price', '7.3');
      await save('MinTopUp', '1');
      await save('TopupGroupRatio', '{"default":1,"vip":1,"svip":1}');
      await t.db.query(`UPDATE users SET "group" = 'default' WHERE id = $1`, [userId]);
    });

    const price = async (amount: unknown) => (await user.post('/api/user/amount').send({ amount, top_up_code: '' })).body;

    it('prices whole dollars at Price yuan each, in fen, with an amount below 1 counted as 1', async () => {
      expect(await price(10)).toEqual({ success: true, message: 'success', data: '73.00' });
      expect((await price(3)).data).toBe('21.90');
      expect((await price(1)).data).toBe('7.30');
      expect((await price(0)).data).toBe('7.30');
      expect((await price(-5)).data).toBe('7.30');
      expect((await price('12')).data).toBe('87.60');
    });

    it('multiplies by the TopupGroupRatio of the user group and rounds half up to the fen, without float drift', async () => {
      await save('TopupGroupRatio', '{"default":1,"vip":0.95,"svip":0.9}');
      await t.db.query(`UPDATE users SET "group" = 'vip' WHERE id = $1`, [userId]);
      // 3 × 7.3 × 0.95 = 20.805: 20.81 (floating point would make it 20.80).
      expect((await price(3)).data).toBe('20.81');
      await save('Price', '7.35');
      expect((await price(7)).data).toBe('48.88');
      await t.db.query(`UPDATE users SET "group" = 'svip' WHERE id = $1`, [userId]);
      expect((await price(7)).data).toBe('46.31');
      // A group the option does not list pays the full price.
      await t.db.query(`UPDATE users SET "group" = 'other' WHERE id = $1`, [userId]);
      expect((await price(7)).data).toBe('51.45');
    });

    it('stores the order with the price, the quota and the method it was made with', async () => {
      await save('TopupGroupRatio', '{"default":1,"vip":0.95}');
      await t.db.query(`UPDATE users SET "group" = 'vip' WHERE id = $1`, [userId]);
      const reply = await user.post('/api/user/pay').send({ amount: 3, payment_method: 'wx', top_up_code: 'promo-1' });
      expect(reply.body).toMatchObject({ success: true, message: 'success', url: `${gateway.url}/submit.php` });
      const form = reply.body.data;
      signs.add(form.sign);
      const tradeNo: string = form.out_trade_no;
      expect(form).toEqual({
        pid: gateway.pid,
        type: 'wxpay',
        out_trade_no: tradeNo,
        notify_url: `${serverUrl}/api/user/epay/notify`,
        return_url: `${serverUrl}/topup?trade_no=${tradeNo}`,
        name: 'TUC3',
        money: '20.81',
        sign: expect.stringMatching(/^[0-9a-f]{32}$/),
        sign_type: 'MD5',
      });
      expect(JSON.stringify(reply.body)).not.toContain(gateway.key);
      expect(await orderRow(tradeNo)).toMatchObject({
        user_id: userId,
        payment_method: 'wx',
        amount: 3,
        quota: String(3 * QUOTA_PER_DOLLAR),
        money_cents: '2081',
        top_up_code: 'promo-1',
        status: 'pending',
        paid_at: '0',
        completed_via: '',
      });
      // Epay accepts the form as the browser posts it: pid and signature check out on its side.
      const submitted = await gateway.submitForm(reply.body.url, form);
      expect(submitted.status, submitted.body).toBe(200);
      expect(gateway.order(tradeNo)).toMatchObject({ type: 'wxpay', money: '20.81', status: 0 });
    });

    it('sends Epay to CustomCallbackAddress for the notify when it is set', async () => {
      await save('CustomCallbackAddress', 'https://callback.example.com');
      try {
        const reply = await user.post('/api/user/pay').send({ amount: 1, payment_method: 'zfb' });
        expect(reply.body.data).toMatchObject({ type: 'alipay', notify_url: 'https://callback.example.com/api/user/epay/notify', return_url: expect.stringMatching(`^${serverUrl}/topup\\?trade_no=`) });
      } finally {
        await save('CustomCallbackAddress', '');
      }
    });

    it('gives every order its own unguessable trade number', async () => {
      const replies = await Promise.all(Array.from({ length: 20 }, () => user.post('/api/user/pay').send({ amount: 1, payment_method: 'zfb' })));
      const tradeNos = replies.map((reply) => reply.body.data.out_trade_no as string);
      expect(new Set(tradeNos).size).toBe(20);
      for (const tradeNo of tradeNos) expect(tradeNo).toMatch(/^\d{14}[0-9a-f]{24}$/);
      // The random part differs everywhere: no counter to step through.
      expect(new Set(tradeNos.map((tradeNo) => tradeNo.slice(14, 20))).size).toBe(20);
    });

    it('refuses an amount below MinTopUp, the forced 1 included, storing nothing', async () => {
      await save('MinTopUp', '5');
      const before = (await orders(userId)).length;
      for (const amount of [4, 1, 0]) {
        expect(await price(amount)).toEqual({ success: false, message: '充值数量不能小于 5', data: null });
        const reply = await user.post('/api/user/pay').send({ amount, payment_method: 'zfb' });
        expect(reply.body).toEqual({ success: false, message: '充值数量不能小于 5', data: null });
      }
      expect((await orders(userId)).length).toBe(before);
      expect((await price(5)).data).toBe('36.50');
      expect((await user.post('/api/user/pay').send({ amount: 5, payment_method: 'zfb' })).body.success).toBe(true);
    });

    it('refuses an order that would cost less than a fen', async () => {
      await save('Price', '0.001');
      const before = (await orders(userId)).length;
      expect(await price(1)).toEqual({ success: false, message: '充值金额过低', data: null });
      expect((await user.post('/api/user/pay').send({ amount: 1, payment_method: 'zfb' })).body).toEqual({ success: false, message: '充值金额过低', data: null });
      expect((await orders(userId)).length).toBe(before);
    });

    it.each([
      [{ payment_method: 'zfb' }, '请输入充值数量'],
      [{ amount: 'abc', payment_method: 'zfb' }, '充值数量必须是整数'],
      [{ amount: 1.5, payment_method: 'zfb' }, '充值数量必须是整数'],
      [{ amount: 1_000_001, payment_method: 'zfb' }, '充值数量不能大于 1000000'],
      [{ amount: 10 }, '请选择支付方式（支付宝或微信）'],
      [{ amount: 10, payment_method: 'qqpay' }, '请选择支付方式（支付宝或微信）'],
      [{ amount: 10, payment_method: 'zfb', top_up_code: 'x'.repeat(65) }, '充值码过长'],
    ])('refuses %j with a clear message, storing nothing', async (body, message) => {
      const before = (await orders(userId)).length;
      const reply = await user.post('/api/user/pay').send(body);
      expect(reply.body).toEqual({ success: false, message, data: null });
      expect((await orders(userId)).length).toBe(before);
    });

    it('answers guests with 401', async () => {
      expect((await t.http().post('/api/user/pay').send({ amount: 10, payment_method: 'zfb' })).status).toBe(401);
      expect((await t.http().post('/api/user/amount').send({ amount: 10 })).status).toBe(401);
    });
  });

  describe('notify', () => {
    let userId: number;
    let user: TestAgent;
    let tradeNo: string;
    beforeAll(async () => {
      await configure();
      await save('Price', '7.3');
      await save('MinTopUp', '1');
      ({ agent: user, userId } = await t.signUp('pay-notify'));
    });
    beforeEach(async () => {
      gateway.notifyMethod = 'GET';
      await t.db.query('UPDATE users SET quota = 0 WHERE id = $1', [userId]);
      await t.db.query('DELETE FROM logs WHERE user_id = $1', [userId]);
      tradeNo = await placeOrder(user, 10, 'zfb');
    });

    const expectNothingCredited = async () => {
      expect(await quotaOf(userId)).toBe(0);
      expect(await orderRow(tradeNo)).toMatchObject({ status: 'pending', paid_at: '0', completed_via: '', upstream_trade_no: '' });
      expect(await topupLogs(userId)).toEqual([]);
    };
    const expectCreditedOnce = async (via = 'notify') => {
      expect(await quotaOf(userId)).toBe(10 * QUOTA_PER_DOLLAR);
      const row = await orderRow(tradeNo);
      expect(row).toMatchObject({ status: 'paid', completed_via: via, upstream_trade_no: gateway.order(tradeNo).trade_no });
      expect(Number(row.paid_at)).toBeGreaterThan(0);
      const logs = await topupLogs(userId);
      expect(logs).toHaveLength(1);
      expect(logs[0].quota).toBe(String(10 * QUOTA_PER_DOLLAR));
      expect(logs[0].content).toContain('10 美元');
      expect(logs[0].content).toContain('73.00 元');
      expect(logs[0].content).toContain(tradeNo);
    };

    it('credits a paid order once the signed notify arrives (GET, as Epay sends it) and answers success', async () => {
      expect(await gateway.pay(tradeNo)).toBe('success');
      await expectCreditedOnce();
    });

    it("pays through the gateway's cashier page as a browser does: notify first, then back to return_url", async () => {
      const cashier = await fetch(`${gateway.url}/pay`, { method: 'POST', body: new URLSearchParams({ out_trade_no: tradeNo }), redirect: 'manual' });
      expect(cashier.status).toBe(302);
      expect(cashier.headers.get('location')).toBe(`${serverUrl}/topup?trade_no=${tradeNo}`);
      await expectCreditedOnce();
      const shown = await user.get(`/api/user/topup/self/${tradeNo}`);
      expect(shown.body.data).toMatchObject({ trade_no: tradeNo, status: 'paid', completed_via: 'notify', amount: 10, money: 73 });
    });

    it('takes the notify as a POST form too', async () => {
      gateway.notifyMethod = 'POST';
      expect(await gateway.pay(tradeNo)).toBe('success');
      await expectCreditedOnce();
    });

    it('passes the cross-site check: Epay calls from its server, without Origin', async () => {
      const reply = await t.http().post('/api/user/epay/notify').type('form').send(notifyParams(tradeNo));
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toMatch(/^text\/plain/);
      expect(reply.text).toBe('success');
      await expectCreditedOnce();
    });

    it.each<[string, Parameters<MockEpayGateway['notifyParams']>[1]]>([
      ['a forged sign', { tamper: { sign: 'f'.repeat(32) } }],
      ['a sign made with another key', { tamper: { sign: '0123456789abcdef0123456789abcdef' } }],
      ['money altered after signing', { tamper: { money: '0.01' } }],
      ['a signed notify for other money', { changes: { money: '0.01' } }],
      ['a signed notify for more money', { changes: { money: '730.00' } }],
      ['another pid', { changes: { pid: '9999' } }],
      ['pid altered after signing', { tamper: { pid: '9999' } }],
      ['a missing sign', { omit: ['sign'] }],
      ['an empty sign', { tamper: { sign: '' } }],
      ['sign_type other than MD5', { tamper: { sign_type: 'RSA' } }],
      ['trade_status WAIT_BUYER_PAY', { changes: { trade_status: 'WAIT_BUYER_PAY' } }],
      ['trade_status TRADE_CLOSED', { changes: { trade_status: 'TRADE_CLOSED' } }],
      ['a missing trade_status', { omit: ['trade_status'], changes: {} }],
      ['an unknown trade number', { changes: { out_trade_no: '20250101000000aaaaaaaaaaaaaaaaaaaaaaaa' } }],
      ['another payment method (wxpay for an alipay order)', { changes: { type: 'wxpay' } }],
      ['an unknown payment method', { changes: { type: 'qqpay' } }],
    ])('credits nothing for %s and answers fail', async (_what, options) => {
      for (const method of ['GET', 'POST'] as const) {
        expect(await gateway.sendNotify(tradeNo, { ...options, method })).toBe('fail');
      }
      await expectNothingCredited();
      // The genuine notify still works afterwards.
      expect(await gateway.sendNotify(tradeNo)).toBe('success');
      await expectCreditedOnce();
    });

    it('credits nothing for a notify without parameters, or with repeated ones', async () => {
      expect((await t.http().get('/api/user/epay/notify')).text).toBe('fail');
      expect((await t.http().post('/api/user/epay/notify')).text).toBe('fail');
      const params = notifyParams(tradeNo);
      const repeated = `${new URLSearchParams(params)}&money=${params.money}`;
      expect((await t.http().get(`/api/user/epay/notify?${repeated}`)).text).toBe('fail');
      await expectNothingCredited();
    });

    it('credits exactly once for one valid notify sent 10 times in sequence, answering success each time', async () => {
      gateway.order(tradeNo).status = 1;
      for (let i = 0; i < 10; i++) expect(await gateway.sendNotify(tradeNo), `notify ${i + 1}`).toBe('success');
      await expectCreditedOnce();
    });

    it('credits exactly once for one valid notify sent 10 times in parallel', async () => {
      gateway.order(tradeNo).status = 1;
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => gateway.sendNotify(tradeNo, { method: i % 2 ? 'POST' : 'GET' })));
      expect(answers).toEqual(Array(10).fill('success'));
      await expectCreditedOnce();
    });

    it('refuses notifies while online top-up is not configured', async () => {
      await save('EpayKey', '');
      try {
        expect(await gateway.sendNotify(tradeNo)).toBe('fail');
        await expectNothingCredited();
      } finally {
        await configure();
      }
    });
  });

  describe('reconciliation', () => {
    let userId: number;
    let user: TestAgent;
    beforeAll(async () => {
      await configure();
      await save('Price', '7.3');
      await save('MinTopUp', '1');
      ({ agent: user, userId } = await t.signUp('pay-reconcile'));
    });
    beforeEach(async () => {
      gateway.dropNotify = false;
      gateway.beforeQueryAnswer = undefined;
      await t.db.query('UPDATE users SET quota = 0 WHERE id = $1', [userId]);
      await t.db.query('DELETE FROM logs WHERE user_id = $1', [userId]);
    });
    afterAll(() => {
      gateway.dropNotify = false;
      gateway.beforeQueryAnswer = undefined;
    });

    it('credits a paid order whose notify was lost exactly once, through the topup-reconcile job', async () => {
      gateway.dropNotify = true;
      const tradeNo = await placeOrder(user, 10, 'zfb');
      expect(await gateway.pay(tradeNo)).toBeUndefined();
      // A fresh order still has its notify coming: Epay is not asked yet.
      await t.app.get(JobsService).run(TOPUP_RECONCILE_JOB);
      expect(gateway.queries).not.toContain(tradeNo);
      expect((await orderRow(tradeNo)).status).toBe('pending');

      await backdate(tradeNo, 6 * 60);
      await t.app.get(JobsService).run(TOPUP_RECONCILE_JOB);
      expect(gateway.queries).toContain(tradeNo);
      expect(await orderRow(tradeNo)).toMatchObject({ status: 'paid', completed_via: 'reconcile', upstream_trade_no: gateway.order(tradeNo).trade_no });
      expect(await quotaOf(userId)).toBe(10 * QUOTA_PER_DOLLAR);

      // Again, and then the late notify: nothing more.
      await reconcile();
      expect(await gateway.sendNotify(tradeNo)).toBe('success');
      expect(await quotaOf(userId)).toBe(10 * QUOTA_PER_DOLLAR);
      const logs = await topupLogs(userId);
      expect(logs).toHaveLength(1);
      expect(logs[0].content).toContain('对账补单');
    });

    it('credits exactly once when the late notify arrives while reconciliation asks Epay', async () => {
      gateway.dropNotify = true;
      const tradeNo = await placeOrder(user, 2, 'wx');
      await gateway.pay(tradeNo);
      await backdate(tradeNo, 10 * 60);
      const lateAnswers: string[] = [];
      gateway.beforeQueryAnswer = async (asked) => {
        if (asked === tradeNo) lateAnswers.push(await gateway.sendNotify(tradeNo));
      };
      const summary = await reconcile();
      expect(lateAnswers).toEqual(['success']);
      expect(summary.credited).toBe(0);
      expect(await orderRow(tradeNo)).toMatchObject({ status: 'paid', completed_via: 'notify' });
      expect(await quotaOf(userId)).toBe(2 * QUOTA_PER_DOLLAR);
      expect(await topupLogs(userId)).toHaveLength(1);
    });

    it('leaves an unpaid order pending, and expires it after a day; a payment confirmed later is still credited', async () => {
      const tradeNo = await placeOrder(user, 1, 'zfb');
      await backdate(tradeNo, 6 * 60);
      await reconcile();
      expect(gateway.queries).toContain(tradeNo);
      expect((await orderRow(tradeNo)).status).toBe('pending');

      await backdate(tradeNo, 24 * 3600);
      await reconcile();
      expect(await orderRow(tradeNo)).toMatchObject({ status: 'expired', paid_at: '0' });
      // Expired orders are no longer asked about.
      const asked = gateway.queries.length;
      await reconcile();
      expect(gateway.queries.slice(asked)).not.toContain(tradeNo);

      expect(await gateway.pay(tradeNo)).toBe('success');
      expect(await orderRow(tradeNo)).toMatchObject({ status: 'paid', completed_via: 'notify' });
      expect(await quotaOf(userId)).toBe(QUOTA_PER_DOLLAR);
    });

    it('does not credit an order Epay reports paid with other money', async () => {
      gateway.dropNotify = true;
      const tradeNo = await placeOrder(user, 10, 'zfb');
      gateway.order(tradeNo).money = '0.01';
      await gateway.pay(tradeNo);
      await backdate(tradeNo, 6 * 60);
      await reconcile();
      expect((await orderRow(tradeNo)).status).toBe('pending');
      expect(await quotaOf(userId)).toBe(0);
    });

    it('does not credit an order Epay does not know', async () => {
      const reply = await user.post('/api/user/pay').send({ amount: 1, payment_method: 'zfb' });
      const tradeNo = reply.body.data.out_trade_no;
      await backdate(tradeNo, 6 * 60);
      await reconcile();
      expect(gateway.queries).toContain(tradeNo);
      expect((await orderRow(tradeNo)).status).toBe('pending');
      expect(await quotaOf(userId)).toBe(0);
    });

    it('asks Epay through the outbound-address policy: loopback is refused unless OUTBOUND_ALLOW_PRIVATE names payment', async () => {
      gateway.dropNotify = true;
      const tradeNo = await placeOrder(user, 1, 'zfb');
      await gateway.pay(tradeNo);
      await backdate(tradeNo, 6 * 60);
      const strict = await startSecondInstance(t, { OUTBOUND_ALLOW_PRIVATE: '', ROLE: 'api' });
      try {
        const asked = gateway.queries.length;
        const summary = await strict.app.get(TopupReconcileService).run();
        expect(summary.failed).toBeGreaterThanOrEqual(1);
        expect(gateway.queries.length).toBe(asked);
        expect((await orderRow(tradeNo)).status).toBe('pending');
        expect(logged.some((line) => line.includes(tradeNo) && line.includes('出站地址策略拒绝访问'))).toBe(true);
      } finally {
        await strict.close();
      }
      await reconcile();
      expect((await orderRow(tradeNo)).status).toBe('paid');
    });
  });

  describe('history and roles', () => {
    let alice: { agent: TestAgent; userId: number };
    let bob: { agent: TestAgent; userId: number };
    let admin: { agent: TestAgent; userId: number };
    let aliceOrders: string[];
    let bobOrder: string;

    beforeAll(async () => {
      await configure();
      await save('Price', '7.3');
      await save('MinTopUp', '1');
      alice = await t.signUp('pay-alice');
      bob = await t.signUp('pay-bob');
      admin = await t.signUp('pay-admin');
      await t.db.query('UPDATE users SET role = 10 WHERE id = $1', [admin.userId]);
      aliceOrders = [await placeOrder(alice.agent, 1, 'zfb'), await placeOrder(alice.agent, 2, 'wx'), await placeOrder(alice.agent, 3, 'zfb')];
      bobOrder = await placeOrder(bob.agent, 5, 'wx');
      await gateway.pay(aliceOrders[0]);
    });

    it("lists the user's own orders, newest first, paged", async () => {
      const reply = await alice.agent.get('/api/user/topup/self');
      expect(reply.body).toMatchObject({ success: true, data: { total: 3, page: 0, page_size: 10 } });
      const items = reply.body.data.items;
      expect(items.map((item: { trade_no: string }) => item.trade_no)).toEqual([...aliceOrders].reverse());
      expect(items[2]).toEqual({
        source: 'order',
        id: expect.any(Number),
        user_id: alice.userId,
        trade_no: aliceOrders[0],
        payment_method: 'zfb',
        amount: 1,
        quota: QUOTA_PER_DOLLAR,
        money: 7.3,
        currency: 'CNY',
        status: 'paid',
        created_at: expect.any(Number),
        paid_at: expect.any(Number),
        completed_via: 'notify',
      });
      expect(items[1]).toMatchObject({ payment_method: 'wx', amount: 2, money: 14.6, status: 'pending', paid_at: 0, completed_via: '' });
      const page = await alice.agent.get('/api/user/topup/self?p=1&page_size=2');
      expect(page.body.data).toMatchObject({ total: 3, page: 1, page_size: 2 });
      expect(page.body.data.items.map((item: { trade_no: string }) => item.trade_no)).toEqual([aliceOrders[0]]);
      expect((await bob.agent.get('/api/user/topup/self')).body.data.items.map((item: { trade_no: string }) => item.trade_no)).toEqual([bobOrder]);
    });

    it('lists the codes the user redeemed among their orders, by time, masked, paged in the database', async () => {
      const created = await root.post('/api/redemption/').send({ name: '历史', quota: 250_000, count: 3 });
      const [older, newer, bobs] = created.body.data as string[];
      for (const [agent, key] of [
        [alice.agent, older],
        [alice.agent, newer],
        [bob.agent, bobs],
      ] as const) {
        expect((await agent.post('/api/user/topup').send({ key })).body.success).toBe(true);
      }
      // Alice's codes dated before and after every order of hers; Bob's after his.
      const orderTimes = (await orders(alice.userId)).map((order) => Number(order.created_at));
      const codeId = async (key: string) => (await root.get('/api/redemption/search').query({ keyword: '历史', page_size: 100 })).body.data.items.find((item: { key: string }) => item.key === key).id;
      const redeemedAt = { [older]: Math.min(...orderTimes) - 60, [newer]: Math.max(...orderTimes) + 60, [bobs]: Math.max(...orderTimes) + 60 };
      for (const [key, time] of Object.entries(redeemedAt)) await t.db.query('UPDATE redemptions SET redeemed_time = $2 WHERE id = $1', [await codeId(key), time]);

      const reply = await alice.agent.get('/api/user/topup/self');
      expect(reply.body.data).toMatchObject({ total: 5, page: 0, page_size: 10 });
      const items = reply.body.data.items;
      const rowName = (item: { source: string; trade_no?: string; code?: string }) => (item.source === 'order' ? item.trade_no : item.code);
      const masked = (key: string) => `${key.slice(0, 4)}…${key.slice(-4)}`;
      expect(items.map(rowName)).toEqual([masked(newer), ...[...aliceOrders].reverse(), masked(older)]);
      expect(items[0]).toEqual({
        source: 'redemption',
        id: await codeId(newer),
        user_id: alice.userId,
        code: masked(newer),
        quota: 250_000,
        created_at: redeemedAt[newer],
        paid_at: redeemedAt[newer],
      });
      expect(JSON.stringify(reply.body)).not.toContain(newer);

      const page = await alice.agent.get('/api/user/topup/self?p=2&page_size=2');
      expect(page.body.data).toMatchObject({ total: 5, page: 2, page_size: 2 });
      expect(page.body.data.items.map(rowName)).toEqual([masked(older)]);
      expect((await alice.agent.get('/api/user/topup/self?p=1&page_size=2')).body.data.items.map(rowName)).toEqual([aliceOrders[1], aliceOrders[0]]);
      expect((await bob.agent.get('/api/user/topup/self')).body.data.items.map(rowName)).toEqual([masked(bobs), bobOrder]);
      // The administrators' list stays orders only.
      expect((await admin.agent.get(`/api/user/topup/?user_id=${alice.userId}`)).body.data.total).toBe(3);
    });

    it("shows one of the user's own orders by trade number, and no one else's", async () => {
      const own = await alice.agent.get(`/api/user/topup/self/${aliceOrders[0]}`);
      expect(own.body).toMatchObject({ success: true, data: { trade_no: aliceOrders[0], status: 'paid', money: 7.3 } });
      expect((await alice.agent.get(`/api/user/topup/self/${bobOrder}`)).body).toEqual({ success: false, message: NOT_FOUND, data: null });
      for (const tradeNo of ['20250101000000ffffffffffffffffffffffff', 'x', 'a-b', '%00', `${'9'.repeat(65)}`]) {
        expect((await alice.agent.get(`/api/user/topup/self/${tradeNo}`)).body, tradeNo).toEqual({ success: false, message: NOT_FOUND, data: null });
      }
    });

    it('lets administrators list every order with the username, filtered by user and status', async () => {
      const all = await admin.agent.get('/api/user/topup/');
      expect(all.body.success).toBe(true);
      expect(all.body.data.total).toBeGreaterThanOrEqual(4);
      const byBob = await admin.agent.get(`/api/user/topup/?user_id=${bob.userId}`);
      expect(byBob.body.data).toMatchObject({ total: 1, items: [{ trade_no: bobOrder, user_id: bob.userId, username: 'pay-bob', status: 'pending', money: 36.5 }] });
      const alicePending = await admin.agent.get(`/api/user/topup?user_id=${alice.userId}&status=pending&p=0&page_size=1`);
      expect(alicePending.body.data).toMatchObject({ total: 2, page: 0, page_size: 1, items: [{ trade_no: aliceOrders[2], username: 'pay-alice' }] });
      const allStatuses = await admin.agent.get(`/api/user/topup/?user_id=${alice.userId}&status=`);
      expect(allStatuses.body.data.total).toBe(3);
      expect((await admin.agent.get('/api/user/topup/?status=refunded')).body).toEqual({ success: false, message: '订单状态无效（pending、paid 或 expired）', data: null });
      expect((await admin.agent.get('/api/user/topup/?user_id=abc')).body).toEqual({ success: false, message: '用户 ID 必须是正整数', data: null });
    });

    it('keeps the administrators routes from users (403) and guests (401)', async () => {
      expect((await alice.agent.get('/api/user/topup/')).status).toBe(403);
      expect((await alice.agent.post('/api/user/topup/complete').send({ trade_no: aliceOrders[1] })).status).toBe(403);
      expect((await t.http().get('/api/user/topup/')).status).toBe(401);
      expect((await t.http().get('/api/user/topup/self')).status).toBe(401);
      expect((await t.http().post('/api/user/topup/complete').send({ trade_no: aliceOrders[1] })).status).toBe(401);
      expect((await orderRow(aliceOrders[1])).status).toBe('pending');
    });

    it('lets only root complete an order by hand, once, crediting it with a log row naming root', async () => {
      const before = await quotaOf(alice.userId);
      const byAdmin = await admin.agent.post('/api/user/topup/complete').send({ trade_no: aliceOrders[1] });
      expect(byAdmin.status).toBe(403);
      expect((await orderRow(aliceOrders[1])).status).toBe('pending');

      const byRoot = await root.post('/api/user/topup/complete').send({ trade_no: aliceOrders[1] });
      expect(byRoot.status).toBe(200);
      expect(byRoot.body).toMatchObject({
        success: true,
        data: { trade_no: aliceOrders[1], username: 'pay-alice', status: 'paid', completed_via: 'admin', amount: 2, money: 14.6 },
      });
      expect(await orderRow(aliceOrders[1])).toMatchObject({ status: 'paid', completed_via: 'admin', completed_by: 1 });
      expect(await quotaOf(alice.userId)).toBe(before + 2 * QUOTA_PER_DOLLAR);
      const logs = await topupLogs(alice.userId);
      expect(logs.at(-1)).toMatchObject({ quota: String(2 * QUOTA_PER_DOLLAR), username: 'pay-alice' });
      expect(logs.at(-1)?.content).toContain('管理员 root（#1）');
      expect(logs.at(-1)?.content).toContain(aliceOrders[1]);

      const again = await root.post('/api/user/topup/complete').send({ trade_no: aliceOrders[1] });
      expect(again.body).toEqual({ success: false, message: '该订单已支付，无需重复完成', data: null });
      // A later notify for it changes nothing either.
      expect(await gateway.pay(aliceOrders[1])).toBe('success');
      expect(await quotaOf(alice.userId)).toBe(before + 2 * QUOTA_PER_DOLLAR);

      for (const trade_no of ['20250101000000ffffffffffffffffffffffff', 'x-y', '']) {
        expect((await root.post('/api/user/topup/complete').send({ trade_no })).body, trade_no).toEqual({ success: false, message: NOT_FOUND, data: null });
      }
    });

    it('lets root complete an expired order', async () => {
      await t.db.query(`UPDATE topup_orders SET status = 'expired' WHERE trade_no = $1`, [bobOrder]);
      const before = await quotaOf(bob.userId);
      const reply = await root.post('/api/user/topup/complete').send({ trade_no: bobOrder });
      expect(reply.body).toMatchObject({ success: true, data: { status: 'paid', completed_via: 'admin' } });
      expect(await quotaOf(bob.userId)).toBe(before + 5 * QUOTA_PER_DOLLAR);
    });
  });

  it('never logged the merchant key or a signature', () => {
    expect(logged.length).toBeGreaterThan(0);
    expect(signs.size).toBeGreaterThan(10);
    for (const line of logged) {
      expect(line).not.toContain(gateway.key);
      for (const sign of signs) expect(line).not.toContain(sign);
    }
  });
});
