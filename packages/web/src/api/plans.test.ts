import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '@/pages/channel/test-fake-api';
import { makePlan } from '@/test/factories';
import { createPlan, deletePlan, listPlans, listPlansOnSale, listSelfSubscriptions, payForPlan, planFields, updatePlan } from './plans';

const PLAN = makePlan({
  id: 4,
  name: '专业版',
  description: '每月 20 美元额度',
  price_cny: 99,
  period: 'days',
  period_days: 45,
  quota: 10_000_000,
  group: 'vip',
  limit_per_user: 2,
  enabled: false,
  sort: 3,
});

afterEach(() => vi.unstubAllGlobals());

describe('plan calls', () => {
  it('reads the plans on sale and all plans, writes and deletes one by id', async () => {
    const calls = fakeApi({
      'GET /api/subscription/plans': ok([]),
      'GET /api/subscription/plan': ok([]),
      'POST /api/subscription/plan': ok(PLAN),
      'PUT /api/subscription/plan/4': ok(PLAN),
      'DELETE /api/subscription/plan/4': ok(),
    });
    await listPlansOnSale();
    await listPlans();
    await createPlan(planFields(PLAN));
    await updatePlan(4, { ...planFields(PLAN), enabled: true });
    await deletePlan(4);
    expect(calls.map((call) => [call.method, call.path, (call.body as { enabled?: boolean } | undefined)?.enabled])).toEqual([
      ['GET', '/api/subscription/plans', undefined],
      ['GET', '/api/subscription/plan', undefined],
      ['POST', '/api/subscription/plan', false],
      ['PUT', '/api/subscription/plan/4', true],
      ['DELETE', '/api/subscription/plan/4', undefined],
    ]);
  });

  it('orders a plan with its id and the Epay method, keeping the gateway address beside the form, and reads the own subscriptions', async () => {
    const calls = fakeApi({
      'POST /api/subscription/pay': { success: true, message: 'success', data: { pid: '1001' }, url: 'https://pay.example.com/submit.php' } as never,
      'GET /api/subscription/self': ok([]),
    });
    const reply = await payForPlan(4, 'wx');
    await listSelfSubscriptions();
    expect(reply).toMatchObject({ success: true, url: 'https://pay.example.com/submit.php', data: { pid: '1001' } });
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/api/subscription/pay', { plan_id: 4, payment_method: 'wx' }],
      ['GET', '/api/subscription/self', undefined],
    ]);
  });

  it('keeps every field a PUT replaces, and nothing the server sets itself', () => {
    expect(planFields(PLAN)).toEqual({
      name: '专业版',
      description: '每月 20 美元额度',
      price_cny: 99,
      price_usd: 0,
      period: 'days',
      period_days: 45,
      quota: 10_000_000,
      group: 'vip',
      limit_per_user: 2,
      enabled: false,
      sort: 3,
    });
  });
});
