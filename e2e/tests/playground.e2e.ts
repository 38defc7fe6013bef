import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../packages/server/test/mock-openai-upstream';
import { apiAs, ARTIFACTS, createMember, expectSuccess, type RunningProduct, serveMockModels, signIn, signInAsRoot, startProduct } from './harness';

const MEMBER = { username: 'pg-carol', password: 'carol-pass-1', display_name: '王五' };
const PHONE = { width: 390, height: 844 };

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `playground-${name}.png`), fullPage: true });

describe('an ordinary user chats with a model in the playground', () => {
  let product: RunningProduct;
  let upstream: MockOpenAiUpstream;
  let page: Page;
  let memberId: number;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    product = await startProduct('playground');
    await signInAsRoot(product);
    await serveMockModels(product.page, upstream.url, { 'gpt-4o-mini': 1, 'gpt-4o': 2.5 });
    memberId = await createMember(product.page, { ...MEMBER, quota: 5 * 500000 });
    page = await (await product.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' })).newPage();
    await signIn(page, product.url, MEMBER.username, MEMBER.password);
    // The playground relays with the user's first enabled token.
    expectSuccess(await apiAs(page, memberId, 'POST', '/api/token/', { name: '操练场', unlimited_quota: true }));
  });
  afterAll(async () => {
    await page?.context().close();
    await product?.stop();
    await upstream?.stop();
  });

  it('answers with the chosen model and system prompt, keeps the conversation, and bills the user', async () => {
    await page.goto(`${product.url}/playground`);
    // Spec 2 §2: gpt-4o-mini is chosen at first.
    const model = page.getByLabel('模型', { exact: true });
    await model.getByText('gpt-4o-mini').waitFor();
    await model.click();
    await page.getByRole('option', { name: 'gpt-4o', exact: true }).click();
    await page.getByLabel('系统提示词').fill('你是一个简洁的助手');
    await page.getByLabel('消息').fill('你好');
    await page.keyboard.press('Enter');
    await page.locator('.playground-content', { hasText: 'Hello from gpt-4o' }).waitFor();

    await page.getByLabel('消息').fill('再说一遍');
    await page.getByRole('button', { name: /发\s*送/ }).click();
    await expect.poll(() => page.locator('.playground-content', { hasText: 'Hello from gpt-4o' }).count()).toBe(2);
    await shot(page, '1-answered');

    // The second request carried the whole conversation, after the system prompt, at the default temperature.
    const sent = upstream.seen.filter((request) => request.path.startsWith('/v1/chat/completions')).at(-1)!.body;
    expect(sent).toMatchObject({ model: 'gpt-4o', temperature: 0.7, stream: true });
    expect(sent.messages).toEqual([
      { role: 'system', content: '你是一个简洁的助手' },
      { role: 'user', content: '你好' },
      { role: 'assistant', content: 'Hello from gpt-4o' },
      { role: 'user', content: '再说一遍' },
    ]);
    // Both answers are the user's consumption (logged with the billing's batched settlement).
    await expect
      .poll(async () => expectSuccess<{ items: Array<{ model_name: string }> }>(await apiAs(page, memberId, 'GET', '/api/log/self?type=2')).items.map((log) => log.model_name), { timeout: 15_000 })
      .toEqual(['gpt-4o', 'gpt-4o']);
  });

  it('fits a phone with the conversation', async () => {
    await page.setViewportSize(PHONE);
    await page.locator('.playground-content').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, '2-phone');
  });
});
