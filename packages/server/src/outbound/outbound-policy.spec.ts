import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import TestAgent from 'supertest/lib/agent';
import { AlertService } from '../channel-ops/alert.service';
import { LocalHttpServer } from '../../test/local-http-server';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { MockWebhook } from '../../test/mock-webhook';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { startSecondInstance } from '../../test/test-app';

/** An OpenAI-format model list on 127.0.0.1; `/hop?to=…` redirects to any address (a public server gone bad). */
class ModelsServer extends LocalHttpServer {
  hits = 0;

  protected handle(request: IncomingMessage, response: ServerResponse): void {
    this.hits += 1;
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/hop')) {
      response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'local-model' }] }));
  }
}

describe('outbound address policy', () => {
  let f: RelayFixture;
  let admin: TestAgent;
  let models: ModelsServer;
  let upstream: MockOpenAiUpstream;
  let port: string;

  const setOption = async (key: string, value: string) => expect((await admin.put('/api/option/').send({ key, value })).body.success).toBe(true);
  const fetchModels = (baseUrl: string) => admin.post('/api/channel/fetch_models').send({ type: 1, base_url: baseUrl, key: 'sk-x' });

  beforeAll(async () => {
    models = await new ModelsServer().start();
    upstream = await new MockOpenAiUpstream().start();
    port = new URL(models.url).port;
    f = await startRelayFixture({ models: ['mock-a'], completionRatio: 1, channelDefaults: { type: 1, key: 'sk-up', base_url: upstream.url, models: 'mock-a' }, env: { ROLE: 'api' } });
    admin = f.admin;
  });
  afterAll(async () => {
    await f.t.close();
    await models.stop();
    await upstream.stop();
  });

  // The fixture starts with ChannelPrivateAddressEnabled on (TEST_OPTIONS); the product's default is private-address-default.spec.ts.
  it('lets channel base URLs reach loopback with ChannelPrivateAddressEnabled on and refuses them when it is off', async () => {
    expect((await fetchModels(models.url)).body).toMatchObject({ success: true, data: ['local-model'] });
    await setOption('ChannelPrivateAddressEnabled', 'false');
    try {
      const hits = models.hits;
      for (const host of ['127.0.0.1', '2130706433', '0x7f.1', '127.1', '[::ffff:127.0.0.1]']) {
        const reply = await fetchModels(`http://${host}:${port}`);
        expect(reply.body, host).toMatchObject({ success: false, message: expect.stringMatching(/^获取模型列表失败：出站地址策略拒绝访问 (127\.0\.0\.1|::ffff:7f00:1)：本机或内网地址未被允许$/) });
      }
      // A name is checked after DNS resolution.
      expect((await fetchModels(`http://localhost:${port}`)).body.message).toMatch(/^获取模型列表失败：出站地址策略拒绝访问 localhost（(127\.0\.0\.1|::1)）/);
      expect(models.hits).toBe(hits);
    } finally {
      await setOption('ChannelPrivateAddressEnabled', 'true');
    }
  });

  it('refuses link-local and metadata addresses whatever the option says', async () => {
    for (const base of ['http://169.254.169.254', 'http://[fe80::1]:8080', 'http://metadata.google.internal']) {
      const reply = await fetchModels(base);
      expect(reply.body, base).toMatchObject({ success: false, message: expect.stringMatching(/^获取模型列表失败：出站地址策略拒绝访问 .*一律禁止访问$/) });
    }
  });

  it('checks every redirect hop against the policy', async () => {
    const followed = await fetchModels(`${models.url}/hop?to=${encodeURIComponent(`${models.url}/v1/models`)}`);
    expect(followed.body).toMatchObject({ success: true, data: ['local-model'] });
    const toMetadata = await fetchModels(`${models.url}/hop?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`);
    expect(toMetadata.body).toMatchObject({ success: false, message: '获取模型列表失败：出站地址策略拒绝访问 169.254.169.254：链路本地、云元数据等地址一律禁止访问' });
  });

  it('refuses to save a channel whose base URL is link-local or metadata', async () => {
    for (const base_url of ['http://169.254.169.254', 'http://[fe80::1]:8080/v1', 'http://metadata.google.internal']) {
      const reply = await admin.post('/api/channel/').send({ type: 1, name: 'metadata', key: 'sk-m', models: 'mock-a', groups: ['default'], base_url });
      expect(reply.body, base_url).toMatchObject({ success: false, message: expect.stringMatching(/^代理地址不可用：出站地址策略拒绝访问 .*一律禁止访问$/) });
    }
    expect(await f.t.db.query(`SELECT id FROM channels WHERE name = 'metadata'`)).toEqual([]);
  });

  it('applies to channel tests and relay calls', async () => {
    const id = await f.channel({ name: 'local' });
    const { client } = await f.customer('outbound-user', 1_000_000);
    await setOption('ChannelPrivateAddressEnabled', 'false');
    try {
      const seen = upstream.seen.length;
      const test = await admin.get(`/api/channel/test/${id}`);
      expect(test.body).toMatchObject({ success: false, message: expect.stringContaining('出站地址策略拒绝访问 127.0.0.1') });
      await expect(client.chat.completions.create({ model: 'mock-a', messages: [{ role: 'user', content: 'hi' }] })).rejects.toThrow();
      expect(upstream.seen.length).toBe(seen);
    } finally {
      await setOption('ChannelPrivateAddressEnabled', 'true');
    }
    const answer = await client.chat.completions.create({ model: 'mock-a', messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0].message.content).toBe('Hello from mock-a');
  });

  it('keeps alert webhooks off loopback unless OUTBOUND_ALLOW_PRIVATE names webhook', async () => {
    const webhook = await new MockWebhook().start();
    try {
      await setOption('AlertEnabled', 'true');
      await setOption('AlertWebHookUrl', webhook.url);
      await f.t.app.get(AlertService).send('默认配置', '不应送达');
      expect(webhook.received).toEqual([]);

      const allowed = await startSecondInstance(f.t, { OUTBOUND_ALLOW_PRIVATE: 'webhook', ROLE: 'api' });
      try {
        await allowed.app.get(AlertService).send('已允许', '应送达');
      } finally {
        await allowed.close();
      }
      expect(webhook.received).toEqual([expect.objectContaining({ title: '已允许' })]);
    } finally {
      await webhook.stop();
    }
  });
});
