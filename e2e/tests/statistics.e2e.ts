import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../packages/server/test/mock-openai-upstream';
import { chatThroughRelay, type RunningProduct, serveMockModels, signInAsRoot, startProduct, tokenKey, waitForConsumeLogs } from './harness';

const MODEL = 'gpt-4o-mini';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** The page is no wider than the screen (tables scroll inside their own box). */
const fitsWidth = async (product: RunningProduct) => product.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('statistics, monitor and data dashboard over real relay traffic', () => {
  let product: RunningProduct;
  let upstream: MockOpenAiUpstream;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    product = await startProduct('statistics');
    await signInAsRoot(product);
    const { page, url } = product;
    await serveMockModels(page, upstream.url, { [MODEL]: 1 });
    const key = await tokenKey(page, 1, 'console');
    // Six answered requests, and one for a model nobody serves (refused before the relay, so not logged).
    for (const model of [MODEL, MODEL, MODEL, MODEL, MODEL, MODEL, 'no-such-model']) await chatThroughRelay(url, key, model);
    // Consumption rows are written with the billing's batched settlement: wait until all six are logged.
    await waitForConsumeLogs(page, 6);
  });
  afterAll(async () => {
    await product?.stop();
    await upstream?.stop();
  });

  it('shows the statistics once 立即更新 rolls up the new logs, in every view, and exports them', async () => {
    const { page, url } = product;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${url}/statistics`);
    // The page's own title: the sidebar entry has the same name.
    await page.locator('.arco-card-header-title', { hasText: '计费管理' }).waitFor();
    await page.getByRole('button', { name: /立即更新/ }).click();
    const row = page.locator('.arco-table-tr', { hasText: MODEL }).first();
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('root');
    const totals = page.getByLabel('统计合计');
    expect(await totals.innerText()).toMatch(/6/);
    await product.screenshot('1-statistics-detail');

    await page.getByRole('tab', { name: '按用户' }).click();
    await page.locator('.arco-table-tr', { hasText: 'root' }).first().waitFor();
    await product.screenshot('2-statistics-by-user');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导出/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^statistics-user-\d{8}-\d{8}\.xlsx$/);
  });

  it('shows the upstream monitor to root with its charts, and the downstream tab', async () => {
    const { page, url } = product;
    await page.goto(`${url}/monitor?tab=upstream`);
    await page.getByRole('tab', { name: '上游监控' }).waitFor();
    await page.locator('canvas').first().waitFor();
    await page.locator('.arco-table-tr', { hasText: MODEL }).first().waitFor();
    await product.screenshot('3-monitor-upstream');
    await page.getByRole('tab', { name: /下游监控/ }).click();
    await page.locator('.arco-table-tr', { hasText: 'console' }).first().waitFor();
    await product.screenshot('4-monitor-downstream');
  });

  it('shows the data dashboard with its cards and charts', async () => {
    const { page, url } = product;
    await page.goto(`${url}/detail`);
    const requests = page.locator('section.dashboard-card', { hasText: '请求次数' });
    await requests.waitFor();
    await expect.poll(() => requests.innerText()).toMatch(/\b6\b/);
    await page.locator('canvas').first().waitFor();
    await product.screenshot('5-dashboard');
  });

  it('fits a phone', async () => {
    const { page, url } = product;
    await page.setViewportSize(PHONE);
    for (const [path, name] of [
      ['/statistics', '6-statistics-phone'],
      ['/monitor?tab=upstream', '7-monitor-phone'],
      ['/detail', '8-dashboard-phone'],
    ]) {
      await page.goto(`${url}${path}`);
      await page.locator('canvas, .arco-table').first().waitFor();
      await product.screenshot(name);
      expect(await fitsWidth(product), path).toBe(true);
    }
    await page.setViewportSize(DESKTOP);
  });
});
