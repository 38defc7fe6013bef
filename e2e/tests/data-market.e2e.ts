import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, type RunningProduct, signInAsRoot, startProduct } from './harness';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `data-market-${name}.png`), fullPage: true });

/** Text that would run script if any part of the page rendered dataset content as trusted HTML. */
const XSS_NAME = '<img src=x onerror="window.__xss=1">安全测试数据集';
const XSS_FIELD = '<svg onload="window.__xss=1">';
const RECORDS = [
  { question: '<img src=x onerror="window.__xss=1">图片标签会被当作文字吗？', answer: '会。[点我](javascript:window.__xss=1) 公式 $$\\frac{1}{2}$$ 照常显示。', [XSS_FIELD]: '字段名也是文字' },
  { question: '<script>window.__xss=1</script>脚本会执行吗？', answer: '| 列 | 值 |\n| --- | --- |\n| a | 1 |', [XSS_FIELD]: 'x' },
];
/** Two good lines and a broken one (line 3): in skip mode the report names line 3 and the good rows are imported. */
const JSONL = `${JSON.stringify(RECORDS[0])}\n${JSON.stringify(RECORDS[1])}\n{"question": 不是 JSON}\n`;

/** The page's width fits the phone: nothing sticks out sideways. */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
const xssRan = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: number }).__xss !== undefined);

describe('data market: samples, root creates and imports, guests browse safely, custom-data requests', () => {
  let product: RunningProduct;
  let guest: BrowserContext;
  let guestPage: Page;
  const dialogs: string[] = [];

  beforeAll(async () => {
    product = await startProduct('data-market');
    product.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    guest = await product.browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    guestPage = await guest.newPage();
    guestPage.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });
  afterAll(async () => {
    await guest?.close();
    await product?.stop();
  });

  it('opens on a working catalogue of the shipped sample datasets, for a guest too', async () => {
    await guestPage.goto(`${product.url}/data-market`);
    await guestPage.getByRole('heading', { name: '数据市场' }).waitFor();
    const cards = guestPage.locator('.data-market-grid > article:not(.data-market-promo)');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    // A card's preview table holds records, not the empty text.
    await guestPage.locator('.data-market-grid .arco-table-tr').first().waitFor();
    // No root tools for a guest.
    expect(await guestPage.getByRole('button', { name: '添加数据' }).count()).toBe(0);
    await shot(guestPage, 'guest-desktop');
  });

  it('filters by type and keeps the whole list when 全部 is chosen again', async () => {
    const cards = guestPage.locator('.data-market-grid > article:not(.data-market-promo)');
    const all = await cards.count();
    await guestPage.locator('.data-market-types').getByText('多模态', { exact: true }).click();
    await expect.poll(() => cards.count()).toBeLessThan(all);
    await guestPage.locator('.data-market-types').getByText('全部', { exact: true }).click();
    await expect.poll(() => cards.count()).toBe(all);
  });

  it('takes a custom-data request from a guest into the customer contact list', async () => {
    await guestPage.getByRole('button', { name: '数据定制' }).click();
    const modal = guestPage.locator('.arco-modal', { hasText: '定制数据需求' });
    await modal.getByPlaceholder('请输入姓名').fill('数据需求方');
    await modal.getByPlaceholder('请输入 11 位手机号').fill('13800138000');
    await modal.getByPlaceholder('请输入公司名称').fill('某研究所');
    await modal.getByPlaceholder('请描述您需要的数据：领域、类型、数量等').fill('需要十万条医疗问答');
    await modal.getByRole('button', { name: '提交' }).click();
    await modal.waitFor({ state: 'hidden' });

    await signInAsRoot(product);
    await product.page.goto(`${product.url}/customer-connect`);
    await product.page.getByText('需要十万条医疗问答').waitFor();
  });

  it('lets root create a dataset and import a JSONL file with progress and the row error report', async () => {
    const page = product.page;
    await page.goto(`${product.url}/data-market`);
    await page.getByRole('button', { name: '添加数据' }).click();
    const form = page.locator('.arco-modal', { hasText: '添加数据集' });
    await form.getByPlaceholder('数据集名称').fill(XSS_NAME);
    await form.locator('.arco-select-view').first().click();
    await page.locator('.arco-select-popup').getByText('问答', { exact: true }).click();
    // The multi-select keeps its popup open: a click on the title closes it.
    await form.locator('.arco-modal-title').click();
    await page.locator('.arco-select-popup').waitFor({ state: 'hidden' });
    await form.getByPlaceholder('数据集的内容、来源和用途').fill('<script>window.__xss=1</script>描述里的脚本只是文字');
    await form.locator('textarea.data-market-code').first().fill(JSON.stringify({ question: 'string', answer: 'string', [XSS_FIELD]: 'string' }));
    await form.getByPlaceholder('字段说明（纯文本或 JSON）').fill('<img src=x onerror="window.__xss=1">字段说明');
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'hidden' });

    const card = page.locator('.data-market-grid > article', { hasText: '安全测试数据集' });
    await card.waitFor();
    await card.getByRole('button', { name: /的操作$/ }).click();
    await page.locator('.arco-dropdown-menu').getByText('导入数据', { exact: true }).click();
    const dialog = page.locator('.arco-modal', { hasText: '导入数据：' });
    await dialog.getByLabel('选择导入文件').setInputFiles({ name: 'questions.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(JSONL) });
    await dialog.getByText('跳过错误行').click();
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await dialog.getByText('已完成').first().waitFor();
    await shot(page, 'import-done');
    // The report names the broken line.
    await dialog.locator('.arco-table-tr', { hasText: 'JSON' }).locator('.arco-table-td').first().getByText('3', { exact: true }).waitFor();
    await shot(page, 'import-done');
    await dialog.getByRole('button', { name: '关闭' }).click();

    // The card counts exactly the two good records and previews them.
    await card.getByText('2 条').waitFor();
    await expect.poll(() => card.locator('tr.sample-table-clickable').count()).toBe(2);
    expect(await xssRan(page)).toBe(false);
    await shot(page, 'root-desktop');
  });

  it('shows a guest the imported text as text on the detail page and in the record modal', async () => {
    await guestPage.goto(`${product.url}/data-market`);
    await guestPage.locator('.data-market-grid > article', { hasText: '安全测试数据集' }).locator('.data-market-card-name').click();
    await guestPage.waitForURL(/\/data-market\/\d+$/);
    await guestPage.getByText('图片标签会被当作文字吗').first().waitFor();
    // The name, the description and the readme show their markup as characters.
    await guestPage.getByText('安全测试数据集').first().waitFor();
    await guestPage.getByText('描述里的脚本只是文字').first().waitFor();
    await shot(guestPage, 'detail-desktop');

    await guestPage.getByText('图片标签会被当作文字吗').first().click();
    const modal = guestPage.locator('.arco-modal', { hasText: '数据详情' });
    await modal.waitFor();
    await modal.locator('.katex').first().waitFor();
    // The screenshot after the opening animation.
    await expect.poll(() => modal.evaluate((element) => element.getAnimations({ subtree: true }).length)).toBe(0);
    await shot(guestPage, 'record-modal');
    await modal.getByText('Json', { exact: true }).click();
    // The Json tree writes the field name as a JSON string (its quotes escaped).
    await modal.getByText('<svg onload=', { exact: false }).first().waitFor();
    expect(await guestPage.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await xssRan(guestPage)).toBe(false);
    expect(dialogs).toEqual([]);
  });

  it('fits a phone: market and detail page without sideways overflow', async () => {
    const phone = await product.browser.newContext({ viewport: PHONE, locale: 'zh-CN', isMobile: true });
    const page = await phone.newPage();
    try {
      await page.goto(`${product.url}/data-market`);
      await page.locator('.data-market-grid .arco-table-tr').first().waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, 'guest-phone');
      await page.locator('.data-market-grid > article:not(.data-market-promo)').first().locator('.data-market-card-name').click();
      await page.waitForURL(/\/data-market\/\d+$/);
      await page.locator('.arco-table-tr').first().waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, 'detail-phone');
    } finally {
      await phone.close();
    }
  });
});
