import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, type RunningProduct, rootApi, signInAsRoot, startProduct, submitLogin } from './harness';

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

/** bull-board's page asks for Google Fonts, which the CSP blocks on purpose (docs/observability.md). */
const EXPECTED_BLOCK = /fonts\.googleapis\.com/;

/** Records every CSP violation of the pages opened in `page`, from before their first script. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
}

const unexpectedViolations = async (page: Page): Promise<string[]> => (await page.evaluate(() => window.__cspViolations)).filter((line) => !EXPECTED_BLOCK.test(line));

describe('root opens the API docs and the queue dashboard from the settings page', () => {
  let product: RunningProduct;
  beforeAll(async () => {
    product = await startProduct('ops-pages');
    await signInAsRoot(product);
  });
  afterAll(async () => {
    await product?.stop();
  });

  it('shows the console API in Swagger UI under the CSP', async () => {
    const { page, url } = product;
    await page.goto(`${url}/setting?tab=system`);
    await page.getByText('运维工具').waitFor();
    await product.screenshot('0-settings');
    const [docs] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: '接口文档' }).click()]);
    await recordViolations(docs);
    await docs.reload();
    await docs.locator('.opblock').first().waitFor();
    expect(await docs.locator('.opblock-summary-path', { hasText: /^\/api\/channel$/ }).count()).toBeGreaterThan(0);
    expect(await unexpectedViolations(docs)).toEqual([]);
    await docs.screenshot({ path: join(ARTIFACTS, 'ops-pages-1-api-docs.png') });
    await docs.close();
  });

  it('shows our queues in bull-board and lets root pause one from the page', async () => {
    const { page, url } = product;
    const [board] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: '任务队列' }).click()]);
    await recordViolations(board);
    await board.reload();
    for (const queue of ['channel-test', 'session-cleanup', 'task-poll']) await board.getByText(queue, { exact: true }).first().waitFor();
    expect(await unexpectedViolations(board)).toEqual([]);
    await board.screenshot({ path: join(ARTIFACTS, 'ops-pages-2-queues.png') });

    // The dashboard's own calls: the session cookie, the page's Origin, no New-Api-User.
    const put = (action: string) =>
      board.evaluate(async (path) => (await fetch(path, { method: 'PUT' })).status, `api/queues/session-cleanup/${action}`);
    expect(await put('pause')).toBe(200);
    await board.goto(`${url}/api/queues/queue/session-cleanup`);
    await board.getByText('已暂停').first().waitFor();
    await board.getByText('加载中').first().waitFor({ state: 'hidden' });
    await board.screenshot({ path: join(ARTIFACTS, 'ops-pages-3-paused.png') });
    expect(await put('resume')).toBe(200);
    await board.close();
  });

  it('refuses both to a user who is not root, with the server message', async () => {
    const { browser, page, url } = product;
    const created = await rootApi(page, 'POST', '/api/user/', { username: 'opsviewer', password: 'opsviewer-pass', display_name: 'opsviewer' });
    expect(created.success).toBe(true);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    const other = await context.newPage();
    await other.goto(`${url}/login`);
    await submitLogin(other, 'opsviewer', 'opsviewer-pass');
    await other.getByText('登录成功！').first().waitFor();

    await other.goto(`${url}/api/docs`);
    await other.getByText('无权进行此操作，权限不足').waitFor();
    await other.screenshot({ path: join(ARTIFACTS, 'ops-pages-4-docs-refused.png') });
    const board = await other.goto(`${url}/api/queues`);
    expect(board!.status()).toBe(403);
    expect(await board!.json()).toEqual({ success: false, message: '无权进行此操作，权限不足', data: null });
    await context.close();
  });
});
