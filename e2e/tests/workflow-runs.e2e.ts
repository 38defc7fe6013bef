import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../packages/server/test/mock-openai-upstream';
import { type RunningProduct, rootApi, serveMockModels, signInAsRoot, startProduct } from './harness';

/** "echo" answers with the question it is asked (the mock upstream), so its choice answers are scored. */
const MODEL = 'echo';
const DATASET = '小学数学选择题';
const PHONE = { width: 390, height: 844 };


/** Drags a connection from one node's source handle to another's target handle on the canvas. */
async function connect(page: Page, from: Locator, to: Locator): Promise<void> {
  const source = await from.locator('.react-flow__handle.source').boundingBox();
  const target = await to.locator('.react-flow__handle.target').boundingBox();
  if (!source || !target) throw new Error('handle not on screen');
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
  await page.mouse.up();
}

describe('a workflow built in the editor, run on one question and on a whole dataset, and its results', () => {
  let product: RunningProduct;
  let upstream: MockOpenAiUpstream;
  let editorUrl = '';

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    product = await startProduct('workflow-runs');
    await signInAsRoot(product);
    const { page } = product;
    await serveMockModels(page, upstream.url, { [MODEL]: 1 });
  });
  afterAll(async () => {
    await product?.stop();
    await upstream?.stop();
  });

  it('starts a project from a data-market dataset, builds input → llm → answer, saves and finds it after a reload', async () => {
    const { page, url } = product;
    await page.goto(`${url}/data-market`);
    await page.getByText(DATASET).first().click();
    await page.getByRole('button', { name: /使用此数据创建工作流/ }).click();
    await page.waitForURL(/\/workflow\/editor\/\d+$/);
    editorUrl = page.url();
    await page.locator('.react-flow__node-input').waitFor();

    await page.getByRole('toolbar', { name: '添加节点' }).getByRole('button', { name: '大模型' }).click();
    await page.getByLabel('模型', { exact: true }).click();
    await page.getByRole('option', { name: MODEL }).click();
    await page.getByRole('toolbar', { name: '添加节点' }).getByRole('button', { name: '回答' }).click();
    await page.locator('.react-flow__controls-fitview').click();
    await connect(page, page.locator('.react-flow__node-input'), page.locator('.react-flow__node-llm'));
    await connect(page, page.locator('.react-flow__node-llm'), page.locator('.react-flow__node-answer'));
    expect(await page.locator('.react-flow__edge').count()).toBeGreaterThanOrEqual(2);
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('工作流已保存').waitFor();
    await product.screenshot('1-editor');

    await page.reload();
    await page.locator('.react-flow__node-llm').waitFor();
    await page.locator('.react-flow__edge').nth(1).waitFor();
    expect(await page.locator('.react-flow__node-answer').count()).toBe(1);
  });

  it('runs one question: the answer streams into its card', async () => {
    const { page } = product;
    await page.getByRole('button', { name: '运行' }).click();
    await page.getByLabel('试运行问题').fill('天空为什么是蓝色的？');
    await page.getByRole('button', { name: '试运行' }).click();
    const card = page.getByLabel(`回答 ${MODEL}`);
    await card.getByText('天空为什么是蓝色的？').waitFor();
    await product.screenshot('2-streamed');
  });

  it('runs the whole dataset after the estimate, follows its progress and opens the results', async () => {
    const { page } = product;
    await page.getByRole('tab', { name: '运行整个数据集' }).click();
    await page.getByRole('button', { name: '估算并运行' }).click();
    const dialog = page.getByRole('dialog', { name: '运行整个数据集' });
    await dialog.waitFor();
    await product.screenshot('3-estimate');
    await dialog.getByRole('button', { name: '开始运行' }).click();
    await page.getByLabel('运行进度').getByText('已完成').waitFor({ timeout: 60_000 });
    // The tracked run's completion dialog (spec 3 §4): confirming opens its results.
    const done = page.locator('.arco-modal').filter({ hasText: /项目 .+ 工作流已完成！/ });
    await done.waitFor({ timeout: 30_000 });
    await product.screenshot('3b-done-dialog');
    await done.getByRole('button', { name: '查看结果' }).click();
    await page.waitForURL(/\/workflowResult\/\d+$/);
    // Effect comparison: each sample's answer by the model, scored against the reference letter by
    // the default scorer (issue 30: each scorer's verdict is a tag named after it).
    await page.getByText(/^参考答案 [✓✗]$/).first().waitFor();
    await product.screenshot('4-results');
    await page.getByRole('tab', { name: '成本/耗时对比' }).click();
    await page.locator('canvas').first().waitFor();
    await product.screenshot('5-costs');

    const runs = await rootApi(page, 'GET', '/api/workflow/runs');
    const whole = runs.data.list.find((run: { mode: string }) => run.mode === 'direct');
    expect(whole).toMatchObject({ status: 'succeeded', models: [MODEL], failed: 0 });
    expect(whole.done).toBe(whole.samples);
    expect(whole.samples).toBeGreaterThan(0);
  });

  it('lists the runs and fits a phone', async () => {
    const { page, url } = product;
    await page.goto(`${url}/workflowResult`);
    await page.getByText('已完成').first().waitFor();
    await product.screenshot('6-run-list');
    await page.setViewportSize(PHONE);
    for (const path of ['/workflowResult', editorUrl.replace(url, '')]) {
      await page.goto(`${url}${path}`);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    }
    await product.screenshot('7-phone-editor');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
