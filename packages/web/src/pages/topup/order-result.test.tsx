import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, type ApiCall } from '@/pages/channel/test-fake-api';
import { user } from '@/pages/channel/test-page';
import { makeUser } from '@/test/factories';
import { makeOrder, renderTopupPage, where, setUpWalletTests } from './test-page';
import { POLL_INTERVAL_MS, POLL_LIMIT } from './use-order-result';

const TRADE_NO = 'T20300101120000abcd';
const RETURN_URL = `/topup?trade_no=${TRADE_NO}`;
const ORDER_PATH = `/api/user/topup/self/${TRADE_NO}`;

const messages = setUpWalletTests();
const orderReads = (calls: ApiCall[]) => calls.filter((call) => call.path === ORDER_PATH);
const result = () => within(screen.getByLabelText('支付结果'));

describe('return from the gateway', () => {
  it('shows a paid order with the amount credited and refreshes the balance and the history', async () => {
    const calls = renderTopupPage({ [`GET ${ORDER_PATH}`]: ok(makeOrder({ status: 'paid' })) }, { url: RETURN_URL });

    expect(await result().findByText('充值成功')).toBeTruthy();
    expect(result().getByText(/\$10\.00 已到账，实付 ¥73\.00/)).toBeTruthy();
    expect(result().getByText(new RegExp(`订单号：${TRADE_NO}`))).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/user/self')).toHaveLength(2));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/user/topup/self')).toHaveLength(2));
    expect(within(messages()).queryByText(/./)).toBeNull();
  });

  it('shows a card top-up back from Stripe’s Checkout with the dollars it cost', async () => {
    renderTopupPage({ [`GET ${ORDER_PATH}`]: ok(makeOrder({ payment_method: 'stripe', currency: 'USD', money: 15 })) }, { url: RETURN_URL });

    expect(await result().findByText('充值成功')).toBeTruthy();
    expect(result().getByText(/\$10\.00 已到账，实付 \$15\.00/)).toBeTruthy();
  });

  it('waits for a pending order and shows it paid once the notify has come', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    let balance = 1_000_000;
    const calls = renderTopupPage(
      {
        'GET /api/user/self': () => ok(makeUser({ quota: balance })),
        [`GET ${ORDER_PATH}`]: () => {
          reads += 1;
          if (reads < 3) return ok(makeOrder({ status: 'pending', paid_at: 0, completed_via: '' }));
          balance += 5_000_000;
          return ok(makeOrder({ status: 'paid' }));
        },
      },
      { url: RETURN_URL },
    );

    expect(await result().findByText('支付结果确认中')).toBeTruthy();
    expect(result().getByText(/正在等待支付平台确认/)).toBeTruthy();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await waitFor(() => expect(orderReads(calls)).toHaveLength(2));
    expect(result().getByText('支付结果确认中')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);

    expect(await result().findByText('充值成功')).toBeTruthy();
    expect(await screen.findByText('$12.00')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(orderReads(calls)).toHaveLength(3);
  });

  it('stops asking after a few polls and says the credit will follow', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = renderTopupPage({ [`GET ${ORDER_PATH}`]: ok(makeOrder({ status: 'pending', paid_at: 0, completed_via: '' })) }, { url: RETURN_URL });

    expect(await result().findByText('支付结果确认中')).toBeTruthy();
    for (let poll = 0; poll < POLL_LIMIT + 2; poll += 1) await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);

    expect(await result().findByText(/暂未收到支付结果/)).toBeTruthy();
    expect(orderReads(calls)).toHaveLength(POLL_LIMIT + 1);
  });

  it('shows an expired order', async () => {
    renderTopupPage({ [`GET ${ORDER_PATH}`]: ok(makeOrder({ status: 'expired', paid_at: 0, completed_via: '' })) }, { url: RETURN_URL });
    expect(await result().findByText('订单已过期')).toBeTruthy();
  });

  it('shows the server message in the card for an unknown order', async () => {
    const calls = renderTopupPage({ [`GET ${ORDER_PATH}`]: fail('订单不存在') }, { url: RETURN_URL });

    expect(await result().findByText('订单查询失败')).toBeTruthy();
    expect(result().getByText(/订单不存在/)).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/user/self')).toHaveLength(1);
  });

  it('closes the result and leaves the plain wallet address', async () => {
    renderTopupPage({ [`GET ${ORDER_PATH}`]: ok(makeOrder()) }, { url: RETURN_URL });
    await result().findByText('充值成功');
    await user().click(result().getByRole('button', { name: /关\s*闭/ }));

    await waitFor(() => expect(screen.queryByLabelText('支付结果')).toBeNull());
    expect(where()).toBe('/topup');
  });

  it('shows no result card without a trade number', async () => {
    const calls = renderTopupPage();
    await screen.findByText('我的钱包');
    expect(screen.queryByLabelText('支付结果')).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/user/topup/self/'))).toBe(false);
  });
});
