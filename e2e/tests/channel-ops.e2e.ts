import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProduct, startProduct, signInAsRoot } from './harness';

/** A minimal OpenAI-format upstream on 127.0.0.1: every chat call gets a short answer with usage. */
async function startUpstream(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-e2e',
          object: 'chat.completion',
          model: 'gpt-4o-mini',
          choices: [{ index: 0, message: { role: 'assistant', content: 'pong' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
        }),
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Calls the console API from inside the signed-in page (cookie + New-Api-User, as the SPA does). */
const api = (product: RunningProduct, method: string, path: string, body?: unknown) =>
  product.page.evaluate(
    async ([method, path, body]) =>
      (await fetch(path as string, { method: method as string, headers: { 'New-Api-User': '1', 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined })).json(),
    [method, path, body] as const,
  );

describe('an admin tests a channel and watches model health in the console', () => {
  let product: RunningProduct;
  let upstream: { url: string; server: Server };
  beforeAll(async () => {
    upstream = await startUpstream();
    product = await startProduct('channel-ops');
    await signInAsRoot(product);
    // The upstream listens on 127.0.0.1: channels reach loopback only with this option (off by default).
    expect((await api(product, 'PUT', '/api/option/', { key: 'ChannelPrivateAddressEnabled', value: 'true' })).success).toBe(true);
    const created = await api(product, 'POST', '/api/channel/', { type: 1, name: '检测渠道', key: 'sk-e2e', base_url: upstream.url, models: 'gpt-4o-mini', groups: ['default'] });
    expect(created.success).toBe(true);
  });
  afterAll(async () => {
    await product?.stop();
    upstream?.server.close();
  });

  it('tests the channel from its row and shows the response time', async () => {
    const { page, url } = product;
    await page.goto(`${url}/channel`);
    const row = page.locator('.arco-table-tr', { hasText: '检测渠道' }).first();
    await row.waitFor();
    await row.getByRole('button', { name: '测试', exact: true }).click();
    await page.getByText(/渠道 检测渠道 测试成功，耗时 \d+\.\d\d 秒。/).first().waitFor();
    await product.screenshot('channel-tested');
    const found = await api(product, 'GET', '/api/channel/search?keyword=' + encodeURIComponent('检测渠道'));
    expect(Number(found.data.items[0].test_time)).toBeGreaterThan(0);
  });

  it('lists the channel model on the model management page', async () => {
    const { page, url } = product;
    await page.goto(`${url}/model-manage`);
    await page.locator('.arco-table-tr', { hasText: 'gpt-4o-mini' }).first().waitFor();
    await product.screenshot('model-manage');
  });

  it('shows the heartbeats the monitoring schedule stores, by provider', async () => {
    const { page, url } = product;
    // Monitoring on: the heartbeat schedule runs at once, then every MonitorInterval minutes.
    expect((await api(product, 'PUT', '/api/option/', { key: 'AutomaticDisableChannelEnabled', value: 'true' })).success).toBe(true);
    for (let i = 0; i < 100; i++) {
      const beats = await api(product, 'GET', '/api/model_heart_infos');
      if (beats.data?.['检测渠道']?.['gpt-4o-mini']?.length) break;
      await new Promise((done) => setTimeout(done, 200));
    }
    await page.goto(`${url}/model-check`);
    await page.getByText('检测渠道').first().waitFor();
    await page.getByText('gpt-4o-mini').first().waitFor();
    await product.screenshot('model-check');
    expect(await page.getByText('暂无检测数据').count()).toBe(0);
  });
});
