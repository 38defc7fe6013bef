import OpenAI from 'openai';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockAzureUpstream } from '../../test/mock-azure-upstream';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import type { TestApp } from '../../test/test-app';

/** Ratio 1 and completion ratio 2: a mock answer (11 prompt + 7 completion tokens) costs 11 + 14 = 25. */
const MOCK_COST = 25;
const MODELS = ['az-chat', 'az-recent', 'az-embed', 'az-missing'];

describe('relay (integration, Azure OpenAI upstream)', () => {
  let f: RelayFixture;
  let t: TestApp;
  let admin: TestAgent;
  let upstream: MockAzureUpstream;
  let baseURL: string;

  const channel = (fields: Record<string, unknown>) => f.channel(fields);
  const customer = (name: string, quota: number, tokenFields?: Record<string, unknown>) => f.customer(name, quota, tokenFields);
  const quotaOf = (userId: number) => f.quotaOf(userId);
  const logsOf = (userId: number, count?: number) => f.logsOf(userId, count);
  const logOf = async (userId: number) => (await f.logsOf(userId))[0];

  beforeAll(async () => {
    upstream = await new MockAzureUpstream('azure-key', ['az-chat', 'az-embed']).start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 2, channelDefaults: { type: 3, key: 'azure-key', base_url: upstream.url } });
    ({ t, admin, baseURL } = f);
    // No `other`: the channel gets the default API version, which predates stream_options.
    await channel({ name: 'azure-default', models: 'az-chat,az-embed,az-missing' });
    await channel({ name: 'azure-recent', models: 'az-recent', other: '2024-10-21', model_mapping: '{"az-recent":"az-chat"}' });
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
  });


  it('calls the deployment named after the model with the default api-version and the api-key header', async () => {
    const { client, userId } = await customer('azure1', 100_000);
    const reply = await client.chat.completions.create({ model: 'az-chat', messages: [{ role: 'user', content: 'hi' }] });
    expect(reply.choices[0].message.content).toBe('Hello from az-chat');
    expect(reply.choices[0].finish_reason).toBe('stop');
    expect(upstream.seen.at(-1)).toMatchObject({ deployment: 'az-chat', operation: 'chat/completions', apiVersion: '2023-06-01-preview', apiKey: 'azure-key', authorization: '' });
    const log = await logOf(userId);
    expect(log).toMatchObject({ model_name: 'az-chat', prompt_tokens: 11, completion_tokens: 7, channel_name: 'azure-default' });
    expect(await quotaOf(userId)).toBe(100_000 - MOCK_COST);
  });

  it('streams on a recent API version with the injected usage hidden, billing the upstream count', async () => {
    const { client, userId } = await customer('azure2', 100_000);
    const stream = await client.chat.completions.create({ model: 'az-recent', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    let text = '';
    let finish: string | null = null;
    let sawUsage = false;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) sawUsage = true;
    }
    expect(text).toBe('Hello from az-chat');
    expect(finish).toBe('stop');
    expect(sawUsage).toBe(false);
    expect(upstream.seen.at(-1)).toMatchObject({ deployment: 'az-chat', apiVersion: '2024-10-21', body: { model: 'az-chat', stream_options: { include_usage: true } } });
    const log = await logOf(userId);
    expect(log).toMatchObject({ is_stream: true, prompt_tokens: 11, completion_tokens: 7 });
    expect(await quotaOf(userId)).toBe(100_000 - MOCK_COST);
  });

  it('streams on the default API version without stream_options, counting the tokens locally', async () => {
    const { client, userId } = await customer('azure3', 100_000);
    const stream = await client.chat.completions.create({ model: 'az-chat', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe('Hello from az-chat');
    expect(upstream.seen.at(-1)?.body).not.toHaveProperty('stream_options');
    const log = await logOf(userId);
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(Number(log.quota)).toBeGreaterThan(0);
    expect(await quotaOf(userId)).toBe(100_000 - Number(log.quota));
  });

  it('relays embeddings to the deployment and bills their usage', async () => {
    const { client, userId } = await customer('azure4', 100_000);
    const reply = await client.embeddings.create({ model: 'az-embed', input: 'vector me', encoding_format: 'float' });
    expect(reply.data[0].embedding).toEqual([0.3, 0.4]);
    expect(upstream.seen.at(-1)).toMatchObject({ deployment: 'az-embed', operation: 'embeddings', apiKey: 'azure-key' });
    await logOf(userId);
    expect(await quotaOf(userId)).toBe(100_000 - 5);
  });

  it('answers a gateway error for a model without a deployment of that name (a channel failure), and charges nothing', async () => {
    const { client, userId } = await customer('azure5', 100_000);
    await expect(client.chat.completions.create({ model: 'az-missing', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('HTTP 404'),
    });
    expect(await quotaOf(userId)).toBe(100_000);
  });
});
