import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../packages/server/test/mock-openai-upstream';
import { chatThroughRelay, type RunningProduct, rootApi, serveMockModels, signInAsRoot, startProduct, tokenKey, waitForConsumeLogs } from './harness';

const MODEL = 'gpt-4o-mini';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** The page is no wider than the screen. */
const fitsWidth = async (product: RunningProduct) => product.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the start pages that replaced the last placeholders: /workspace, /history, /home', () => {
  let product: RunningProduct;
  let upstream: MockOpenAiUpstream;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    product = await startProduct('start-pages');
    await signInAsRoot(product);
    const { page, url } = product;
    await serveMockModels(page, upstream.url, { [MODEL]: 1 });
    const key = await tokenKey(page, 1, 'console');
    // Today's spending: two answered requests, logged with the batched settlement.
    for (let i = 0; i < 2; i++) await chatThroughRelay(url, key, MODEL);
    await waitForConsumeLogs(page, 2);
    for (const name of ['比较三个模型的翻译质量', '一个很长很长的对话标题，用来看看在手机上会不会把卡片撑出屏幕之外的情况']) {
      const created = await rootApi(page, 'POST', '/relay/v1/talking/', { name });
      expect(created.success, created.message).toBe(true);
    }
  });
  afterAll(async () => {
    await product?.stop();
    await upstream?.stop();
  });

  it('/workspace shows the balance, today’s spending and the recent chats, on a desktop and a phone', async () => {
    const { page, url } = product;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${url}/workspace`);
    await page.getByText('比较三个模型的翻译质量').waitFor();
    const text = await page.locator('.workspace-page').innerText();
    for (const label of ['工作台', '余额', '最近对话', '最近工作流运行', '最近使用的数据集', '还没有工作流运行记录']) expect(text, label).toContain(label);
    expect(await page.getByText('该功能暂未开放').count()).toBe(0);
    await product.screenshot('1-workspace');
    await page.getByText('比较三个模型的翻译质量').click();
    await page.waitForURL(/\/multi-model-compare\/history\/\d+/);

    await page.setViewportSize(PHONE);
    await page.goto(`${url}/workspace`);
    await page.getByText('比较三个模型的翻译质量').waitFor();
    expect(await fitsWidth(product)).toBe(true);
    await product.screenshot('2-workspace-phone');
  });

  it('/history lists the chats and the (empty) workflow runs', async () => {
    const { page, url } = product;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${url}/history`);
    await page.getByText('比较三个模型的翻译质量').waitFor();
    await product.screenshot('3-history');
    await page.getByRole('tab', { name: '工作流运行' }).click();
    await page.getByText('还没有工作流运行记录').waitFor();
    await page.setViewportSize(PHONE);
    await page.goto(`${url}/history`);
    await page.getByText('比较三个模型的翻译质量').waitFor();
    expect(await fitsWidth(product)).toBe(true);
    await product.screenshot('4-history-phone');
  });

  it('/home shows the sanitized HomePageContent, and the landing page when there is none', async () => {
    const { page, url } = product;
    await page.setViewportSize(DESKTOP);
    const set = async (value: string) => expect((await rootApi(page, 'PUT', '/api/option/', { key: 'HomePageContent', value })).success).toBe(true);
    await set('# 欢迎使用\n\n本站提供**多模型**接入。<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>');
    await page.goto(`${url}/home`);
    await page.getByRole('heading', { name: '欢迎使用' }).waitFor();
    expect(await page.locator('strong', { hasText: '多模型' }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await product.screenshot('5-home-content');
    await set('');
    await page.goto(`${url}/home`);
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('该功能暂未开放').count()).toBe(0);
    expect(await page.locator('.home-entry').count()).toBe(1);
    await product.screenshot('6-home-landing');
  });
});
