import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BILLING_KEY, MockBillingUpstream } from '../../test/mock-billing-upstream';
import { MockWebhook } from '../../test/mock-webhook';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';

describe('channel balance (integration)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let billing: MockBillingUpstream;
  let webhook: MockWebhook;

  const setOption = async (key: string, value: string) => expect((await admin.put('/api/option/').send({ key, value })).body.success).toBe(true);
  const channel = async (fields: Record<string, unknown>): Promise<number> => {
    const reply = await admin.post('/api/channel/').send({ name: 'billing', key: BILLING_KEY, base_url: billing.url, models: 'm', groups: ['default'], ...fields });
    expect(reply.body.success, reply.body.message).toBe(true);
    return reply.body.data.ids[0];
  };
  const saved = async (id: number) => {
    const [row] = await t.db.query('SELECT balance, balance_updated_time FROM channels WHERE id = $1', [id]);
    return { balance: row.balance as number, updated: Number(row.balance_updated_time) };
  };
  const lowAlertsOf = (id: number) => webhook.received.filter((alert) => alert.title.includes(`（#${id}）余额不足`));

  beforeAll(async () => {
    billing = await new MockBillingUpstream().start();
    webhook = await new MockWebhook().start();
    // The mock webhook listens on 127.0.0.1, which webhooks may reach only when allowed.
    t = await startTestApp({ OUTBOUND_ALLOW_PRIVATE: 'webhook' });
    admin = (await t.login('root', ROOT_PASSWORD)).agent;
    await setOption('AlertEnabled', 'true');
    await setOption('AlertWebHookUrl', webhook.url);
  });
  afterAll(async () => {
    await t.close();
    await billing.stop();
    await webhook.stop();
  });
  beforeEach(() => {
    billing.hardLimitUsd = 100;
    billing.totalUsageCents = 2550;
  });

  it('reads an OpenAI-style balance: hard limit minus this month’s usage, balance at the top level', async () => {
    const id = await channel({ type: 1 });
    const before = Math.floor(Date.now() / 1000);
    const reply = await admin.get(`/api/channel/update_balance/${id}/`);
    expect(reply.body).toMatchObject({ success: true, message: '', balance: 74.5, data: { balance: 74.5, currency: 'USD' } });
    expect(await saved(id)).toMatchObject({ balance: 74.5 });
    expect((await saved(id)).updated).toBeGreaterThanOrEqual(before);
    const usage = billing.seen.find((request) => request.path.startsWith('/v1/dashboard/billing/usage'))!;
    const query = new URL(usage.path, billing.url).searchParams;
    const today = new Date().toISOString().slice(0, 10);
    expect(query.get('start_date')).toBe(`${today.slice(0, 7)}-01`);
    expect(query.get('end_date')! > today).toBe(true);
    expect(usage.authorization).toBe(`Bearer ${BILLING_KEY}`);
  });

  it('reads DeepSeek’s CNY balance and SiliconCloud’s total balance', async () => {
    const deepSeek = await channel({ type: 43 });
    expect((await admin.get(`/api/channel/update_balance/${deepSeek}/`)).body).toMatchObject({ success: true, balance: 110.5, data: { currency: 'CNY' } });
    const silicon = await channel({ type: 40 });
    expect((await admin.get(`/api/channel/update_balance/${silicon}/`)).body).toMatchObject({ success: true, balance: 88.25, data: { currency: 'CNY' } });
    expect(await saved(silicon)).toMatchObject({ balance: 88.25 });
  });

  it('answers a clear message for a type without a balance API, and for a key the provider refuses', async () => {
    const anthropic = await channel({ type: 14 });
    expect((await admin.get(`/api/channel/update_balance/${anthropic}/`)).body).toMatchObject({ success: false, message: '该渠道类型不支持查询余额' });
    const refused = await channel({ type: 43, key: 'sk-wrong' });
    expect((await admin.get(`/api/channel/update_balance/${refused}/`)).body).toMatchObject({
      success: false,
      message: '余额查询失败：HTTP 401: Incorrect API key provided',
    });
    expect(await saved(refused)).toEqual({ balance: 0, updated: 0 });
  });

  it('alerts once when a balance falls below QuotaRemindThreshold (in quota units), again after it recovered and fell again', async () => {
    // $80 = 40,000,000 quota at 500,000 per dollar; the OpenAI-style channel holds $74.50.
    await setOption('QuotaRemindThreshold', '40000000');
    const id = await channel({ type: 1, name: 'lowfunds' });
    await admin.get(`/api/channel/update_balance/${id}/`);
    await webhook.waitFor(1);
    expect(lowAlertsOf(id)).toHaveLength(1);
    expect(lowAlertsOf(id)[0].content).toContain('当前余额 74.50 USD');

    await admin.get(`/api/channel/update_balance/${id}/`);
    billing.hardLimitUsd = 200;
    await admin.get(`/api/channel/update_balance/${id}/`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lowAlertsOf(id)).toHaveLength(1);

    billing.hardLimitUsd = 50;
    await admin.get(`/api/channel/update_balance/${id}/`);
    await webhook.waitFor(2);
    expect(lowAlertsOf(id)).toHaveLength(2);

    // 110.50 CNY at the default Price of 7.3 CNY per dollar is about $15: below $80 too.
    const deepSeek = await channel({ type: 43, name: 'lowyuan' });
    await admin.get(`/api/channel/update_balance/${deepSeek}/`);
    await webhook.waitFor(3);
    expect(lowAlertsOf(deepSeek)).toHaveLength(1);
    await setOption('QuotaRemindThreshold', '0');
  });

  it('"update all" answers at once and refreshes every enabled channel through the queue', async () => {
    await t.db.query('UPDATE channels SET balance = 0, balance_updated_time = 0');
    const enabled = await channel({ type: 40, name: 'all-on' });
    const disabled = await channel({ type: 40, name: 'all-off', status: 2 });
    const reply = await admin.get('/api/channel/update_balance');
    expect(reply.body).toMatchObject({ success: true, message: '已开始更新所有已启用渠道的余额，请稍后刷新查看结果' });
    const start = Date.now();
    while ((await saved(enabled)).updated === 0) {
      if (Date.now() - start > 15_000) throw new Error('balance not refreshed in time');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await saved(enabled)).balance).toBe(88.25);
    expect(await saved(disabled)).toEqual({ balance: 0, updated: 0 });
  });
});
