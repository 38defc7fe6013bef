import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockEpayGateway, startMockEpayGateway } from '../../packages/server/test/mock-epay-gateway';
import { apiAs, ARTIFACTS, createMember, type RunningProduct, signInAsRoot, startProduct, submitLogin } from './harness';

const PHONE = { width: 390, height: 844 };
const MEMBER = { username: 'wallet-bob', password: 'bob-pass-123' };
const QUOTA_PER_DOLLAR = 500000;

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `wallet-${name}.png`), fullPage: true });

/** The wallet card's current balance, as the page shows it. */
const balanceOf = (page: Page): Locator => page.locator('.arco-card', { hasText: '我的钱包' }).getByText(/^\$\d/).first();

describe('money moves in through the wallet: redemption codes and Epay', () => {
  let product: RunningProduct;
  let gateway: MockEpayGateway;
  let member: BrowserContext;
  let memberPage: Page;
  let memberId: number;
  const codes: string[] = [];

  beforeAll(async () => {
    gateway = await startMockEpayGateway();
    product = await startProduct('wallet', { OUTBOUND_ALLOW_PRIVATE: 'payment' });
    await signInAsRoot(product);
    const { page, url } = product;
    // The payment settings an operator enters (the server address first, as the settings page requires).
    for (const [key, value] of [
      ['ServerAddress', url],
      ['PayAddress', gateway.url],
      ['EpayId', gateway.pid],
      ['EpayKey', gateway.key],
    ]) {
      expect((await apiAs(page, 1, 'PUT', '/api/option/', { key, value })).success).toBe(true);
    }
    memberId = await createMember(page, { ...MEMBER, display_name: 'Bob' });
    member = await product.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    memberPage = await member.newPage();
  });
  afterAll(async () => {
    await member?.close();
    await product?.stop();
    await gateway?.stop();
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
});
