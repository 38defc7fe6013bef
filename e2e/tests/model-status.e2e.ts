import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../packages/server/test/mock-openai-upstream';
import { type RunningProduct, expectSuccess, rootApi, signInAsRoot, startProduct } from './harness';
import { sidewaysOverflow } from './page-checks';

const MODEL = 'gpt-4o-mini';
const PHONE = { width: 390, height: 844 };
/** The model the mock answers 404 model_not_found: one channel maps MODEL to it. */
const GONE = 'gone-upstream-model';

/** The model's 各渠道状态 tag (every row of the model shows it; the first is clicked). */
const statusTag = (page: Page) => page.getByText('3 个渠道可用 · 1 个自动禁用 · 1 个手动禁用').first();

describe('模型管理 shows each model on every channel (model-level health)', () => {
  let product: RunningProduct;
  let upstream: MockOpenAiUpstream;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    upstream.goneModels.add(GONE);
    product = await startProduct('model-status');
    await signInAsRoot(product);
    const { page } = product;
    for (const [key, value] of [
      ['ChannelPrivateAddressEnabled', 'true'],
      ['AutomaticDisableChannelEnabled', 'true'],
    ]) {
      expectSuccess(await rootApi(page, 'PUT', '/api/option/', { key, value }));
    }
    for (const name of ['openai-main', 'openai-backup', 'azure-east', 'relay-cn', 'relay-hk']) {
      const mapping = name === 'relay-cn' ? JSON.stringify({ [MODEL]: GONE }) : '';
      const created = expectSuccess(await rootApi(page, 'POST', '/api/channel/', { type: 1, name, key: `sk-${name}`, base_url: upstream.url, models: MODEL, model_mapping: mapping, groups: ['default'] })) as { ids: number[] };
      ids[name] = created.ids[0];
    }
    // A test of the model on relay-cn finds it gone upstream: the gateway disables it there alone.
    await rootApi(page, 'GET', `/api/channel/test/${ids['relay-cn']}?model=${MODEL}`);
    expectSuccess(await rootApi(page, 'POST', '/api/channel/ability', { channel_id: ids['relay-hk'], model: MODEL, enabled: false }));
  });
  afterAll(async () => {
    await product?.stop();
    await upstream?.stop();
  });

  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', PHONE],
  ] as const) {
    it(`counts the channels per model, lists them with reason and time, and opens a channel's 模型 drawer (${label})`, async () => {
      const { page } = product;
      await page.setViewportSize(viewport);
      await page.goto(`${product.url}/model-manage`);
      await statusTag(page).waitFor();
      await product.screenshot(`${label}-list`);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

      await statusTag(page).click();
      const list = page.getByRole('list', { name: `${MODEL} 的渠道状态` });
      await list.waitFor();
      const relay = list.getByRole('listitem').filter({ hasText: 'relay-cn' });
      await expect(relay.getByText('自动禁用').isVisible()).resolves.toBe(true);
      await expect(relay.getByText(/^原因：HTTP 404/).isVisible()).resolves.toBe(true);
      await expect(relay.getByText(/^时间：/).isVisible()).resolves.toBe(true);
      await expect(list.getByRole('listitem').filter({ hasText: 'relay-hk' }).getByText('手动禁用').isVisible()).resolves.toBe(true);
      await product.screenshot(`${label}-channels`);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

      await relay.getByRole('button', { name: `#${ids['relay-cn']} relay-cn` }).click();
      const drawer = page.locator('.arco-drawer', { hasText: '模型：relay-cn' });
      await drawer.getByText('自动禁用').first().waitFor();
      // The slide-in over, so that the screenshot shows the drawer where it stays.
      await page.waitForTimeout(400);
      await product.screenshot(`${label}-drawer`);
      await drawer.locator('.arco-drawer-close-icon').click();
      await drawer.waitFor({ state: 'hidden' });
    });
  }
});
