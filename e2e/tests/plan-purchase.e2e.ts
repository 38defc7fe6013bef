import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockEpayGateway } from '../../packages/server/test/mock-epay-gateway';
import type { MockStripeApi } from '../../packages/server/test/mock-stripe-api';
import { apiAs, ARTIFACTS, createMember, expectSuccess, type RunningProduct, signIn } from './harness';
import { startPaymentProduct } from './payments-kit';

const PHONE = { width: 390, height: 844 };
const MEMBER = { username: 'plan-carol', password: 'carol-pass-123' };
const PLAN = '专业版月卡';
/** Sold for yuan and dollars, bought by card. */
const CARD_PLAN = '国际版月卡';
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_plan_endpoint_secret';
/** The plan's 每周期额度: the drawer's $50.00 preset. */
const PERIOD_QUOTA = 50 * 500000;

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `plan-purchase-${name}.png`), fullPage: true });
const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
/** Arco zooms a dialog in whatever the motion setting: a screenshot waits until it has finished. */
const dialogSettled = (page: Page) =>
  page.waitForFunction(() => [...document.querySelectorAll('.arco-modal')].every((modal) => modal.getAnimations({ subtree: true }).length === 0));

interface Subscription {
  plan_name: string;
  status: string;
  group: string;
  period_quota: number;
  quota_left: number;
}

/** Issue 34: a user buys a monthly plan on the wallet through Epay, then another by card, and finds them in 我的订阅. */
describe('buying a subscription plan through Epay and by card on the wallet', () => {
  let product: RunningProduct;
  let gateway: MockEpayGateway;
  let stripe: MockStripeApi;
  let member: BrowserContext;
  let memberPage: Page;
  let memberId: number;

  beforeAll(async () => {
    ({ product, gateway, stripe } = await startPaymentProduct('plan-purchase'));
    const { page } = product;
    memberId = await createMember(page, { ...MEMBER, display_name: 'Carol' });
    member = await product.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', reducedMotion: 'reduce' });
    memberPage = await member.newPage();
  });
  afterAll(async () => {
    await member?.close();
    await product?.stop();
    await gateway?.stop();
    await stripe?.stop();
  });

  it('root creates a monthly plan for ¥49.90 with $50.00 a period in the vip group', async () => {
    const { page, url } = product;
    await page.goto(`${url}/plan`);
    await page.getByRole('button', { name: /新建套餐/ }).click();
    const drawer = page.locator('.plan-drawer');
    await drawer.getByLabel('名称', { exact: true }).fill(PLAN);
    await drawer.getByLabel('人民币价格').fill('49.9');
    await drawer.getByRole('button', { name: '$50.00' }).click();
    await drawer.getByRole('combobox', { name: '订阅分组' }).click();
    await page.getByRole('option', { name: 'vip', exact: true }).click();
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('套餐已保存').first().waitFor();
    await page.locator('.arco-table-tr', { hasText: PLAN }).waitFor();
    const [plan] = expectSuccess<Array<{ name: string; price_cny: number; quota: number; period: string; group: string }>>(
      await apiAs(page, 1, 'GET', '/api/subscription/plan'),
    );
    expect(plan).toMatchObject({ name: PLAN, price_cny: 49.9, quota: PERIOD_QUOTA, period: 'month', group: 'vip' });
  });

  it('a user buys it on the wallet: confirmation, the Epay cashier, and back to the order result', async () => {
    const page = memberPage;
    await signIn(page, product.url, MEMBER.username, MEMBER.password);
    await page.goto(`${product.url}/topup`);
    const planBox = page.getByRole('region', { name: PLAN });
    await planBox.waitFor();
    // Nothing bought yet: no 我的订阅.
    expect(await page.getByText('我的订阅').count()).toBe(0);
    await shot(page, '1-wallet');

    await planBox.getByRole('button', { name: /购\s*买/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('¥49.90').waitFor();
    for (const text of [PLAN, '每月', '$50.00']) await dialog.getByText(text, { exact: true }).waitFor();
    // A first subscription: neither a renewal nor a wait for another plan.
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByText('微信', { exact: true }).click();
    await dialogSettled(page);
    await shot(page, '2-confirm');
    await dialog.getByRole('button', { name: /确认支付/ }).click();

    // The browser posted the signed form to the gateway, which shows its cashier page.
    await page.waitForURL(`${gateway.url}/submit.php`);
    await page.getByText('模拟易支付收银台').waitFor();
    const [order] = [...gateway.orders.values()];
    expect(order).toMatchObject({ type: 'wxpay', money: '49.90', return_url: `${product.url}/topup?trade_no=${order.out_trade_no}` });
    await shot(page, '3-cashier');

    // Paying sends the signed notify to the server, then returns the browser to the wallet.
    await page.locator('#pay').click();
    await page.waitForURL(`${product.url}/topup?trade_no=${order.out_trade_no}`);
    await page.getByLabel('支付结果').getByText('购买成功').waitFor();
    expect(order.notifyReplies).toEqual(['success']);
  });

  it('shows the plan in 我的订阅, active with its whole period quota left, and the order in the history', async () => {
    const page = memberPage;
    const subscription = page.getByRole('region', { name: `订阅：${PLAN}` });
    await subscription.waitFor();
    await subscription.getByText('生效中').waitFor();
    expect(await subscription.getByLabel('本周期剩余额度').textContent()).toBe('$50.00 / $50.00');
    expect(await subscription.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(await subscription.innerText()).toContain('vip');
    const [order] = [...gateway.orders.values()];
    const history = page.locator('.arco-table-tr', { hasText: order.out_trade_no });
    await history.getByText(`套餐：${PLAN}`).waitFor();
    await history.getByText('已支付').waitFor();
    await shot(page, '4-subscribed');

    const [mine] = expectSuccess<Subscription[]>(await apiAs(page, memberId, 'GET', '/api/subscription/self'));
    expect(mine).toMatchObject({ plan_name: PLAN, status: 'active', group: 'vip', period_quota: PERIOD_QUOTA, quota_left: PERIOD_QUOTA });
  });

  it('buying the same plan again says it is a renewal; the phone-sized wallet fits the screen', async () => {
    const page = memberPage;
    await page.setViewportSize(PHONE);
    await page.goto(`${product.url}/topup`);
    await page.getByRole('region', { name: `订阅：${PLAN}` }).waitFor();
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await shot(page, '5-phone');

    await page.getByRole('region', { name: PLAN }).getByRole('button', { name: /购\s*买/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('续订：到期时间顺延一个周期').waitFor();
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await dialogSettled(page);
    await page.screenshot({ path: join(ARTIFACTS, 'plan-purchase-6-phone-confirm.png') });
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('with Stripe configured, a user buys a plan by card on the phone: its dollar price, the renewal note, Checkout, then 我的订阅', async () => {
    const { page: root } = product;
    for (const [key, value] of [
      ['StripeApiSecret', stripe.secretKey],
      ['StripeWebhookSecret', STRIPE_WEBHOOK_SECRET],
    ]) {
      expectSuccess(await apiAs(root, 1, 'PUT', '/api/option/', { key, value }));
    }
    expectSuccess(await apiAs(root, 1, 'POST', '/api/subscription/plan', { name: CARD_PLAN, price_cny: 69, price_usd: 9.99, period: 'month', quota: PERIOD_QUOTA }));

    const page = memberPage;
    await page.setViewportSize(PHONE);
    await page.goto(`${product.url}/topup`);
    await page.getByRole('region', { name: CARD_PLAN }).getByRole('button', { name: /购\s*买/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('¥69.00').waitFor();
    await dialog.getByText('银行卡（自动续费）', { exact: true }).click();
    await dialog.getByText('$9.99').waitFor();
    await dialog.getByText('通过 Stripe 以美元支付；每个周期结束时自动续费扣款，直至取消').waitFor();
    // 专业版月卡 is held: a card plan starts when it ends.
    await dialog.getByText('您已有未到期的套餐，银行卡订阅将在其到期后生效').waitFor();
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await dialogSettled(page);
    await page.screenshot({ path: join(ARTIFACTS, 'plan-purchase-7-phone-card-confirm.png') });
    await dialog.getByRole('button', { name: /确认支付/ }).click();

    await page.waitForURL(/\/c\/pay\/cs_test_/);
    const [session] = [...stripe.sessions.values()];
    expect(session).toMatchObject({ mode: 'subscription', amount_total: 999, currency: 'usd' });
    const { params: _, ...paid } = stripe.pay(session.id);
    expect((await stripe.deliver(`${product.url}/api/stripe/webhook`, stripe.event('checkout.session.completed', paid), STRIPE_WEBHOOK_SECRET)).status).toBe(200);
    await page.goto(session.success_url);
    const result = page.getByLabel('支付结果');
    await result.getByText('购买成功').waitFor();
    await result.getByText(`套餐「${CARD_PLAN}」已购买，实付 $9.99，详见我的订阅`, { exact: false }).waitFor();

    const subscription = page.getByRole('region', { name: `订阅：${CARD_PLAN}` });
    await subscription.getByText('待生效').waitFor();
    expect(await subscription.getByText('支付方式').locator('xpath=ancestor::tr').textContent()).toBe('支付方式银行卡');
    expect(await subscription.getByText('自动续费').locator('xpath=ancestor::tr').textContent()).toBe('自动续费开启');
    expect(await page.getByRole('region', { name: `订阅：${PLAN}` }).getByText('自动续费').count()).toBe(0);
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await shot(page, '8-phone-card-subscribed');
  });
});
