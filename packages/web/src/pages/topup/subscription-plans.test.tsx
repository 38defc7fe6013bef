import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, type ApiCall } from '@/pages/channel/test-fake-api';
import { makePlan } from '@/test/factories';
import { renderTopupPage, setUpWalletTests } from './test-page';

setUpWalletTests();

const planReads = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/subscription/plans');

/** After the plans were asked for, one more turn of the event loop: their reply has been rendered. */
async function plansSettled(calls: ApiCall[]) {
  await waitFor(() => expect(planReads(calls)).toHaveLength(1));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('subscription plans on the wallet', () => {
  it('lists the plans on sale, read only, with their prices, period, quota per period and group', async () => {
    renderTopupPage({
      'GET /api/subscription/plans': ok([
        makePlan({ id: 1, name: '基础版', description: '适合个人试用' }),
        makePlan({ id: 2, name: '长期版', price_cny: 79, price_usd: 10.99, period: 'days', period_days: 45, quota: 25_000_000, group: 'vip' }),
      ]),
    });

    const card = (await screen.findByText('订阅套餐')).closest('.arco-card') as HTMLElement;
    expect(within(card).getByText('购买功能即将开放')).toBeTruthy();
    expect(within(card).queryAllByRole('button')).toEqual([]);

    const basic = within(screen.getByRole('region', { name: '基础版' }));
    for (const text of ['适合个人试用', '¥29.90', '每月', '$10.00', '保持原分组']) expect(basic.getByText(text)).toBeTruthy();
    const long = within(screen.getByRole('region', { name: '长期版' }));
    for (const text of ['¥79.00 / $10.99', '每 45 天', '$50.00', 'vip']) expect(long.getByText(text)).toBeTruthy();
  });

  it('leaves the card out when no plan is on sale', async () => {
    const calls = renderTopupPage({ 'GET /api/subscription/plans': ok([]) });
    await plansSettled(calls);
    expect(screen.queryByText('订阅套餐')).toBeNull();
  });

  it('leaves the card out, without an error, when the plans cannot be read', async () => {
    const calls = renderTopupPage({ 'GET /api/subscription/plans': fail('服务暂不可用') });
    await plansSettled(calls);
    expect(screen.queryByText('订阅套餐')).toBeNull();
    expect(screen.queryByText('服务暂不可用')).toBeNull();
  });
});
