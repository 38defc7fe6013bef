import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProduct, startProduct, signInAsRoot } from './harness';

/** Calls the console API from inside the signed-in page (cookie + New-Api-User, as the SPA does). */
const api = (product: RunningProduct, path: string) =>
  product.page.evaluate(async (url) => (await fetch(url, { headers: { 'New-Api-User': '1' } })).json(), path);

describe('an admin sets up a channel and a token through the console', () => {
  let product: RunningProduct;
  beforeAll(async () => {
    product = await startProduct('gateway');
    await signInAsRoot(product);
  });
  afterAll(async () => {
    await product?.stop();
  });

  it('creates an OpenAI channel whose key is never shown again', async () => {
    const { page, url } = product;
    await page.goto(`${url}/channel/add`);
    await page.getByPlaceholder('请为渠道命名').fill('浏览器渠道');
    await page.locator('textarea').first().fill('sk-browser-upstream-key');
    await product.screenshot('1-channel-form');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('渠道创建成功！').first().waitFor();
    await page.waitForURL(/\/channel$/);
    await page.getByText('浏览器渠道').first().waitFor();
    await product.screenshot('2-channel-list');

    const found = await api(product, '/api/channel/search?keyword=' + encodeURIComponent('浏览器渠道'));
    expect(found.data.items).toHaveLength(1);
    expect(found.data.items[0].models).toContain('gpt-4o');
    expect(JSON.stringify(found)).not.toContain('sk-browser-upstream-key');
  });

  it('creates a token and lists it with a masked sk- key', async () => {
    const { page, url } = product;
    await page.goto(`${url}/token`);
    await page.getByRole('button', { name: /添加令牌/ }).click();
    await page.getByLabel('名称', { exact: true }).fill('浏览器令牌');
    // root starts with no balance: a limited token would exceed it, so this one is unlimited.
    await page.getByLabel('无限额度').click();
    await product.screenshot('3-token-drawer');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('令牌创建成功').first().waitFor();
    await page.locator('.arco-table-tr', { hasText: '浏览器令牌' }).first().waitFor();
    await product.screenshot('4-token-list');

    const listed = await api(product, '/api/token/?p=0&size=10');
    const token = listed.data.items.find((item: { name: string }) => item.name === '浏览器令牌');
    expect(token.key).toMatch(/^sk-[A-Za-z0-9]{48}$/);
    expect(token.unlimited_quota).toBe(true);
    expect(await page.getByText(token.key, { exact: true }).count()).toBe(0);
  });
});
