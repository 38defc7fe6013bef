import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../packages/server/test/mock-openai-upstream';
import { type RunningProduct, expectSuccess, rootApi, signInAsRoot, startProduct, tokenKey } from './harness';
import { sidewaysOverflow } from './page-checks';

const CHANNEL = '多密钥渠道';
const GOOD = ['sk-multi-good-aaaaaaaaaaaa1', 'sk-multi-good-cccccccccccc3'];
const DEAD = 'sk-multi-dead-bbbbbbbbbbbb2';
const PHONE = { width: 390, height: 844 };

/** The 密钥管理 drawer (Arco's drawer has no dialog role; found as the other suites find theirs). */
const keyDrawer = (page: Page) => page.locator('.arco-drawer', { hasText: `密钥管理：${CHANNEL}` });

/** One chat completion through the relay; answers its HTTP status. */
async function chat(url: string, key: string): Promise<number> {
  const reply = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: '你好' }] }),
  });
  await reply.arrayBuffer();
  return reply.status;
}

describe('a multi-key channel: a dead key is disabled by traffic, shown in the key drawer, and restored by a retest', () => {
  let product: RunningProduct;
  let upstream: MockOpenAiUpstream;
  let sk: string;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    upstream.deadKeys.add(DEAD);
    product = await startProduct('multi-key');
    await signInAsRoot(product);
    const { page } = product;
    for (const [key, value] of [
      ['ChannelPrivateAddressEnabled', 'true'],
      ['AutomaticDisableChannelEnabled', 'true'],
      ['AutomaticEnableChannelEnabled', 'true'],
      ['ModelRatio', JSON.stringify({ 'gpt-4o': 2.5 })],
    ]) {
      expectSuccess(await rootApi(page, 'PUT', '/api/option/', { key, value }));
    }
    // Four lines, one of them twice: three keys, polled in turn.
    const key = [GOOD[0], DEAD, GOOD[1], GOOD[0]].join('\n');
    expectSuccess(await rootApi(page, 'POST', '/api/channel/', { type: 1, name: CHANNEL, key, mode: 'multi_to_single', multi_key_mode: 'polling', base_url: upstream.url, models: 'gpt-4o', groups: ['default'] }));
    expectSuccess(await rootApi(page, 'POST', '/api/token/', { name: 'multi', unlimited_quota: true }));
    sk = await tokenKey(page, 1, 'multi');
  });
  afterAll(async () => {
    await product?.stop();
    await upstream?.stop();
  });

  it('serves every call although one key is dead, and disables that key alone', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push(await chat(product.url, sk));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    // The dead key was tried once, then never again.
    const deadTries = upstream.seen.filter((seen) => seen.authorization === `Bearer ${DEAD}`).length;
    expect(deadTries).toBe(1);

    const { page, url } = product;
    await page.goto(`${url}/channel`);
    const row = page.locator('.arco-table-tr', { hasText: CHANNEL }).first();
    await row.getByText('多密钥 2/3').waitFor();
    await product.screenshot('0-list');
    await row.getByRole('button', { name: '密钥', exact: true }).click();
    const drawer = keyDrawer(page);
    await drawer.getByText('自动禁用', { exact: true }).first().waitFor();
    const deadRow = drawer.locator('.arco-table-tr', { hasText: 'bbb2' });
    await deadRow.getByText('自动禁用').waitFor();
    expect(await deadRow.textContent()).toContain('401');
    expect(await drawer.textContent()).not.toContain(DEAD);
    // Once it has slid in, the whole drawer is on screen, its close button included.
    await expect.poll(async () => drawer.locator('.arco-drawer-close-icon').boundingBox().then((box) => box!.x + box!.width)).toBeLessThanOrEqual(1280);
    expect((await drawer.boundingBox())!.x).toBeGreaterThanOrEqual(0);
    await product.screenshot('1-keys');
  });

  it('fits a phone: the key drawer without sideways overflow', async () => {
    const { page } = product;
    await page.setViewportSize(PHONE);
    await keyDrawer(page).getByText('自动禁用', { exact: true }).first().waitFor();
    await product.screenshot('2-keys-phone');
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('re-tests the auto-disabled key once it works again and enables it', async () => {
    const { page } = product;
    upstream.deadKeys.delete(DEAD);
    const drawer = keyDrawer(page);
    await drawer.getByRole('button', { name: '重新测试自动禁用的密钥' }).click();
    await page.getByText('重新测试完成：测试 1 个，恢复 1 个').waitFor();
    await drawer.locator('.arco-table-tr', { hasText: 'bbb2' }).getByText('启用', { exact: true }).first().waitFor();
    await product.screenshot('3-restored');
    const found = await rootApi(page, 'GET', `/api/channel/search?keyword=${encodeURIComponent(CHANNEL)}`);
    expect(found.data.items[0].channel_info).toMatchObject({ is_multi_key: true, multi_key_size: 3, multi_key_enabled: 3, multi_key_auto_disabled: 0 });
  });

  it('tests every model of the channel from its 模型 drawer, with the daily availability, on a desktop and a phone', async () => {
    const { page, url } = product;
    await page.goto(`${url}/channel`);
    await page.locator('.arco-table-tr', { hasText: CHANNEL }).first().getByRole('button', { name: '模型', exact: true }).click();
    const drawer = page.locator('.arco-drawer', { hasText: `模型：${CHANNEL}` });
    await drawer.getByRole('button', { name: '测试全部模型' }).click();
    await drawer.getByText('成功', { exact: true }).waitFor();
    await product.screenshot('4-models');
    // On a phone the list is cards: the drawer opens from the card's 模型 button.
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: '模型', exact: true }).first().click();
    await drawer.getByText('gpt-4o', { exact: true }).first().waitFor();
    // Slid in: the drawer fills the phone's width.
    await expect.poll(async () => (await drawer.boundingBox())!.x).toBe(0);
    await product.screenshot('5-models-phone');
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
