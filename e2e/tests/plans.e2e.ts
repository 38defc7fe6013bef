import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProduct, rootApi, signInAsRoot, startProduct } from './harness';

const PHONE = { width: 390, height: 844 };

/** 套餐管理 (issue 34, first step): root creates a plan, takes it off sale and back, and the wallet lists it. */
describe('subscription plans: 套餐管理 and the wallet’s 订阅套餐', () => {
  let product: RunningProduct;

  beforeAll(async () => {
    product = await startProduct('plans');
    await signInAsRoot(product);
  });
  afterAll(async () => {
    await product?.stop();
  });

  it('creates a plan from the empty page and shows it in the table', async () => {
    const { page, url } = product;
    await page.goto(`${url}/plan`);
    await page.getByText('还没有套餐，点击“新建套餐”添加').waitFor();
    await product.screenshot('0-empty');
    await page.getByRole('button', { name: /新建套餐/ }).click();
    const drawer = page.locator('.plan-drawer');
    await drawer.getByLabel('名称', { exact: true }).fill('专业版月卡');
    await drawer.getByLabel('人民币价格').fill('49.9');
    await drawer.getByRole('button', { name: '$50.00' }).click();
    await product.screenshot('1-drawer');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('套餐已保存').first().waitFor();
    const row = page.locator('.arco-table-tr', { hasText: '专业版月卡' });
    await row.waitFor();
    expect(await row.innerText()).toContain('¥49.90');
    const [plan] = (await rootApi(page, 'GET', '/api/subscription/plan')).data as Array<{ name: string; price_cny: number; quota: number; period: string }>;
    expect(plan).toMatchObject({ name: '专业版月卡', price_cny: 49.9, quota: 25_000_000, period: 'month' });
    await product.screenshot('2-listed');
  });

  it('takes the plan off sale with its switch: the wallet hides it, then lists it again', async () => {
    const { page, url } = product;
    const toggle = page.getByRole('switch', { name: '启用套餐「专业版月卡」' });
    await toggle.click();
    await page.getByText('套餐已保存').first().waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');

    await page.goto(`${url}/topup`);
    await page.getByText('钱包').first().waitFor();
    expect(await page.getByText('订阅套餐').count()).toBe(0);

    await page.goto(`${url}/plan`);
    await page.getByRole('switch', { name: '启用套餐「专业版月卡」' }).click();
    await expect.poll(() => page.getByRole('switch', { name: '启用套餐「专业版月卡」' }).getAttribute('aria-checked')).toBe('true');
    await page.goto(`${url}/topup`);
    const card = page.locator('.topup-card', { hasText: '订阅套餐' });
    await card.waitFor();
    expect(await card.innerText()).toContain('专业版月卡');
    await product.screenshot('3-wallet');
    await page.setViewportSize(PHONE);
    await page.goto(`${url}/plan`);
    await page.getByText('专业版月卡').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await product.screenshot('4-phone');
  });
});
