import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import type { TestApp } from '../../test/test-app';

/** Ratio 1 and completion ratio 2: the mock's answer (11 prompt + 7 completion tokens) costs 11 + 14 = 25. */
const MOCK_COST = 25;

/**
 * The OpenAI-compatible APIs of Chinese providers: each channel's base URL is the mock's host, so
 * the path under it and the bearer token are what the provider's own API would receive.
 */
const PROVIDERS = [
  { type: 15, name: 'qianfan', model: 'ernie-4.5', key: 'bce-v3/ALTAK-abc/0123456789', path: '/v2/chat/completions', bearer: 'bce-v3/ALTAK-abc/0123456789' },
  { type: 18, name: 'spark', model: 'generalv3.5', key: 'app-id|api-secret|api-key', path: '/v1/chat/completions', bearer: 'api-key:api-secret' },
  { type: 18, name: 'spark-pw', model: 'lite', key: 'spark-api-password', path: '/v1/chat/completions', bearer: 'spark-api-password' },
  { type: 23, name: 'hunyuan', model: 'hunyuan-turbos-latest', key: 'sk-hunyuan', path: '/v1/chat/completions', bearer: 'sk-hunyuan' },
  { type: 16, name: 'zhipu', model: 'glm-4-plus', key: 'zhipu-id.zhipu-secret', path: '/api/paas/v4/chat/completions', bearer: 'zhipu-id.zhipu-secret' },
  { type: 26, name: 'zhipu-v', model: 'glm-4v-plus', key: 'zhipu-v-id.secret', path: '/api/paas/v4/chat/completions', bearer: 'zhipu-v-id.secret' },
];

describe('relay (integration, OpenAI-compatible Chinese providers)', () => {
  let f: RelayFixture;
  let t: TestApp;
  let admin: TestAgent;
  let upstream: MockOpenAiUpstream;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: PROVIDERS.map((provider) => provider.model), completionRatio: 2, channelDefaults: { base_url: upstream.url } });
    ({ t, admin } = f);
    for (const { type, name, model, key } of PROVIDERS) await f.channel({ type, name, key, models: model });
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
  });

  describe.each(PROVIDERS)('type $type ($name)', ({ name, model, path, bearer }) => {
    it(`calls ${path} with its bearer token and bills the provider's usage`, async () => {
      const { client, userId } = await f.customer(`${name}-whole`, 100_000);
      const reply = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
      expect(reply.choices[0].message.content).toBe(`Hello from ${model}`);
      expect(upstream.seen.at(-1)).toMatchObject({ path, authorization: `Bearer ${bearer}`, body: { model } });
      const [log] = await f.logsOf(userId);
      expect(log).toMatchObject({ type: 2, model_name: model, channel_name: name, prompt_tokens: 11, completion_tokens: 7, is_stream: false });
      expect(Number(log.quota)).toBe(MOCK_COST);
      expect(await f.quotaOf(userId)).toBe(100_000 - MOCK_COST);
    });

    it('streams, asking the provider for its usage', async () => {
      const { client, userId } = await f.customer(`${name}-stream`, 100_000);
      const stream = await client.chat.completions.create({ model, stream: true, messages: [{ role: 'user', content: 'hi' }] });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      expect(text).toBe(`Hello from ${model}`);
      expect(upstream.seen.at(-1)).toMatchObject({ path, authorization: `Bearer ${bearer}`, body: { stream: true, stream_options: { include_usage: true } } });
      const [log] = await f.logsOf(userId);
      expect(log).toMatchObject({ model_name: model, channel_name: name, prompt_tokens: 11, completion_tokens: 7, is_stream: true });
      expect(Number(log.quota)).toBe(MOCK_COST);
    });
  });
});
