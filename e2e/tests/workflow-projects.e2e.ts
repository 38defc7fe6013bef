import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProduct, signInAsRoot, startProduct } from './harness';

const PHONE = { width: 390, height: 844 };

describe('workflow projects and the file library', () => {
  let product: RunningProduct;

  beforeAll(async () => {
    product = await startProduct('workflow-projects');
    await signInAsRoot(product);
  });
  afterAll(async () => {
    await product?.stop();
  });

  it('creates a project from the list and opens its editor address', async () => {
    const { page, url } = product;
    await page.goto(`${url}/workflow`);
    await page.getByRole('button', { name: /新建项目/ }).first().click();
    await page.getByPlaceholder('请输入项目名称').fill('问答质量评测');
    await page.getByPlaceholder('项目的用途（可选）').fill('比较三个模型在问答数据集上的答案');
    await page.locator('.arco-modal').getByRole('button', { name: /确\s*定|创\s*建/ }).click();
    await page.getByText('工作流项目创建成功！').waitFor();
    await page.waitForURL(/\/workflow\/editor\/\d+/);
    await page.goto(`${url}/workflow`);
    await page.getByRole('link', { name: '问答质量评测' }).waitFor();
    await product.screenshot('1-projects');
  });

  it('uploads a csv into the file library and shows its fields, size and rows', async () => {
    const { page } = product;
    const file = join(tmpdir(), `qa-${Date.now()}.csv`);
    writeFileSync(file, 'question,answer\n1+1=?,2\n2+2=?,4\n');
    await page.getByRole('tab', { name: '文件库' }).click();
    await page.getByLabel('选择上传文件').setInputFiles(file);
    const row = page.locator('tr', { hasText: 'question' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('answer');
    await product.screenshot('2-files');
  });

  it('fits a phone without sideways overflow', async () => {
    const { page, url } = product;
    await page.setViewportSize(PHONE);
    await page.goto(`${url}/workflow`);
    await page.getByRole('link', { name: '问答质量评测' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await product.screenshot('3-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
