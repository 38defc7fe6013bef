import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, type ApiCall } from '@/pages/channel/test-fake-api';
import { formatTimestamp } from '@/lib/time';
import { makeSubscription } from '@/test/factories';
import { makeOrder, renderTopupPage, setUpWalletTests } from './test-page';
import { whenClickable } from '@/test/popups';

const messages = setUpWalletTests();

const subscriptionReads = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/subscription/self');
const subscriptionBox = (name: string) => within(screen.getByRole('region', { name: `订阅：${name}` }));

/** After the subscriptions were asked for, one more turn of the event loop: their reply has been rendered. */
async function subscriptionsSettled(calls: ApiCall[]) {
  await waitFor(() => expect(subscriptionReads(calls)).toHaveLength(1));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const ACTIVE = makeSubscription({
  id: 2,
  plan_id: 2,
  plan_name: '专业版',
  status: 'active',
  group: 'vip',
  period_quota: 25_000_000,
  period_used: 5_000_000,
  quota_left: 20_000_000,
  period_start: 1_900_000_000,
  period_end: 1_902_592_000,
  expires_at: 1_905_184_000,
  renewals: 1,
});
const SCHEDULED = makeSubscription({ id: 3, plan_id: 3, plan_name: '旗舰版', status: 'scheduled', period_used: 0, quota_left: 5_000_000 });
const EXPIRED = makeSubscription({ id: 1, plan_id: 1, plan_name: '基础版', status: 'expired', period_used: 5_000_000, quota_left: 0 });

describe('我的订阅', () => {
  it('shows each subscription with its status, the quota left this period, its dates, renewals and group', async () => {
    renderTopupPage({ 'GET /api/subscription/self': ok([SCHEDULED, ACTIVE, EXPIRED]) });

    const card = within((await screen.findByText('我的订阅')).closest('.arco-card') as HTMLElement);
    expect(card.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual(['订阅：旗舰版', '订阅：专业版', '订阅：基础版']);

    const active = subscriptionBox('专业版');
    expect(active.getByText('生效中').closest('.arco-tag')?.className).toContain('green');
    expect(active.getByLabelText('本周期剩余额度').textContent).toBe('$40.00 / $50.00');
    expect(active.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('80');
    expect(active.getByText('本周期').closest('tr')?.textContent).toBe(`本周期${formatTimestamp(1_900_000_000)} – ${formatTimestamp(1_902_592_000)}`);
    expect(active.getByText(formatTimestamp(1_905_184_000))).toBeTruthy();
    expect(active.getByText('续订次数').closest('tr')?.textContent).toContain('1');
    expect(active.getByText('vip')).toBeTruthy();

    const scheduled = subscriptionBox('旗舰版');
    expect(scheduled.getByText('待生效').closest('.arco-tag')?.className).toContain('blue');
    expect(scheduled.getByLabelText('本周期剩余额度').textContent).toBe('$10.00 / $10.00');
    expect(scheduled.getByText('保持原分组')).toBeTruthy();

    const expired = subscriptionBox('基础版');
    expect(expired.getByText('已到期').closest('.arco-tag')?.className).toContain('gray');
    expect(expired.getByLabelText('本周期剩余额度').textContent).toBe('$0.00 / $10.00');
    expect(expired.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
  });

  it('says how each is paid, and whether Stripe still renews a card plan', async () => {
    const renewing = makeSubscription({ id: 4, plan_id: 4, plan_name: '海外版', provider: 'stripe', auto_renew: true });
    const cancelled = makeSubscription({ id: 5, plan_id: 5, plan_name: '海外年付', provider: 'stripe', auto_renew: false });
    renderTopupPage({ 'GET /api/subscription/self': ok([renewing, cancelled, ACTIVE]) });
    await screen.findByText('我的订阅');

    const row = (name: string, label: string) => subscriptionBox(name).queryByText(label)?.closest('tr')?.textContent ?? null;
    expect(row('海外版', '支付方式')).toBe('支付方式银行卡');
    expect(row('海外版', '自动续费')).toBe('自动续费开启');
    expect(row('海外年付', '自动续费')).toBe('自动续费已取消');
    expect(row('专业版', '支付方式')).toBe('支付方式易支付');
    // An Epay plan is bought again by hand: nothing to say about renewing.
    expect(row('专业版', '自动续费')).toBeNull();
  });

  it('stops the renewals of a card plan after a confirmation, and offers it only where Stripe still renews', async () => {
    const renewing = makeSubscription({ id: 4, plan_id: 4, plan_name: '海外版', provider: 'stripe', auto_renew: true, expires_at: 1_905_184_000 });
    const cancelled = makeSubscription({ id: 5, plan_id: 5, plan_name: '海外年付', provider: 'stripe', auto_renew: false });
    let current = [renewing, cancelled, ACTIVE];
    const calls = renderTopupPage({
      'GET /api/subscription/self': () => ok(current),
      'POST /api/subscription/self/4/cancel': () => {
        current = [{ ...renewing, auto_renew: false }, cancelled, ACTIVE];
        return { success: true, message: '已取消自动续费，套餐可用至到期时间', data: current[0] };
      },
    });
    await screen.findByText('我的订阅');
    const u = userEvent.setup();
    expect(subscriptionBox('海外年付').queryByRole('button', { name: '取消自动续费' })).toBeNull();
    expect(subscriptionBox('专业版').queryByRole('button', { name: '取消自动续费' })).toBeNull();

    await u.click(subscriptionBox('海外版').getByRole('button', { name: '取消自动续费' }));
    expect(await screen.findByText(`套餐可用至 ${formatTimestamp(1_905_184_000)}，之后不再扣款`)).toBeTruthy();
    // Only the subscription's writes: the top-up card prices its amount by POST on its own schedule.
    const subscriptionWrites = () => calls.filter((call) => call.method === 'POST' && call.path.startsWith('/api/subscription/'));
    expect(subscriptionWrites()).toEqual([]);
    await u.click(await whenClickable(screen.getByRole('button', { name: /确\s*定/ })));

    expect(await within(messages()).findByText('已取消自动续费，套餐可用至到期时间')).toBeTruthy();
    expect(subscriptionWrites().map((call) => call.path)).toEqual(['/api/subscription/self/4/cancel']);
    await waitFor(() => expect(subscriptionBox('海外版').getByText('自动续费').closest('tr')?.textContent).toBe('自动续费已取消'));
    expect(subscriptionBox('海外版').queryByRole('button', { name: '取消自动续费' })).toBeNull();
  });

  it('is left out when the user has no subscription', async () => {
    const calls = renderTopupPage({ 'GET /api/subscription/self': ok([]) });
    await subscriptionsSettled(calls);
    expect(screen.queryByText('我的订阅')).toBeNull();
  });

  it('is left out, without an error, when the subscriptions cannot be read', async () => {
    const calls = renderTopupPage({ 'GET /api/subscription/self': fail('服务暂不可用') });
    await subscriptionsSettled(calls);
    expect(screen.queryByText('我的订阅')).toBeNull();
    expect(screen.queryByText('服务暂不可用')).toBeNull();
  });

  it('shows a card plan bought at Stripe’s Checkout with its price in dollars', async () => {
    const TRADE_NO = 'P20300101120000card';
    const planOrder = makeOrder({ trade_no: TRADE_NO, payment_method: 'stripe', currency: 'USD', plan_id: 4, plan_name: '海外版', amount: 0, quota: 0, money: 19.99 });
    renderTopupPage({ [`GET /api/user/topup/self/${TRADE_NO}`]: ok(planOrder) }, { url: `/topup?trade_no=${TRADE_NO}` });

    const result = within(await screen.findByLabelText('支付结果'));
    expect(await result.findByText('购买成功')).toBeTruthy();
    expect(result.getByText(/套餐「海外版」已购买，实付 \$19\.99，详见我的订阅/)).toBeTruthy();
  });

  it('reads the subscriptions again when the user returns from paying for a plan', async () => {
    const TRADE_NO = 'P20300101120000abcd';
    const planOrder = makeOrder({ trade_no: TRADE_NO, plan_id: 2, plan_name: '专业版', amount: 0, quota: 0, money: 79 });
    // The page's first read comes before the order is known paid: only a read after that shows it.
    let reads = 0;
    const calls = renderTopupPage(
      {
        [`GET /api/user/topup/self/${TRADE_NO}`]: ok(planOrder),
        'GET /api/subscription/self': () => ok((reads += 1) > 1 ? [ACTIVE] : []),
      },
      { url: `/topup?trade_no=${TRADE_NO}` },
    );

    const result = within(await screen.findByLabelText('支付结果'));
    expect(await result.findByText('购买成功')).toBeTruthy();
    expect(result.getByText(/套餐「专业版」已购买，实付 ¥79\.00/)).toBeTruthy();
    expect(result.queryByText(/已到账/)).toBeNull();
    expect(await screen.findByText('我的订阅')).toBeTruthy();
    expect(subscriptionBox('专业版').getByText('生效中')).toBeTruthy();
    expect(subscriptionReads(calls)).toHaveLength(2);
  });
});
