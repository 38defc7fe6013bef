import {
  MSG_PLAN_DAYS_INVALID,
  MSG_PLAN_DELETED,
  MSG_PLAN_NAME_REQUIRED,
  MSG_PLAN_NO_PRICE,
  MSG_PLAN_NOT_FOUND,
  MSG_PLAN_PERIOD_INVALID,
  MSG_PLAN_PRICE_INVALID,
  MSG_PLAN_QUOTA_INVALID,
  MSG_PLAN_SAVED,
} from '@gw/shared';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';

const MONTHLY = { name: '月度套餐', description: '每月 10 美元额度', price_cny: 49.9, price_usd: 6.99, period: 'month', quota: 5_000_000, group: 'vip', limit_per_user: 1, sort: 2 };

describe('subscription plans: 套餐管理 and the plans on sale (integration)', () => {
  let t: TestApp;
  let root: TestAgent;
  let admin: TestAgent;
  let user: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    root = (await t.login('root', ROOT_PASSWORD)).agent;
    await root.put('/api/option/').send({ key: 'GroupRatio', value: JSON.stringify({ default: 1, vip: 1 }) });
    const promoted = await t.signUp('plan-admin');
    await t.db.query('UPDATE users SET role = 10 WHERE id = $1', [promoted.userId]);
    admin = promoted.agent;
    user = (await t.signUp('plan-user')).agent;
  });
  afterAll(async () => {
    await t.close();
  });

  const plans = () => t.db.query('SELECT * FROM subscription_plans ORDER BY id');

  it('lets a super administrator create, change and delete plans, each change in the audit log, prices kept in cents', async () => {
    const created = await root.post('/api/subscription/plan').send(MONTHLY);
    expect(created.body).toMatchObject({ success: true, message: MSG_PLAN_SAVED, data: { ...MONTHLY, period_days: 0, enabled: true } });
    const id = created.body.data.id;
    const [row] = await plans();
    expect(row).toMatchObject({ price_cny_cents: 4990, price_usd_cents: 699, quota: '5000000', period: 'month', deleted_at: null });

    const changed = await root.put(`/api/subscription/plan/${id}`).send({ ...MONTHLY, price_cny: 0, period: 'days', period_days: 45, enabled: false });
    expect(changed.body.data).toMatchObject({ price_cny: 0, price_usd: 6.99, period: 'days', period_days: 45, enabled: false });
    expect((await root.get('/api/subscription/plan')).body.data.map((plan: { id: number }) => plan.id)).toEqual([id]);
    // Disabled: not on sale.
    expect((await user.get('/api/subscription/plans')).body.data).toEqual([]);

    expect((await root.delete(`/api/subscription/plan/${id}`)).body).toMatchObject({ success: true, message: MSG_PLAN_DELETED });
    expect((await root.get('/api/subscription/plan')).body.data).toEqual([]);
    expect((await root.put(`/api/subscription/plan/${id}`).send(MONTHLY)).body).toMatchObject({ success: false, message: MSG_PLAN_NOT_FOUND });
    expect((await root.delete(`/api/subscription/plan/${id}`)).body).toMatchObject({ success: false, message: MSG_PLAN_NOT_FOUND });
    // Kept for the subscriptions that name it.
    expect((await plans())[0].deleted_at).not.toBeNull();

    const audit = await t.db.query(`SELECT action, target_id, before, after FROM audit_logs WHERE target_type = 'plan' ORDER BY id`);
    expect(audit.map((entry: { action: string; target_id: string }) => [entry.action, entry.target_id])).toEqual([
      ['plan.create', String(id)],
      ['plan.update', String(id)],
      ['plan.delete', String(id)],
    ]);
    // Only the changed fields: the price and the period.
    expect(audit[1].before).toMatchObject({ price_cny_cents: 4990, period: 'month', enabled: true });
    expect(audit[1].after).toMatchObject({ price_cny_cents: 0, period: 'days', period_days: 45, enabled: false });
    expect(audit[1].after).not.toHaveProperty('name');
  });

  it('shows users the enabled plans in their order', async () => {
    const ids: number[] = [];
    for (const [name, sort] of [['年度', 3], ['季度', 1]] as const) {
      ids.push((await root.post('/api/subscription/plan').send({ ...MONTHLY, name, sort, period: 'year' })).body.data.id);
    }
    const onSale = (await user.get('/api/subscription/plans')).body.data;
    expect(onSale.map((plan: { name: string }) => plan.name)).toEqual(['季度', '年度']);
    for (const id of ids) await root.delete(`/api/subscription/plan/${id}`);
  });

  it('refuses bad plans with a clear message and writes nothing', async () => {
    const before = (await plans()).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...MONTHLY, price_cny: 0, price_usd: 0 }, MSG_PLAN_NO_PRICE],
      [{ ...MONTHLY, price_cny: 9.999 }, MSG_PLAN_PRICE_INVALID],
      [{ ...MONTHLY, price_usd: -1 }, MSG_PLAN_PRICE_INVALID],
      [{ ...MONTHLY, price_usd: '5' }, MSG_PLAN_PRICE_INVALID],
      [{ ...MONTHLY, price_cny: 1e12 }, MSG_PLAN_PRICE_INVALID],
      [{ ...MONTHLY, period: 'week' }, MSG_PLAN_PERIOD_INVALID],
      [{ ...MONTHLY, period: 'days' }, MSG_PLAN_DAYS_INVALID],
      [{ ...MONTHLY, period: 'days', period_days: 4000 }, MSG_PLAN_DAYS_INVALID],
      [{ ...MONTHLY, quota: 0 }, MSG_PLAN_QUOTA_INVALID],
      [{ ...MONTHLY, quota: 1.5 }, MSG_PLAN_QUOTA_INVALID],
      [{ ...MONTHLY, name: '  ' }, MSG_PLAN_NAME_REQUIRED],
      [{ ...MONTHLY, group: 'nosuch' }, '分组 nosuch 不存在，请先在分组倍率中添加'],
      [{ ...MONTHLY, name: 'a\u0000b' }, '参数中不能包含空字符'],
    ];
    for (const [body, message] of cases) {
      const reply = await root.post('/api/subscription/plan').send(body);
      expect(reply.body.success, JSON.stringify(body)).toBe(false);
      expect(reply.body.message).toBe(message);
    }
    expect((await plans()).length).toBe(before);
  });

  it('puts a plan on or off sale without checking its other fields again (its group may be gone)', async () => {
    await root.put('/api/option/').send({ key: 'GroupRatio', value: JSON.stringify({ default: 1, vip: 1, gold: 1 }) });
    const id = (await root.post('/api/subscription/plan').send({ ...MONTHLY, group: 'gold' })).body.data.id;
    await root.put('/api/option/').send({ key: 'GroupRatio', value: JSON.stringify({ default: 1, vip: 1 }) });
    expect((await root.put(`/api/subscription/plan/${id}`).send({ ...MONTHLY, group: 'gold', enabled: false })).body.message).toBe('分组 gold 不存在，请先在分组倍率中添加');
    const off = await root.put(`/api/subscription/plan/${id}/status`).send({ enabled: false });
    expect(off.body).toMatchObject({ success: true, data: { id, enabled: false, group: 'gold' } });
    expect((await user.get('/api/subscription/plans')).body.data.map((plan: { id: number }) => plan.id)).not.toContain(id);
    expect((await root.put(`/api/subscription/plan/${id}/status`).send({ enabled: 'no' })).body).toMatchObject({ success: false, message: '启用状态必须是 true 或 false' });
    expect((await root.put(`/api/subscription/plan/${id}/status`).send({ enabled: true })).body.data.enabled).toBe(true);
    expect((await admin.put(`/api/subscription/plan/${id}/status`).send({ enabled: false })).status).toBe(403);
    const audit = await t.db.query(`SELECT before, after FROM audit_logs WHERE target_type = 'plan' AND target_id = $1 AND action = 'plan.update' ORDER BY id`, [String(id)]);
    expect(audit.map((entry: { before: object; after: object }) => [entry.before, entry.after])).toEqual([
      [{ enabled: true }, { enabled: false }],
      [{ enabled: false }, { enabled: true }],
    ]);
    await root.delete(`/api/subscription/plan/${id}`);
  });

  it('lets only super administrators manage plans', async () => {
    const id = (await root.post('/api/subscription/plan').send(MONTHLY)).body.data.id;
    for (const agent of [admin, user]) {
      expect((await agent.get('/api/subscription/plan')).status).toBe(403);
      expect((await agent.post('/api/subscription/plan').send(MONTHLY)).status).toBe(403);
      expect((await agent.put(`/api/subscription/plan/${id}`).send({ ...MONTHLY, quota: 1 })).status).toBe(403);
      expect((await agent.delete(`/api/subscription/plan/${id}`)).status).toBe(403);
    }
    expect((await t.http().get('/api/subscription/plans')).status).toBe(401);
    expect((await plans()).find((plan: { id: number }) => plan.id === id)).toMatchObject({ quota: '5000000', deleted_at: null });
  });
});
