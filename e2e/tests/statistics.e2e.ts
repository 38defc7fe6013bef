import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../packages/server/test/mock-openai-upstream';
import { chatThroughRelay, rootApi, type RunningProduct, serveMockModels, signInAsRoot, startProduct, tokenKey, waitForConsumeLogs } from './harness';

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
    // The operator buys this upstream at 0.6 × list price (渠道收益 sets the cost against the revenue).
    const channels = await rootApi(page, 'GET', '/api/channel/?p=0&page_size=10');
    const mock = channels.data.items.find((channel: { name: string }) => channel.name === 'mock');
    expect((await rootApi(page, 'PUT', '/api/channel/', { id: mock.id, cost_ratio: 0.6 })).success).toBe(true);
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

  it('shows revenue, cost and margin per channel and model in 渠道收益, on a desktop and a phone', async () => {
    const { page, url } = product;
    // The figures the view must show, from the administrator's own log rows: what was charged and what each call cost.
    const logs = (await rootApi(page, 'GET', '/api/log/?type=2&p=0&page_size=100')).data.items as Array<{ quota: number; other: string }>;
    const revenue = logs.reduce((sum, log) => sum + log.quota, 0);
    const cost = logs.reduce((sum, log) => sum + JSON.parse(log.other).cost, 0);
    expect(cost).toBeGreaterThan(0);
    expect(cost).toBeLessThan(revenue);
    const rate = `${(((revenue - cost) / revenue) * 100).toFixed(1)}%`;
    for (const [viewport, name] of [
      [{ width: 1280, height: 900 }, '9-channel-margin'],
      [PHONE, '10-channel-margin-phone'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${url}/statistics`);
      await page.getByRole('tab', { name: '渠道收益' }).click();
      // Rolls up the newest logs itself: the view must not depend on another test having done it.
      await page.getByRole('button', { name: /立即更新/ }).click();
      const totals = page.getByLabel('渠道收益合计');
      await expect.poll(() => totals.innerText()).toContain(`毛利率：${rate}`);
      expect(await totals.innerText()).toContain('请求次数：6');
      await page.getByText('mock', { exact: false }).first().waitFor();
      await product.screenshot(name);
      expect(await fitsWidth(product), name).toBe(true);
      // A filter nothing matches: the empty state, and totals of nothing.
      await page.getByLabel('模型名称').fill('no-such-model');
      await page.getByRole('button', { name: /查询/ }).click();
      await page.getByText('该时间范围内没有数据').waitFor();
      await expect.poll(() => totals.innerText()).toContain('毛利率：-');
      await product.screenshot(`${name}-empty`);
    }
    await page.setViewportSize(DESKTOP);
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
