import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProduct, startProduct, submitRootLogin } from './harness';

describe('root signs in and changes an option', () => {
  let product: RunningProduct;
  beforeAll(async () => {
    product = await startProduct('settings');
  });
  afterAll(async () => {
    await product?.stop();
  });

  it('guests are sent to login with the spec message', async () => {
    const { page, url } = product;
    await page.goto(`${url}/setting`);
    await page.waitForURL(/\/login/);
    await expect(page.getByText('请先登录以访问该页面').first().isVisible()).resolves.toBe(true);
    await product.screenshot('1-login-redirect');
  });

  it('logs in as root and lands on the saved redirect path', async () => {
    const { page } = product;
    await submitRootLogin(page);
    await page.waitForURL(/\/setting/);
    await product.screenshot('2-after-login');
  });

  it('saves the system name in the other tab and keeps it after a reload', async () => {
    const { page, url } = product;
    await page.goto(`${url}/setting?tab=other`);
    const input = page.getByPlaceholder('在此输入系统名称');
    await input.waitFor();
    await input.fill('浏览器测试网关');
    await product.screenshot('3-other-tab-edited');
    await page.locator('.arco-card', { has: input }).getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('系统名称已更新').first().waitFor();
    await product.screenshot('4-saved');

    const status = await (await fetch(`${url}/api/status`)).json();
    expect(status.data.system_name).toBe('浏览器测试网关');

    await page.reload();
    await page.getByPlaceholder('在此输入系统名称').waitFor();
    await expect(page.getByPlaceholder('在此输入系统名称').inputValue()).resolves.toBe('浏览器测试网关');
    await expect(page.title()).resolves.toContain('浏览器测试网关');
    await product.screenshot('5-after-reload');
  });
});
