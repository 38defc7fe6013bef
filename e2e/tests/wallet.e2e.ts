import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockEpayGateway } from '../../packages/server/test/mock-epay-gateway';
import type { MockStripeApi } from '../../packages/server/test/mock-stripe-api';
import { apiAs, ARTIFACTS, createMember, type RunningProduct, submitLogin } from './harness';
import { startPaymentProduct } from './payments-kit';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_wallet_endpoint_secret';
const MEMBER = { username: 'wallet-bob', password: 'bob-pass-123' };
const QUOTA_PER_DOLLAR = 500000;

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `wallet-${name}.png`), fullPage: true });

/** The wallet card's current balance, as the page shows it. */
const balanceOf = (page: Page): Locator => page.locator('.arco-card', { hasText: '我的钱包' }).getByText(/^\$\d/).first();

describe('money moves in through the wallet: redemption codes, Epay and cards through Stripe', () => {
  let product: RunningProduct;
  let gateway: MockEpayGateway;
  let stripe: MockStripeApi;
  let member: BrowserContext;
  let memberPage: Page;
  let memberId: number;
  const codes: string[] = [];

  beforeAll(async () => {
    ({ product, gateway, stripe } = await startPaymentProduct('wallet'));
    const { page } = product;
    memberId = await createMember(page, { ...MEMBER, display_name: 'Bob' });
    member = await product.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    memberPage = await member.newPage();
  });
  afterAll(async () => {
    await member?.close();
    await product?.stop();
    await gateway?.stop();
    await stripe?.stop();
  });

  it('an administrator creates two $10 codes on the redemption page and sees them once', async () => {
    const { page, url } = product;
    await page.goto(`${url}/redemption`);
    await page.getByText('暂无数据').waitFor();
    await page.getByRole('button', { name: '添加兑换码' }).click();
    const drawer = page.locator('.arco-drawer');
    await drawer.getByLabel('名称').fill('双十一活动');
    await drawer.getByRole('button', { name: '$10.00' }).click();
    await drawer.getByLabel('数量').fill('2');
    await drawer.getByRole('button', { name: /提\s*交/ }).click();
    const list = page.getByLabel('新兑换码');
    await list.waitFor();
    codes.push(...(await list.locator('li').allTextContents()).map((code) => code.trim()));
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{32}$/);
    await shot(page, '1-codes-created');
    await page.getByRole('button', { name: '关闭' }).click();
    await expect(page.locator('.arco-table-tr', { hasText: '双十一活动' }).count()).resolves.toBe(2);
    await shot(page, '2-redemption-list');
  });

  it('a user redeems one code on the wallet page and sees the new balance; the same code again is refused', async () => {
    const page = memberPage;
    await page.goto(`${product.url}/login`);
    await submitLogin(page, MEMBER.username, MEMBER.password);
    await page.getByText('登录成功！').first().waitFor();
    await page.goto(`${product.url}/topup`);
    await expect(balanceOf(page).textContent()).resolves.toBe('$0.00');
    await page.getByLabel('兑换码').fill(codes[0]);
    await page.getByRole('button', { name: '兑换' }).click();
    await page.getByText('兑换成功！额度已增加 $10.00').first().waitFor();
    await page.waitForFunction(() => document.body.innerText.includes('$10.00'));
    await expect(balanceOf(page).textContent()).resolves.toBe('$10.00');

    await page.getByLabel('兑换码').fill(codes[0]);
    await page.getByRole('button', { name: '兑换' }).click();
    await page.getByText('该兑换码已被使用').first().waitFor();
    const self = await apiAs(page, memberId, 'GET', '/api/user/self');
    expect(self.data.quota).toBe(10 * QUOTA_PER_DOLLAR);
    await shot(page, '3-redeemed');
  });

  it('a user pays $3 through the Epay cashier and comes back to the credit', async () => {
    const page = memberPage;
    await page.getByLabel('充值数量').fill('3');
    // The live price: 3 × 7.3 (the default Price) × 1 (no top-up group ratio).
    await page.getByLabel('实付金额').getByText('¥21.90').waitFor();
    await page.getByText('微信', { exact: true }).click();
    await page.getByRole('button', { name: '立即支付' }).click();

    // The browser posted the signed form to the gateway, which shows its cashier page.
    await page.waitForURL(`${gateway.url}/submit.php`);
    await page.getByText('模拟易支付收银台').waitFor();
    const [order] = [...gateway.orders.values()];
    expect(order).toMatchObject({ type: 'wxpay', money: '21.90', return_url: `${product.url}/topup?trade_no=${order.out_trade_no}` });
    await shot(page, '4-cashier');

    // Paying sends the signed notify to the server, then returns the browser to the wallet.
    await page.locator('#pay').click();
    await page.waitForURL(`${product.url}/topup?trade_no=${order.out_trade_no}`);
    await page.getByLabel('支付结果').getByText('充值成功').waitFor();
    expect(order.notifyReplies).toEqual(['success']);
    await expect(balanceOf(page).textContent()).resolves.toBe('$13.00');
    const history = page.locator('.arco-table-tr', { hasText: order.out_trade_no });
    await history.getByText('已支付').waitFor();
    await shot(page, '5-paid');

    const self = await apiAs(page, memberId, 'GET', '/api/user/self');
    expect(self.data.quota).toBe(13 * QUOTA_PER_DOLLAR);
  });

  it('a replayed notify credits nothing, and the phone-sized wallet fits the screen', async () => {
    const [order] = [...gateway.orders.values()];
    expect(await gateway.sendNotify(order.out_trade_no)).toBe('success');
    const self = await apiAs(memberPage, memberId, 'GET', '/api/user/self');
    expect(self.data.quota).toBe(13 * QUOTA_PER_DOLLAR);

    await memberPage.setViewportSize(PHONE);
    await memberPage.goto(`${product.url}/topup`);
    await balanceOf(memberPage).waitFor();
    const overflow = await memberPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(memberPage, '6-phone');
  });

  it('root enters the Stripe keys under 支付设置 and sees the webhook address to register', async () => {
    const { page, url } = product;
    await page.goto(`${url}/setting?tab=system`);
    const section = page.getByRole('region', { name: '银行卡支付（Stripe）' });
    await section.getByLabel('Stripe Webhook 地址').getByText(`${url}/api/stripe/webhook`).waitFor();
    for (const event of ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'invoice.paid', 'invoice.payment_failed', 'customer.subscription.deleted']) {
      await section.getByText(event, { exact: true }).waitFor();
    }
    await section.getByLabel('Stripe API 密钥').fill(stripe.secretKey);
    await section.getByLabel('Stripe Webhook 签名密钥').fill(STRIPE_WEBHOOK_SECRET);
    await section.getByLabel(/^Stripe 充值价格/).fill('1.5');
    await page.getByRole('button', { name: '更新支付设置' }).click();
    await page.getByText('保存成功').first().waitFor();
    // The secrets are write-only: the fields are empty again, the stored keys never come back.
    await expect(section.getByLabel('Stripe API 密钥').inputValue()).resolves.toBe('');
    const options = await apiAs(page, 1, 'GET', '/api/option/');
    const stored = Object.fromEntries((options.data as Array<{ key: string; value: string }>).map((option) => [option.key, option.value]));
    expect(stored).toMatchObject({ StripeApiSecret: '', StripeWebhookSecret: '', StripeUnitPrice: '1.5' });
    const status = await (await fetch(`${url}/api/status`)).json();
    expect(status.data.enable_stripe_topup).toBe(true);
    // The whole 支付设置 card: Epay's fields, then the Stripe section.
    const card = page.locator('.arco-card', { has: section });
    await card.screenshot({ path: join(ARTIFACTS, 'wallet-7-stripe-settings.png') });

    await page.setViewportSize(PHONE);
    await section.getByLabel('Stripe Webhook 地址').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await card.screenshot({ path: join(ARTIFACTS, 'wallet-8-stripe-settings-phone.png') });
    await page.setViewportSize(DESKTOP);
  });

  it('a user pays $10 by card: priced $15.00, sent to Stripe’s Checkout, back to the credit in dollars', async () => {
    const page = memberPage;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${product.url}/topup`);
    await page.getByRole('radio', { name: '银行卡' }).waitFor({ state: 'attached' });
    await page.getByLabel('充值数量').fill('10');
    await page.getByText('银行卡', { exact: true }).click();
    // 10 × 1.5 (StripeUnitPrice) × 1 (no top-up group ratio), in US dollars.
    await page.getByLabel('实付金额').getByText('$15.00').waitFor();
    await page.getByText('通过 Stripe 使用银行卡（Visa、Mastercard 等）支付，以美元结算').waitFor();
    expect(await page.getByLabel('充值码').count()).toBe(0);
    await shot(page, '9-card');

    await page.getByRole('button', { name: '立即支付' }).click();
    // The browser went to the session's Checkout page (the stand-in answers it with an error page).
    await page.waitForURL(/\/c\/pay\/cs_test_/);
    const [session] = [...stripe.sessions.values()];
    expect(page.url()).toBe(session.url);
    expect(session).toMatchObject({ mode: 'payment', amount_total: 1500, currency: 'usd' });
    const tradeNo = session.client_reference_id!;
    expect(session.success_url).toBe(`${product.url}/topup?trade_no=${tradeNo}`);

    // The customer pays; Stripe tells the server, then sends the browser back.
    const paid = stripe.pay(session.id);
    const { params: _, ...object } = paid;
    expect((await stripe.deliver(`${product.url}/api/stripe/webhook`, stripe.event('checkout.session.completed', object), STRIPE_WEBHOOK_SECRET)).status).toBe(200);
    await page.goto(session.success_url);
    const result = page.getByLabel('支付结果');
    await result.getByText('充值成功').waitFor();
    await result.getByText(/\$10\.00 已到账，实付 \$15\.00/).waitFor();
    await expect(balanceOf(page).textContent()).resolves.toBe('$23.00');
    const history = page.locator('.arco-table-tr', { hasText: tradeNo });
    await history.getByText('$15.00').waitFor();
    await history.getByText('银行卡').waitFor();
    await shot(page, '10-card-paid');

    const self = await apiAs(page, memberId, 'GET', '/api/user/self');
    expect(self.data.quota).toBe(23 * QUOTA_PER_DOLLAR);
  });

  it('the phone-sized wallet with 银行卡 chosen fits the screen', async () => {
    const page = memberPage;
    await page.setViewportSize(PHONE);
    await page.goto(`${product.url}/topup`);
    await page.getByText('银行卡', { exact: true }).first().click();
    await page.getByLabel('实付金额').getByText('$1.50').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, '11-card-phone');
  });
});
