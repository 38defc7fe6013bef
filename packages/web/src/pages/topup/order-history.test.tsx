import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ok, type ApiCall } from '@/pages/channel/test-fake-api';
import { rowOf, user } from '@/pages/channel/test-page';
import { makeOrder, makeRedeemedCode, orderPage, renderTopupPage, setUpWalletTests } from './test-page';

const MINE = [
  makeOrder({ id: 3, trade_no: 'T-PENDING', status: 'pending', payment_method: 'wx', amount: 20, quota: 10_000_000, money: 146, paid_at: 0, completed_via: '' }),
  makeOrder({ id: 2, trade_no: 'T-PAID' }),
  makeOrder({ id: 1, trade_no: 'T-EXPIRED', status: 'expired', paid_at: 0, completed_via: '' }),
];

const ALL = [
  makeOrder({ id: 9, user_id: 2, username: 'bob', trade_no: 'T-BOB-PENDING', status: 'pending', paid_at: 0, completed_via: '' }),
  makeOrder({ id: 8, user_id: 2, username: 'bob', trade_no: 'T-BOB-PAID', completed_via: 'reconcile' }),
];

const messages = setUpWalletTests();
const allReads = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/user/topup/');
const completions = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/user/topup/complete');

describe('own top-up history', () => {
  it('lists the user’s orders with time, quota, money, method and status, and no all-orders view', async () => {
    const calls = renderTopupPage({ 'GET /api/user/topup/self': orderPage(MINE) });

    await screen.findByText('T-PENDING');
    expect(calls.find((call) => call.path === '/api/user/topup/self')?.query).toEqual({ p: '0', page_size: '10' });
    const pending = within(rowOf('T-PENDING'));
    expect(pending.getByText('待支付')).toBeTruthy();
    expect(pending.getByText('$20.00')).toBeTruthy();
    expect(pending.getByText('¥146.00')).toBeTruthy();
    expect(pending.getByText('微信')).toBeTruthy();
    expect(pending.getAllByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toHaveLength(1);
    const paid = within(rowOf('T-PAID'));
    expect(paid.getByText('已支付')).toBeTruthy();
    expect(paid.getByText('支付宝')).toBeTruthy();
    expect(paid.getAllByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toHaveLength(2);
    expect(within(rowOf('T-EXPIRED')).getByText('已过期')).toBeTruthy();

    expect(screen.queryByText('全部订单')).toBeNull();
    expect(screen.queryByRole('button', { name: '手动完成' })).toBeNull();
    expect(allReads(calls)).toEqual([]);
  });
});

describe('plan orders in the own history', () => {
  it('shows the plan an order bought instead of an amount of quota', async () => {
    const planOrder = makeOrder({ id: 4, trade_no: 'T-PLAN', plan_id: 2, plan_name: '专业版月卡', amount: 0, quota: 25_000_000, money: 49.9 });
    renderTopupPage({ 'GET /api/user/topup/self': orderPage([planOrder, makeOrder({ id: 2, trade_no: 'T-PAID' })]) });

    const row = within(await waitFor(() => rowOf('T-PLAN')));
    expect(row.getByText('套餐：专业版月卡')).toBeTruthy();
    expect(row.queryByText('$50.00')).toBeNull();
    expect(row.getByText('¥49.90')).toBeTruthy();
    expect(row.getByText('已支付')).toBeTruthy();
    const topUp = within(rowOf('T-PAID'));
    expect(topUp.getByText('$10.00')).toBeTruthy();
    expect(topUp.queryByText(/套餐：/)).toBeNull();
  });
});

describe('card orders in the own history', () => {
  it('shows the money of a card order in dollars and its method 银行卡, beside yuan for Epay orders', async () => {
    const card = makeOrder({ id: 5, trade_no: 'T-CARD', payment_method: 'stripe', currency: 'USD', money: 15 });
    const renewal = makeOrder({ id: 6, trade_no: 'T-RENEWAL', payment_method: 'stripe', currency: 'USD', money: 19.99, plan_id: 4, plan_name: '海外版', quota: 0, amount: 0 });
    renderTopupPage({ 'GET /api/user/topup/self': orderPage([renewal, card, makeOrder({ id: 2, trade_no: 'T-PAID' })]) });

    const row = within(await waitFor(() => rowOf('T-CARD')));
    expect(row.getByText('$15.00')).toBeTruthy();
    expect(row.queryByText('¥15.00')).toBeNull();
    expect(row.getByText('银行卡')).toBeTruthy();
    expect(within(rowOf('T-RENEWAL')).getByText('$19.99')).toBeTruthy();
    expect(within(rowOf('T-PAID')).getByText('¥73.00')).toBeTruthy();
  });
});

describe('redeemed codes in the own history', () => {
  it('lists a redeemed code among the orders: its quota, 兑换码, 已兑换, the masked code and no money', async () => {
    // A code and an order may share an id: both rows are shown.
    const code = makeRedeemedCode({ id: 2, code: 'a1b2…c3d4', quota: 2_500_000, created_at: 1_900_000_100, paid_at: 1_900_000_100 });
    renderTopupPage({ 'GET /api/user/topup/self': orderPage([code, makeOrder({ id: 2, trade_no: 'T-PAID' })]) });

    const row = within(await waitFor(() => rowOf('a1b2…c3d4')));
    expect(row.getByText('$5.00')).toBeTruthy();
    expect(row.getByText('兑换码')).toBeTruthy();
    expect(row.getByText('已兑换')).toBeTruthy();
    expect(row.getAllByText('-')).toHaveLength(1);
    expect(row.getAllByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toHaveLength(2);
    expect(within(rowOf('T-PAID')).getByText('支付宝')).toBeTruthy();
    expect(screen.getByText('订单号/兑换码')).toBeTruthy();
  });
});

describe('all orders', () => {
  it('lets an administrator filter every user’s orders by user id and status, without manual completion', async () => {
    const calls = renderTopupPage({ 'GET /api/user/topup/': orderPage(ALL) }, { viewer: { id: 5, role: 10 } });
    const u = user();
    await u.click(await screen.findByText('全部订单'));

    await screen.findByText('T-BOB-PAID');
    expect(allReads(calls)[0].query).toEqual({ p: '0', page_size: '10' });
    expect(within(rowOf('T-BOB-PAID')).getByText('bob (#2)')).toBeTruthy();
    expect(within(rowOf('T-BOB-PAID')).getByText('自动对账')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '手动完成' })).toBeNull();

    await u.type(screen.getByLabelText('用户 ID'), '2');
    await u.click(screen.getByRole('combobox', { name: '订单状态' }));
    await u.click(await screen.findByRole('option', { name: '待支付' }));
    await u.click(screen.getAllByRole('button', { name: /查\s*询/ })[0]);

    await waitFor(() => expect(allReads(calls).at(-1)?.query).toEqual({ p: '0', page_size: '10', user_id: '2', status: 'pending' }));
  });

  it('lets root complete a pending or expired order by hand after a confirmation', async () => {
    const completed = { ...ALL[0], status: 'paid', paid_at: 1_900_000_500, completed_via: 'admin' };
    const calls = renderTopupPage({ 'GET /api/user/topup/': orderPage(ALL), 'POST /api/user/topup/complete': ok(completed) }, { viewer: { id: 1, role: 100 } });
    const u = user();
    await u.click(await screen.findByText('全部订单'));
    await screen.findByText('T-BOB-PENDING');

    expect(within(rowOf('T-BOB-PAID')).queryByRole('button', { name: '手动完成' })).toBeNull();
    await u.click(within(rowOf('T-BOB-PENDING')).getByRole('button', { name: '手动完成' }));
    expect(await screen.findByText('确定手动完成订单「T-BOB-PENDING」吗？')).toBeTruthy();
    expect(completions(calls)).toEqual([]);
    await u.click(screen.getByRole('button', { name: /确\s*定/ }));

    expect(await within(messages()).findByText('操作成功完成！')).toBeTruthy();
    expect(completions(calls)).toEqual([{ method: 'POST', path: '/api/user/topup/complete', query: {}, body: { trade_no: 'T-BOB-PENDING' } }]);
    // The row takes the completed order in a render of its own, after the message.
    await waitFor(() => expect(within(rowOf('T-BOB-PENDING')).getByText('已支付')).toBeTruthy());
    expect(within(rowOf('T-BOB-PENDING')).getByText('手动完成')).toBeTruthy();
  });
});
