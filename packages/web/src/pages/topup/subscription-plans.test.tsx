import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, type ApiCall } from '@/pages/channel/test-fake-api';
import { user } from '@/pages/channel/test-page';
import { makePlan, makeSubscription } from '@/test/factories';
import { ONLINE_STATUS, renderTopupPage, setUpWalletTests } from './test-page';

const messages = setUpWalletTests();

const planReads = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/subscription/plans');
const planPays = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/subscription/pay');
const planBox = (name: string) => within(screen.getByRole('region', { name }));
const buyButton = (name: string) => planBox(name).queryByRole('button', { name: /购\s*买/ });
const dialog = () => within(screen.getByRole('dialog'));

/** After the plans were asked for, one more turn of the event loop: their reply has been rendered. */
async function plansSettled(calls: ApiCall[]) {
  await waitFor(() => expect(planReads(calls)).toHaveLength(1));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const BASIC = makePlan({ id: 1, name: '基础版', description: '适合个人试用' });
const LONG = makePlan({ id: 2, name: '长期版', price_cny: 79, price_usd: 10.99, period: 'days', period_days: 45, quota: 25_000_000, group: 'vip' });
const CARD_ONLY = makePlan({ id: 3, name: '海外版', price_cny: 0, price_usd: 19.99 });

/** The signed form the server answers for a plan's order, and where it is posted. */
const FIELDS = {
  pid: '1001',
  type: 'alipay',
  out_trade_no: 'P1',
  notify_url: 'https://gw.example.com/api/user/epay/notify',
  return_url: 'https://gw.example.com/topup?trade_no=P1',
  name: 'PLAN1',
  money: '79.00',
  sign: 'abc',
  sign_type: 'MD5',
};
const PAY_REPLY = { success: true, message: 'success', data: FIELDS, url: 'https://pay.example.com/submit.php' } as never;

/** Opens the buy confirmation of the plan called `name` once the wallet shows it. */
async function openBuy(name: string) {
  await screen.findByRole('region', { name });
  await user().click(buyButton(name)!);
  return screen.findByRole('dialog');
}

describe('subscription plans on the wallet', () => {
  it('lists the plans on sale with their prices, period, quota per period and group', async () => {
    renderTopupPage({ 'GET /api/subscription/plans': ok([BASIC, LONG]) });

    const card = (await screen.findByText('订阅套餐')).closest('.arco-card') as HTMLElement;
    expect(within(card).queryByText('购买功能即将开放')).toBeNull();
    const basic = planBox('基础版');
    for (const text of ['适合个人试用', '¥29.90', '每月', '$10.00', '保持原分组']) expect(basic.getByText(text)).toBeTruthy();
    const long = planBox('长期版');
    for (const text of ['¥79.00 / $10.99', '每 45 天', '$50.00', 'vip']) expect(long.getByText(text)).toBeTruthy();
  });

  it('offers 购买 for a plan with a CNY price, not for one sold by card only', async () => {
    renderTopupPage({ 'GET /api/subscription/plans': ok([BASIC, CARD_ONLY]) });

    await screen.findByRole('region', { name: '海外版' });
    expect(buyButton('基础版')).toBeTruthy();
    expect(planBox('海外版').getByText('$19.99')).toBeTruthy();
    expect(planBox('海外版').queryAllByRole('button')).toEqual([]);
  });

  it('offers no 购买 while online payment is off', async () => {
    renderTopupPage({ 'GET /api/subscription/plans': ok([BASIC, LONG]) }, { status: { ...ONLINE_STATUS, enable_online_topup: false } });

    await screen.findByRole('region', { name: '长期版' });
    expect(buyButton('基础版')).toBeNull();
    expect(buyButton('长期版')).toBeNull();
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

describe('buying a plan through Epay', () => {
  it('confirms the plan, posts the order with the chosen method and submits the signed form to the gateway', async () => {
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    const calls = renderTopupPage({ 'GET /api/subscription/plans': ok([BASIC, LONG]), 'POST /api/subscription/pay': PAY_REPLY });
    await openBuy('长期版');

    for (const text of ['购买套餐', '长期版', '每 45 天', '$50.00', '¥79.00']) expect(dialog().getByText(text)).toBeTruthy();
    expect(dialog().getByRole('radio', { name: '支付宝' })).toBeTruthy();
    expect(dialog().queryByRole('alert')).toBeNull();
    expect(planPays(calls)).toEqual([]);
    const u = user();
    await u.click(dialog().getByRole('radio', { name: '微信' }));
    await u.click(dialog().getByRole('button', { name: /确认支付/ }));

    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(planPays(calls)).toEqual([{ method: 'POST', path: '/api/subscription/pay', query: {}, body: { plan_id: 2, payment_method: 'wx' } }]);
    const form = submitted[0];
    expect(form.getAttribute('method')?.toUpperCase()).toBe('POST');
    expect(form.getAttribute('action')).toBe('https://pay.example.com/submit.php');
    expect(Object.fromEntries(Array.from(form.querySelectorAll('input')).map((input) => [input.name, input.value]))).toEqual(FIELDS);
  });

  it('pays with alipay by default and shows the refusal of the server, with no form', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const calls = renderTopupPage({ 'GET /api/subscription/plans': ok([BASIC]), 'POST /api/subscription/pay': fail('该套餐每人限购 1 次，您已达到上限') });
    await openBuy('基础版');
    await user().click(dialog().getByRole('button', { name: /确认支付/ }));

    expect(await within(messages()).findByText('该套餐每人限购 1 次，您已达到上限')).toBeTruthy();
    expect(planPays(calls).map((call) => call.body)).toEqual([{ plan_id: 1, payment_method: 'zfb' }]);
    expect(submit).not.toHaveBeenCalled();
    // The confirmation stays, ready to try again.
    expect(dialog().getByRole('button', { name: /确认支付/ })).toBeTruthy();
  });

  it('does not post to a gateway address that is not http(s)', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    renderTopupPage({
      'GET /api/subscription/plans': ok([BASIC]),
      'POST /api/subscription/pay': { success: true, message: 'success', data: { pid: '1' }, url: 'javascript:alert(1)' } as never,
    });
    await openBuy('基础版');
    await user().click(dialog().getByRole('button', { name: /确认支付/ }));

    expect(await within(messages()).findByText('支付地址配置错误，请联系管理员')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('closes the confirmation with 取消 and orders nothing', async () => {
    const calls = renderTopupPage({ 'GET /api/subscription/plans': ok([BASIC]) });
    await openBuy('基础版');
    await user().click(dialog().getByRole('button', { name: /取\s*消/ }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(planPays(calls)).toEqual([]);
  });

  it('says a plan bought while another is held starts when that one ends', async () => {
    renderTopupPage({
      'GET /api/subscription/plans': ok([BASIC, LONG]),
      'GET /api/subscription/self': ok([makeSubscription({ plan_id: 1, plan_name: '基础版', status: 'active' })]),
    });
    await screen.findByText('我的订阅');
    await openBuy('长期版');

    expect(dialog().getByText('您已订阅其他套餐，新套餐将在当前套餐到期后生效')).toBeTruthy();
    expect(dialog().queryByText(/续订/)).toBeNull();
  });

  it('says buying the plan held again extends it by one period', async () => {
    renderTopupPage({
      'GET /api/subscription/plans': ok([BASIC, LONG]),
      'GET /api/subscription/self': ok([makeSubscription({ plan_id: 1, plan_name: '基础版', status: 'active' })]),
    });
    await screen.findByText('我的订阅');
    await openBuy('基础版');

    expect(dialog().getByText('续订：到期时间顺延一个周期')).toBeTruthy();
    expect(dialog().queryByText(/您已订阅其他套餐/)).toBeNull();
  });

  it('adds no note when the only other subscription has expired', async () => {
    renderTopupPage({
      'GET /api/subscription/plans': ok([BASIC, LONG]),
      'GET /api/subscription/self': ok([makeSubscription({ plan_id: 1, plan_name: '基础版', status: 'expired', quota_left: 0 })]),
    });
    await screen.findByText('我的订阅');
    await openBuy('长期版');

    expect(dialog().queryByText(/您已订阅其他套餐/)).toBeNull();
    expect(dialog().queryByText(/续订/)).toBeNull();
  });
});

describe('buying a plan by card through Stripe', () => {
  const CARD_STATUS = { ...ONLINE_STATUS, enable_stripe_topup: true };
  const CHECKOUT_URL = 'https://checkout.stripe.com/c/pay/cs_test_plan';
  const CHECKOUT_REPLY = ok({ url: CHECKOUT_URL, trade_no: 'P20300101120000card' });
  const cardPays = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/subscription/stripe/pay');
  const stubNavigation = () => vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);

  it('sells a plan with only a USD price once Stripe is on: its dollar price, the renewal note, then Checkout', async () => {
    const assign = stubNavigation();
    const calls = renderTopupPage(
      { 'GET /api/subscription/plans': ok([BASIC, CARD_ONLY]), 'POST /api/subscription/stripe/pay': CHECKOUT_REPLY },
      { status: { ...CARD_STATUS, enable_online_topup: false } },
    );
    await screen.findByRole('region', { name: '海外版' });
    // Epay is off: the plan sold for yuan only cannot be bought.
    expect(buyButton('基础版')).toBeNull();
    await openBuy('海外版');

    expect(dialog().getByText('$19.99')).toBeTruthy();
    expect(dialog().getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['银行卡（自动续费）']);
    expect(dialog().getByText('通过 Stripe 以美元支付；每个周期结束时自动续费扣款，直至取消')).toBeTruthy();
    await user().click(dialog().getByRole('button', { name: /确认支付/ }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(cardPays(calls)).toEqual([{ method: 'POST', path: '/api/subscription/stripe/pay', query: {}, body: { plan_id: 3 } }]);
    expect(planPays(calls)).toEqual([]);
  });

  it('offers the card beside Epay for a plan with both prices, the price following the method', async () => {
    const assign = stubNavigation();
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const calls = renderTopupPage({ 'GET /api/subscription/plans': ok([LONG]), 'POST /api/subscription/stripe/pay': CHECKOUT_REPLY }, { status: CARD_STATUS });
    await openBuy('长期版');

    expect(dialog().getByText('¥79.00')).toBeTruthy();
    expect(dialog().queryByText(/自动续费扣款/)).toBeNull();
    await user().click(dialog().getByRole('radio', { name: '银行卡（自动续费）' }));
    expect(dialog().getByText('$10.99')).toBeTruthy();
    expect(dialog().queryByText('¥79.00')).toBeNull();
    expect(dialog().getByText(/每个周期结束时自动续费扣款/)).toBeTruthy();
    await user().click(dialog().getByRole('button', { name: /确认支付/ }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(cardPays(calls).map((call) => call.body)).toEqual([{ plan_id: 2 }]);
    expect(submit).not.toHaveBeenCalled();
  });

  it('does not sell by card a plan of more days than Stripe renews', async () => {
    const YEARS = makePlan({ id: 4, name: '两年版', price_cny: 0, price_usd: 99, period: 'days', period_days: 730 });
    renderTopupPage({ 'GET /api/subscription/plans': ok([YEARS, CARD_ONLY]) }, { status: CARD_STATUS });

    await screen.findByRole('region', { name: '两年版' });
    expect(buyButton('两年版')).toBeNull();
    expect(buyButton('海外版')).toBeTruthy();
  });

  it('says a card plan starts after the plans held, never extends them', async () => {
    renderTopupPage(
      {
        'GET /api/subscription/plans': ok([LONG]),
        'GET /api/subscription/self': ok([makeSubscription({ plan_id: 2, plan_name: '长期版', status: 'active' })]),
      },
      { status: CARD_STATUS },
    );
    await screen.findByText('我的订阅');
    await openBuy('长期版');

    expect(dialog().getByText('续订：到期时间顺延一个周期')).toBeTruthy();
    await user().click(dialog().getByRole('radio', { name: '银行卡（自动续费）' }));
    expect(dialog().getByText('您已有未到期的套餐，银行卡订阅将在其到期后生效')).toBeTruthy();
    expect(dialog().queryByText(/续订/)).toBeNull();
  });

  it('does not call buying a plan held by card through Epay a renewal', async () => {
    renderTopupPage(
      {
        'GET /api/subscription/plans': ok([LONG]),
        'GET /api/subscription/self': ok([makeSubscription({ plan_id: 2, plan_name: '长期版', status: 'active', provider: 'stripe', auto_renew: true })]),
      },
      { status: CARD_STATUS },
    );
    await screen.findByText('我的订阅');
    await openBuy('长期版');

    expect(dialog().getByText('您已订阅其他套餐，新套餐将在当前套餐到期后生效')).toBeTruthy();
    expect(dialog().queryByText(/续订/)).toBeNull();
  });

  it('shows the refusal of the server and keeps the confirmation', async () => {
    const assign = stubNavigation();
    renderTopupPage({ 'GET /api/subscription/plans': ok([CARD_ONLY]), 'POST /api/subscription/stripe/pay': fail('该套餐不支持银行卡支付') }, { status: CARD_STATUS });
    await openBuy('海外版');
    await user().click(dialog().getByRole('button', { name: /确认支付/ }));

    expect(await within(messages()).findByText('该套餐不支持银行卡支付')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(dialog().getByRole('button', { name: /确认支付/ })).toBeTruthy();
  });
});
