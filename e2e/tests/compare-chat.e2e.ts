import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../packages/server/test/mock-openai-upstream';
import { type RunningProduct, rootApi, serveMockModels, signInAsRoot, startProduct } from './harness';

/** The mock upstream's models: one answers at once, one streams a chunk every 50 ms, one fails. */
const FAST = 'gpt-4o';
const SLOW = 'slow-stream';
const FAILING = 'fail-500';
const PHONE = { width: 390, height: 844 };
/** A 1 × 1 PNG: something the chat's upload accepts as an image. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');


/** The landing page's config panel title once `count` models are chosen. */
const chosen = (page: Page, count: number) => page.getByLabel('模型配置').getByText(`模型配置（${count}/3）`).waitFor();

/** Adds a model on the landing page's config panel through the picker, and waits until it is in. */
async function addModel(page: Page, model: string, before: number): Promise<void> {
  await page.getByRole('tab', { name: /添加模型/ }).click();
  await page.getByRole('button', { name: '选择模型' }).click();
  const picker = page.getByRole('dialog', { name: '选择模型' });
  await picker.getByPlaceholder('搜索模型').fill(model);
  await picker.getByText(model, { exact: true }).first().click();
  await chosen(page, before + 1);
}

/** A model's answers on the compare page (one cell per round, in the model's column). */
const column = (page: Page, model: string) => page.locator('.compare-answer').filter({ has: page.locator('.compare-answer-model', { hasText: new RegExp(`^${model}$`) }) });
const columnHead = (page: Page, model: string) => page.locator('.compare-column-head').filter({ hasText: model });

describe('the compare chat: three models side by side, persisted, with stop, edit and regenerate', () => {
  let product: RunningProduct;
  let upstream: MockOpenAiUpstream;

  beforeAll(async () => {
    upstream = new MockOpenAiUpstream();
    await upstream.start();
    product = await startProduct('compare-chat');
    await signInAsRoot(product);
    const { page } = product;
    await serveMockModels(page, upstream.url, { [FAST]: 2.5, [SLOW]: 1, [FAILING]: 1 });
  });
  afterAll(async () => {
    await product?.stop();
    await upstream?.stop();
  });

  it('sends one question to three models: the slow one streams, the failing one shows its error, cost and speed under each answer', async () => {
    const { page, url } = product;
    await page.goto(`${url}/multi-model-chat`);
    await page.getByText('可以选择多个模型进行对话').waitFor();
    // The page starts with the first model of the list; make the three wanted ones the selection.
    const panel = page.getByLabel('模型配置');
    await product.screenshot('0-landing-start');
    // The first model arrives with its saved parameters: adding before it would race with it.
    await chosen(page, 1);
    await addModel(page, SLOW, 1);
    await addModel(page, FAILING, 2);
    const tabs = await panel.getByRole('tab').allTextContents();
    if (!tabs.some((tab) => tab.includes(FAST))) {
      // The first model was another one: replace it.
      await panel.getByRole('tab').first().click();
      await panel.getByRole('button', { name: '更换模型' }).click();
      const picker = page.getByRole('dialog', { name: '选择模型' });
      await picker.getByPlaceholder('搜索模型').fill(FAST);
      await picker.getByText(FAST, { exact: true }).first().click();
    }
    await product.screenshot('1-landing');
    await page.getByLabel('消息').fill('用一句话介绍你自己');
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/multi-model-compare\/history\/\d+/);
    await column(page, FAST).getByText(`Hello from ${FAST}`).waitFor();
    await column(page, FAST).getByLabel('花费与速度').waitFor();
    // Refused before its stream: no answer is kept, the column's head says why, once.
    await columnHead(page, FAILING).getByRole('alert').waitFor();
    expect(await column(page, FAILING).count()).toBe(0);
    await column(page, SLOW).getByLabel('花费与速度').waitFor({ timeout: 20_000 });
    const stats = await column(page, FAST).getByLabel('花费与速度').textContent();
    expect(stats).toMatch(/花费/);
    expect(stats).toMatch(/首字/);
    await product.screenshot('2-three-columns');
  });

  it('stops a slow answer and keeps what was shown, billed once', async () => {
    const { page } = product;
    await page.getByLabel('输入消息').fill('再详细说说');
    await page.keyboard.press('Enter');
    await column(page, FAST).getByText(`Hello from ${FAST}`).nth(1).waitFor();
    await page.getByRole('button', { name: /停\s*止/ }).click();
    await page.getByText('已停止所有对话').waitFor();
    const talkingId = Number(/history\/(\d+)/.exec(page.url())![1]);
    const conversations = (await rootApi(page, 'GET', `/relay/v1/conversation/?talking_id=${talkingId}`)).data as Array<{ id: number; model_name: string }>;
    const latest = async () =>
      Promise.all(conversations.map(async (conversation) => ({ model: conversation.model_name, row: (await rootApi(page, 'GET', `/relay/v1/conversation/${conversation.id}`)).data.messages.at(-1) })));
    // Each row is settled by the server when its relay call ends (the stopped one when the relay notices the disconnect).
    await expect.poll(async () => (await latest()).filter(({ row }) => row?.status === 'streaming').length, { timeout: 10_000 }).toBe(0);
    const rows = await latest();
    const stopped = rows.find(({ model }) => model === SLOW)!.row;
    // The failing model's calls were refused before their stream: no round of its history.
    expect(rows.find(({ model }) => model === FAILING)!.row).toBeUndefined();
    expect(stopped.status).toBe('stopped');
    expect(stopped.answer.length).toBe(stopped.stop_index);
    expect(stopped.answer.length).toBeGreaterThan(0);
    expect(stopped.quota).toBeGreaterThan(0);
    // Billed once: for each model, the consumption logs (written in batches) add up to what its rows recorded.
    for (const conversation of conversations) {
      const history = (await rootApi(page, 'GET', `/relay/v1/conversation/${conversation.id}`)).data.messages as Array<{ quota: number }>;
      const recorded = history.reduce((sum, row) => sum + row.quota, 0);
      const logged = async () => {
        const logs = (await rootApi(page, 'GET', `/api/log/self?type=2&page_size=100&model_name=${conversation.model_name}`)).data.items as Array<{ quota: number }>;
        return logs.reduce((sum, log) => sum + log.quota, 0);
      };
      await expect.poll(logged, { timeout: 10_000 }).toBe(recorded);
    }
    await product.screenshot('3-stopped');
  });

  it('regenerates an answer and edits the question, with version arrows', async () => {
    const { page } = product;
    await column(page, FAST).getByRole('button', { name: `重新生成 ${FAST}` }).last().click();
    await column(page, FAST).getByText(/2\s*\/\s*2/).first().waitFor();
    await page.getByRole('button', { name: '编辑消息' }).first().click();
    await page.getByRole('textbox', { name: '编辑消息' }).fill('换个问题：今天天气如何？');
    await page.locator('.compare-user-editor').getByRole('button', { name: /发\s*送/ }).click();
    await page.getByText('换个问题：今天天气如何？').first().waitFor();
    await product.screenshot('4-variants');
  });

  it('finds the chat again in the history after leaving, with every answer', async () => {
    const { page, url } = product;
    const title = '用一句话介绍你自己'.slice(0, 10);
    await page.goto(`${url}/multi-model-chat`);
    const talkings = (await rootApi(page, 'GET', '/relay/v1/talking/?page=1&page_size=10')).data.list as Array<{ id: number; name: string }>;
    expect(talkings[0].name.startsWith(title)).toBe(true);
    await page.goto(`${url}/multi-model-compare/history/${talkings[0].id}`);
    await column(page, FAST).getByText(`Hello from ${FAST}`).first().waitFor();
    await page.getByRole('button', { name: '历史对话' }).click();
    await page.getByRole('dialog', { name: '历史对话' }).getByText(talkings[0].name).waitFor();
    await product.screenshot('5-history');
  });

  it('previews an image attached to the next question: name, size in KB, type and the image, on a desktop and a phone', async () => {
    const { page } = product;
    // Images go only to models that read them: mark the three as such (model management's flag).
    const channels = (await rootApi(page, 'GET', '/api/channel/?p=0&page_size=10')).data.items as Array<{ id: number }>;
    for (const model of [FAST, SLOW, FAILING]) {
      const reply = await rootApi(page, 'POST', '/api/channel/update_ability', { channel_id: channels[0].id, group: 'default', model, is_viewable: true });
      expect(reply.success, reply.message).toBe(true);
    }
    await page.reload();
    await column(page, FAST).getByText(`Hello from ${FAST}`).first().waitFor();
    await page.getByLabel('选择图片').setInputFiles({ name: '示意图.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.locator('.chat-upload-done').waitFor();
    await page.getByRole('button', { name: '预览 示意图.png' }).click();
    const preview = page.getByRole('dialog', { name: '文件预览' });
    await preview.getByText('示意图.png').waitFor();
    expect(await preview.textContent()).toContain(`${(TINY_PNG.length / 1024).toFixed(1)} KB`);
    expect(await preview.textContent()).toContain('image/png');
    expect(await preview.getByRole('img').getAttribute('src')).toMatch(/^(https?:|\/)/);
    await product.screenshot('6-file-preview');
    await page.setViewportSize(PHONE);
    await product.screenshot('6-file-preview-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: '移除 示意图.png' }).click();
  });

  it('fits a phone: landing and compare pages without sideways overflow', async () => {
    const { page, url } = product;
    await page.setViewportSize(PHONE);
    for (const path of ['/multi-model-chat', page.url().replace(url, '')]) {
      await page.goto(`${url}${path}`);
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await product.screenshot('7-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
