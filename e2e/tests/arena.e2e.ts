import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../packages/server/test/mock-openai-upstream';
import { type RunningProduct, serveMockModels, signInAsRoot, startProduct } from './harness';

/**
 * The compare chat's arena (issue 33): a blind battle of two mock models started from the landing
 * page's 对战模式, one question, the vote that reveals them, and the leaderboard it feeds. The mock
 * upstream answers "blind-*" models with "答：<question>", never their own name, so any model name
 * on the page before the vote came from the console.
 */
const ALPHA = 'blind-alpha';
/** Long, as deployment names are: the column heads, the leaderboard and the matrix must cut it. */
const BETA = 'blind-beta-long-deployment-name-2025-preview';
const QUESTION = '用一句话描述春天';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const columnHeads = (page: Page) => page.locator('.compare-column-head').allInnerTexts();
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the arena: a blind battle, its vote and the leaderboard', () => {
  let product: RunningProduct;
  let upstream: MockOpenAiUpstream;
  /** The model in place A, which the vote named the winner. */
  let winner: string | undefined;

  /** Screenshots of the page as it is, on a desktop and on a phone. */
  async function screenshots(name: string): Promise<void> {
    const { page } = product;
    await product.screenshot(name);
    await page.setViewportSize(PHONE);
    expect(await sidewaysOverflow(page), name).toBeLessThanOrEqual(0);
    await product.screenshot(`${name}-phone`);
    await page.setViewportSize(DESKTOP);
  }

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    product = await startProduct('arena');
    await signInAsRoot(product);
    // The only models root may use: a random battle of two draws both.
    await serveMockModels(product.page, upstream.url, { [ALPHA]: 1, [BETA]: 2.5 });
  });
  afterAll(async () => {
    await product?.stop();
    await upstream?.stop();
  });

  it('shows an empty leaderboard that leads to 对战模式', async () => {
    const { page, url } = product;
    await page.goto(`${url}/workspace`);
    await page.getByRole('menuitem', { name: '模型排行榜' }).click();
    await page.getByText('暂无投票，去对战模式投出第一票吧').waitFor();
    await screenshots('0-leaderboard-empty');
    await page.getByRole('link', { name: '去对战模式' }).click();
    await page.waitForURL(/\/multi-model-chat$/);
    await page.getByRole('region', { name: '对战设置' }).waitFor();
  });

  it('starts a random battle whose columns are named by place only, until the vote', async () => {
    const { page } = product;
    const setup = page.getByRole('region', { name: '对战设置' });
    await setup.getByText('随机对战').click();
    await setup.getByRole('textbox', { name: '分类' }).fill('写作');
    await page.getByLabel('消息').fill(QUESTION);
    await screenshots('1-landing-arena');
    await setup.getByRole('button', { name: /开始对战/ }).click();

    await page.waitForURL(/\/multi-model-compare\/history\/\d+/);
    await expect.poll(() => page.locator('.compare-answer').getByText(`答：${QUESTION}`).count(), { timeout: 20_000 }).toBe(2);
    const vote = page.getByRole('group', { name: '投票' });
    await vote.waitFor();
    expect(await columnHeads(page)).toEqual(['模型 A', '模型 B']);
    await page.getByText('匿名对战').waitFor();
    // No model name anywhere in the page: not in its text, not in an attribute (a title, an option).
    const text = await page.locator('body').innerText();
    const html = await page.content();
    for (const model of [ALPHA, BETA]) {
      expect(text).not.toContain(model);
      expect(html).not.toContain(model);
    }
    expect((await vote.getByRole('button').allInnerTexts()).map((label) => label.replace(/\s/g, ''))).toEqual(['A更好', 'B更好', '平局', '都不好']);
    await screenshots('2-battle-before-vote');
  });

  it('votes "A 更好": the real models and the winner are shown, and no vote is offered any more', async () => {
    const { page } = product;
    await page.getByRole('group', { name: '投票' }).getByRole('button', { name: 'A 更好' }).click();
    await page.getByText('投票成功，模型已揭晓').waitFor();
    const winnerHead = page.locator('.compare-column-head').filter({ hasText: '胜者' });
    await winnerHead.waitFor();
    await expect.poll(async () => (await columnHeads(page)).join(' ')).toMatch(new RegExp(`${ALPHA}|${BETA}`));
    const heads = await columnHeads(page);
    const modelOf = (place: string) => [ALPHA, BETA].find((model) => heads.some((head) => head.startsWith(place) && head.includes(model)));
    const a = modelOf('模型 A');
    const b = modelOf('模型 B');
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(new Set([a, b])).toEqual(new Set([ALPHA, BETA]));
    winner = a;
    expect(await winnerHead.innerText()).toContain(a);
    expect(await page.getByRole('status').innerText()).toBe(`投票结果：A 更好，胜者 ${a}`);
    await page.getByText('已揭晓', { exact: true }).waitFor();
    expect(await page.getByRole('group', { name: '投票' }).count()).toBe(0);
    // The cost and speed withheld during the battle are read again once the models are known
    // (the mock reports 11 prompt and 7 completion tokens).
    expect(await page.getByLabel('花费与速度').count()).toBe(2);
    await expect.poll(() => page.getByLabel('花费与速度').filter({ hasText: '输出 7' }).count()).toBe(2);
    await screenshots('3-battle-after-vote');

    // Opened again later: still revealed, still no vote.
    await page.reload();
    await page.getByText('已揭晓', { exact: true }).waitFor();
    await page.locator('.compare-answer').getByText(`答：${QUESTION}`).first().waitFor();
    expect(await page.getByRole('group', { name: '投票' }).count()).toBe(0);
    expect((await columnHeads(page)).join(' ')).toContain(a);
    // The winner is read back from the talking.
    await page.locator('.compare-column-head').filter({ hasText: '胜者' }).filter({ hasText: a! }).waitFor();
  });

  it('rates both models on the leaderboard, also in the battle category', async () => {
    const { page, url } = product;
    // The board is fitted by a job a moment after the vote: reload until both rows are there.
    const ratedModels = async () => {
      await page.goto(`${url}/arena/leaderboard`);
      await page.locator('.arena-board-model, .arena-board-empty').first().waitFor();
      return page.locator('.arena-board-model').allInnerTexts();
    };
    await expect.poll(async () => (await ratedModels()).sort(), { timeout: 20_000, intervals: [500, 1000] }).toEqual([ALPHA, BETA].sort());
    const rows = page.locator('table:has(.arena-board-model) tbody tr');
    expect(await rows.count()).toBe(2);
    for (const row of await rows.all()) {
      const cells = await row.locator('td').allInnerTexts();
      expect(cells[2]).toMatch(/^\d{3,4}$/);
      expect(cells[4]).toBe('1');
    }
    // The winner of the only battle ranks first.
    expect((await page.locator('.arena-board-model').first().innerText()).trim()).toBe(winner);
    const matrix = page.getByRole('table', { name: '两两胜率' });
    await matrix.getByText('1 场').first().waitFor();
    await screenshots('4-leaderboard');

    await page.getByRole('textbox', { name: '分类' }).fill('写作');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.arena-board-model').count(), { timeout: 10_000 }).toBe(2);
    await page.getByRole('textbox', { name: '分类' }).fill('编程');
    await page.keyboard.press('Enter');
    await page.getByText('暂无投票，去对战模式投出第一票吧').waitFor();
  });
});
