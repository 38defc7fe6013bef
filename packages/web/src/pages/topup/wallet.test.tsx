import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, type ApiCall } from '@/pages/channel/test-fake-api';
import { user, writes } from '@/pages/channel/test-page';
import { makeUser } from '@/test/factories';
import { ONLINE_STATUS, renderTopupPage, setUpWalletTests } from './test-page';
import { PRICE_DELAY_MS } from './use-price';

const messages = setUpWalletTests();
const message = (text: string) => within(messages()).findByText(text);
const selfReads = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/user/self');
const priceText = () => screen.getByLabelText('实付金额').textContent;

describe('balance', () => {
  it('shows the balance read again from /api/user/self', async () => {
    const calls = renderTopupPage({ 'GET /api/user/self': ok(makeUser({ quota: 2_500_000, used_quota: 500_000 })) });

    expect(await screen.findByText('$5.00')).toBeTruthy();
    expect(screen.getByText('$1.00')).toBeTruthy();
    expect(selfReads(calls)).toHaveLength(1);
  });

  it('shows enough decimals for a balance spent by less than a cent to read changed', async () => {
    renderTopupPage({ 'GET /api/user/self': ok(makeUser({ quota: 5_000_000 - 320, used_quota: 500_320 })) });

    expect(await screen.findByText('$9.99936')).toBeTruthy();
    expect(screen.getByText('$1.00064')).toBeTruthy();
  });
});

describe('redemption code', () => {
  it('asks for a code before sending anything', async () => {
    const calls = renderTopupPage();
    await user().click(await screen.findByRole('button', { name: /兑\s*换/ }));

    expect(await message('请输入兑换码！')).toBeTruthy();
    expect(writes(calls).filter((call) => call.path === '/api/user/topup')).toEqual([]);
  });

  it('redeems a code, shows the quota added and the new balance', async () => {
    let balance = 1_000_000;
    const calls = renderTopupPage({
      'GET /api/user/self': () => ok(makeUser({ quota: balance })),
      'POST /api/user/topup': () => {
        balance += 5_000_000;
        return ok(5_000_000);
      },
    });
    const u = user();
    await screen.findByText('$2.00');
    await u.type(screen.getByLabelText('兑换码'), '  abc123  ');
    await u.click(screen.getByRole('button', { name: /兑\s*换/ }));

    expect(await message('兑换成功！额度已增加 $10.00')).toBeTruthy();
    expect(writes(calls).filter((call) => call.path === '/api/user/topup')).toEqual([{ method: 'POST', path: '/api/user/topup', query: {}, body: { key: 'abc123' } }]);
    expect(await screen.findByText('$12.00')).toBeTruthy();
    expect((screen.getByLabelText('兑换码') as HTMLInputElement).value).toBe('');
  });

  it('shows the server message for a code that cannot be used and keeps the balance', async () => {
    const calls = renderTopupPage({ 'POST /api/user/topup': fail('该兑换码已被使用') });
    const u = user();
    await screen.findByText('$2.00');
    await u.type(screen.getByLabelText('兑换码'), 'used-code');
    await u.click(screen.getByRole('button', { name: /兑\s*换/ }));

    expect(await message('该兑换码已被使用')).toBeTruthy();
    expect(selfReads(calls)).toHaveLength(1);
    expect((screen.getByLabelText('兑换码') as HTMLInputElement).value).toBe('used-code');
  });
});

describe('top-up link', () => {
  it('opens the configured link in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderTopupPage();
    await user().click(await screen.findByRole('button', { name: /充值链接/ }));

    expect(open).toHaveBeenCalledWith('https://shop.example.com/codes', '_blank', 'noopener,noreferrer');
  });

  it('says so when the super administrator has not set one', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderTopupPage({}, { status: { ...ONLINE_STATUS, top_up_link: '' } });
    await user().click(await screen.findByRole('button', { name: /充值链接/ }));

    expect(await message('超级管理员未设置充值链接！')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });
});

describe('online payment', () => {
  it('refuses when online top-up is not enabled, without asking the server', async () => {
    const calls = renderTopupPage({}, { status: { ...ONLINE_STATUS, enable_online_topup: false } });

    expect(await screen.findByText('管理员未开启在线充值！')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: /立即支付/ }));
    expect(await message('管理员未开启在线充值！')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('starts at the minimum, prices the amount as it changes and forces an amount below 1 to 1', async () => {
    const calls = renderTopupPage({ 'POST /api/user/amount': (call) => ok(((call.body as { amount: number }).amount * 7.3).toFixed(2)) }, { status: { ...ONLINE_STATUS, min_topup: 1 } });
    const amount = (await screen.findByLabelText('充值数量')) as HTMLInputElement;
    expect(amount.value).toBe('1');
    await waitFor(() => expect(priceText()).toBe('¥7.30'));

    const u = user();
    await u.clear(amount);
    await u.type(amount, '20');
    await waitFor(() => expect(priceText()).toBe('¥146.00'));
    // Typing pauses once: one price asked for the settled amount, not one per key.
    expect(calls.filter((call) => call.path === '/api/user/amount').map((call) => call.body)).toEqual([{ amount: 1 }, { amount: 20 }]);

    await u.clear(amount);
    await u.type(amount, '0');
    await u.tab();
    await waitFor(() => expect(amount.value).toBe('1'));
  });

  it('refuses an amount under the minimum with the spec message and no order', async () => {
    const calls = renderTopupPage({}, { status: { ...ONLINE_STATUS, min_topup: 5 } });
    const amount = (await screen.findByLabelText('充值数量')) as HTMLInputElement;
    expect(amount.value).toBe('5');
    const u = user();
    await u.clear(amount);
    await u.type(amount, '3');
    await u.click(screen.getByRole('button', { name: /立即支付/ }));

    expect(await message('充值数量不能小于 5')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/user/pay')).toEqual([]);
    // No price for an amount the server would refuse.
    await new Promise((resolve) => setTimeout(resolve, PRICE_DELAY_MS + 100));
    expect(calls.filter((call) => call.path === '/api/user/amount' && (call.body as { amount: number }).amount < 5)).toEqual([]);
    expect(priceText()).toBe('-');
  });

  it('posts the order, then submits the signed form to the gateway in this window', async () => {
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    const fields = {
      pid: '1001',
      type: 'wxpay',
      out_trade_no: 'T1',
      notify_url: 'https://gw.example.com/api/user/epay/notify',
      return_url: 'https://gw.example.com/topup?trade_no=T1',
      name: 'TUC10',
      money: '73.00',
      sign: 'abc',
      sign_type: 'MD5',
    };
    const calls = renderTopupPage({ 'POST /api/user/pay': { success: true, message: 'success', data: fields, url: 'https://pay.example.com/submit.php' } as never });
    const amount = await screen.findByLabelText('充值数量');
    const u = user();
    await u.clear(amount);
    await u.type(amount, '10');
    await u.click(screen.getByRole('radio', { name: '微信' }));
    await u.type(screen.getByLabelText('充值码'), ' AGENT-7 ');
    await u.click(screen.getByRole('button', { name: /立即支付/ }));

    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(calls.filter((call) => call.path === '/api/user/pay')).toEqual([{ method: 'POST', path: '/api/user/pay', query: {}, body: { amount: 10, payment_method: 'wx', top_up_code: 'AGENT-7' } }]);
    const form = submitted[0];
    expect(form.getAttribute('method')?.toUpperCase()).toBe('POST');
    expect(form.getAttribute('action')).toBe('https://pay.example.com/submit.php');
    expect(form.target).toBe('');
    expect(form.isConnected).toBe(true);
    const sent = Object.fromEntries(Array.from(form.querySelectorAll('input')).map((input) => [input.name, input.value]));
    expect(sent).toEqual(fields);
    expect(Array.from(form.querySelectorAll('input')).every((input) => input.type === 'hidden')).toBe(true);
  });

  it('pays with alipay by default and shows the refusal of the server', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const calls = renderTopupPage({ 'POST /api/user/pay': fail('管理员未开启在线充值！') });
    await screen.findByLabelText('充值数量');
    await user().click(screen.getByRole('button', { name: /立即支付/ }));

    expect(await message('管理员未开启在线充值！')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/user/pay')[0].body).toEqual({ amount: 1, payment_method: 'zfb' });
    expect(submit).not.toHaveBeenCalled();
  });

  it('does not post to a gateway address that is not http(s)', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    renderTopupPage({ 'POST /api/user/pay': { success: true, message: 'success', data: { pid: '1' }, url: 'javascript:alert(1)' } as never });
    await screen.findByLabelText('充值数量');
    await user().click(screen.getByRole('button', { name: /立即支付/ }));

    expect(await message('支付地址配置错误，请联系管理员')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });
});

describe('card payment through Stripe', () => {
  const CARD_STATUS = { ...ONLINE_STATUS, enable_stripe_topup: true };
  const CHECKOUT_URL = 'https://checkout.stripe.com/c/pay/cs_test_a1';
  const cardPays = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/user/stripe/pay');
  const cardPrice = (call: ApiCall) => ok(((call.body as { amount: number }).amount * 1.5).toFixed(2));
  /** Leaving for Checkout, recorded instead of done. */
  const stubNavigation = () => vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);

  it('is not offered while Stripe is not configured', async () => {
    renderTopupPage();
    await screen.findByRole('radio', { name: '支付宝' });
    expect(screen.queryByRole('radio', { name: '银行卡' })).toBeNull();
  });

  it('prices the amount in US dollars once 银行卡 is chosen, then takes the order to Stripe’s Checkout', async () => {
    const assign = stubNavigation();
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const calls = renderTopupPage(
      { 'POST /api/user/stripe/amount': cardPrice, 'POST /api/user/stripe/pay': ok({ url: CHECKOUT_URL, trade_no: 'T20300101120000card' }) },
      { status: CARD_STATUS },
    );
    const amount = await screen.findByLabelText('充值数量');
    await waitFor(() => expect(priceText()).toBe('¥7.30'));
    const u = user();
    await u.clear(amount);
    await u.type(amount, '10');
    await u.click(screen.getByRole('radio', { name: '银行卡' }));

    await waitFor(() => expect(priceText()).toBe('$15.00'));
    expect(screen.getByText('通过 Stripe 使用银行卡（Visa、Mastercard 等）支付，以美元结算')).toBeTruthy();
    // Card orders take no top-up code.
    expect(screen.queryByLabelText('充值码')).toBeNull();
    await u.click(screen.getByRole('button', { name: /立即支付/ }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(cardPays(calls)).toEqual([{ method: 'POST', path: '/api/user/stripe/pay', query: {}, body: { amount: 10 } }]);
    expect(calls.filter((call) => call.path === '/api/user/pay')).toEqual([]);
    expect(submit).not.toHaveBeenCalled();
    // This window is on its way to Stripe: the button stays busy.
    expect(screen.getByRole('button', { name: /立即支付/ }).className).toContain('loading');
  });

  it('works with the card alone when Epay is not configured', async () => {
    const assign = stubNavigation();
    const calls = renderTopupPage(
      { 'POST /api/user/stripe/amount': cardPrice, 'POST /api/user/stripe/pay': ok({ url: CHECKOUT_URL, trade_no: 'T20300101120000card' }) },
      { status: { ...CARD_STATUS, enable_online_topup: false } },
    );

    await waitFor(() => expect(priceText()).toBe('$1.50'));
    expect(screen.queryByText('管理员未开启在线充值！')).toBeNull();
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['银行卡']);
    expect((screen.getByRole('radio', { name: '银行卡' }) as HTMLInputElement).checked).toBe(true);
    expect(calls.filter((call) => call.path === '/api/user/amount')).toEqual([]);
    await user().click(screen.getByRole('button', { name: /立即支付/ }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(cardPays(calls).map((call) => call.body)).toEqual([{ amount: 1 }]);
  });

  it('shows the refusal of the server and stays', async () => {
    const assign = stubNavigation();
    renderTopupPage({ 'POST /api/user/stripe/amount': cardPrice, 'POST /api/user/stripe/pay': fail('银行卡支付暂时不可用，请稍后再试') }, { status: { ...CARD_STATUS, enable_online_topup: false } });
    await screen.findByRole('radio', { name: '银行卡' });
    await user().click(screen.getByRole('button', { name: /立即支付/ }));

    expect(await message('银行卡支付暂时不可用，请稍后再试')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: /立即支付/ }).className).not.toContain('loading'));
  });

  it('does not go to a Checkout address that is not http(s)', async () => {
    const assign = stubNavigation();
    renderTopupPage({ 'POST /api/user/stripe/amount': cardPrice, 'POST /api/user/stripe/pay': ok({ url: 'javascript:alert(1)', trade_no: 'T1' }) }, { status: { ...CARD_STATUS, enable_online_topup: false } });
    await screen.findByRole('radio', { name: '银行卡' });
    await user().click(screen.getByRole('button', { name: /立即支付/ }));

    expect(await message('支付地址配置错误，请联系管理员')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });
});
