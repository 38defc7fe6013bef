import Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEDROCK_TEST_ACCESS_KEY, BEDROCK_TEST_SECRET_KEY, MockBedrockUpstream } from '../../test/mock-bedrock-upstream';
import { type RelayFixture, readChatStream, startRelayFixture } from '../../test/relay-fixture';

const SONNET = 'claude-sonnet-4-5-20250929';
const HAIKU = 'claude-3-haiku-20240307';
const SONNET_46 = 'claude-sonnet-4-6';
const MODELS = [SONNET, SONNET_46, 'claude-haiku-4-5', HAIKU, 'bedrock-failover', 'bedrock-throttled', 'bedrock-stream-failover', 'bedrock-dead'];
/** Ratio 1, completion ratio 5: the mock's answer (20 input, 10 output tokens) costs 20 + 50. */
const COST = 70;
const KEY = `${BEDROCK_TEST_ACCESS_KEY}|${BEDROCK_TEST_SECRET_KEY}|us-east-1`;
const hi: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Hi' }];

describe('relay (integration, AWS Bedrock Claude upstream, channel type 33)', () => {
  let f: RelayFixture;
  let bedrock: MockBedrockUpstream;
  let origin: string;

  const statusesOf = (log: { attempts_log: string }) => JSON.parse(log.attempts_log).map((attempt: { status: number }) => attempt.status);

  beforeAll(async () => {
    bedrock = await new MockBedrockUpstream().start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 5, channelDefaults: { type: 33, key: KEY, base_url: bedrock.url } });
    origin = f.baseURL.replace(/\/v1$/, '');
    await f.admin.put('/api/option/').send({ key: 'RetryTimes', value: '2' });
    await f.channel({ name: 'bedrock', models: [SONNET, SONNET_46, 'claude-haiku-4-5'].join(',') });
    await f.channel({ name: 'bedrock-eu', key: `${BEDROCK_TEST_ACCESS_KEY}|${BEDROCK_TEST_SECRET_KEY}|eu-west-1`, models: HAIKU, model_mapping: JSON.stringify({}) });
  });
  afterAll(async () => {
    await f.t.close();
    await bedrock.stop();
  });

  it('answers a chat through InvokeModel with a signed request, the cross-region profile and Bedrock body, and bills the usage', async () => {
    const { client, userId } = await f.customer('bd-chat', 100_000);
    const reply = await client.chat.completions.create({ model: SONNET, max_tokens: 100, messages: [{ role: 'system', content: 'Be brief.' }, ...hi] });
    expect(reply.choices[0].message.content).toBe('Hello from us.anthropic.claude-sonnet-4-5-20250929-v1:0');
    expect(reply.usage).toMatchObject({ prompt_tokens: 20, completion_tokens: 10 });

    const seen = bedrock.seen.at(-1)!;
    expect(seen).toMatchObject({ modelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', stream: false, region: 'us-east-1' });
    expect(seen.body).toEqual({ anthropic_version: 'bedrock-2023-05-31', max_tokens: 100, system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] });

    const [log] = await f.logsOf(userId);
    expect(log).toMatchObject({ type: 2, model_name: SONNET, prompt_tokens: 20, completion_tokens: 10, is_stream: false, channel_name: 'bedrock' });
    expect(Number(log.quota)).toBe(COST);
    expect(await f.quotaOf(userId)).toBe(100_000 - COST);
  });

  it('streams a chat from the AWS event stream as OpenAI chunks, with the usage and the first-token time', async () => {
    const { client, userId } = await f.customer('bd-stream', 100_000);
    const stream = await client.chat.completions.create({ model: 'claude-haiku-4-5', stream: true, stream_options: { include_usage: true }, messages: hi });
    const { text, finish, usage } = await readChatStream(stream);
    expect(text).toBe('Hello from us.anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({ prompt_tokens: 20, completion_tokens: 10 });
    expect(bedrock.seen.at(-1)).toMatchObject({ stream: true, modelId: 'us.anthropic.claude-haiku-4-5-20251001-v1:0' });
    expect(bedrock.seen.at(-1)!.body).not.toHaveProperty('stream');

    const [log] = await f.logsOf(userId);
    expect(log).toMatchObject({ type: 2, is_stream: true, prompt_tokens: 20, completion_tokens: 10, channel_name: 'bedrock' });
    expect(JSON.parse(log.other).frt).toBeGreaterThan(0);
    expect(await f.quotaOf(userId)).toBe(100_000 - COST);
  });

  it('uses the foundation model in-region when its profile does not cover the region, and the channel mapping as given', async () => {
    const { client } = await f.customer('bd-map', 100_000);
    await client.chat.completions.create({ model: HAIKU, messages: hi });
    // eu-west-1: Claude 3 Haiku has an EU profile.
    expect(bedrock.seen.at(-1)).toMatchObject({ modelId: 'eu.anthropic.claude-3-haiku-20240307-v1:0', region: 'eu-west-1' });

    await f.channel({ name: 'bedrock-mapped', models: 'bedrock-failover', priority: -5, model_mapping: JSON.stringify({ 'bedrock-failover': 'anthropic.claude-3-haiku-20240307-v1:0' }) });
    const reply = await client.chat.completions.create({ model: 'bedrock-failover', messages: hi });
    expect(reply.choices[0].message.content).toBe('Hello from anthropic.claude-3-haiku-20240307-v1:0');
  });

  it('serves /v1/messages natively over Bedrock (betas in the body), streaming and not, and bills both', async () => {
    const { key, userId } = await f.customer('bd-messages', 100_000);
    const sdk = new Anthropic({ apiKey: key, baseURL: origin, maxRetries: 0 });
    const message = await sdk.messages.create({ model: SONNET_46, max_tokens: 64, messages: [{ role: 'user', content: 'Hi' }] }, { headers: { 'anthropic-beta': 'context-1m-2025-08-07' } });
    expect(message.content).toEqual([{ type: 'text', text: 'Hello from us.anthropic.claude-sonnet-4-6' }]);
    expect(message.usage).toMatchObject({ input_tokens: 20, output_tokens: 10 });
    expect(bedrock.seen.at(-1)!.body).toEqual({ anthropic_version: 'bedrock-2023-05-31', anthropic_beta: ['context-1m-2025-08-07'], max_tokens: 64, messages: [{ role: 'user', content: 'Hi' }] });

    const events: string[] = [];
    const stream = sdk.messages.stream({ model: SONNET_46, max_tokens: 64, messages: [{ role: 'user', content: 'Hi' }] });
    for await (const event of stream) events.push(event.type);
    const final = await stream.finalMessage();
    expect(final.content).toEqual([{ type: 'text', text: 'Hello from us.anthropic.claude-sonnet-4-6' }]);
    expect(events).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);

    const logs = await f.logsOf(userId, 2);
    expect(logs.map((log) => [log.is_stream, log.prompt_tokens, log.completion_tokens, log.inbound_format])).toEqual([
      [false, 20, 10, 'anthropic'],
      [true, 20, 10, 'anthropic'],
    ]);
    expect(await f.quotaOf(userId)).toBe(100_000 - 2 * COST);
  });

  it('fails over from a channel whose signature AWS refuses (403) and from a throttled one (429), and charges once', async () => {
    await f.channel({ name: 'bad-secret', key: `${BEDROCK_TEST_ACCESS_KEY}|not-the-secret|us-east-1`, models: 'bedrock-throttled', priority: 10 });
    await f.channel({ name: 'throttled', models: 'bedrock-throttled', priority: 5, model_mapping: JSON.stringify({ 'bedrock-throttled': 'anthropic.claude-throttled-v1:0' }) });
    const good = await f.channel({ name: 'good', models: 'bedrock-throttled', priority: 0, model_mapping: JSON.stringify({ 'bedrock-throttled': SONNET }) });
    const { client, userId } = await f.customer('bd-failover', 100_000);
    const reply = await client.chat.completions.create({ model: 'bedrock-throttled', messages: hi });
    expect(reply.choices[0].message.content).toBe('Hello from us.anthropic.claude-sonnet-4-5-20250929-v1:0');
    const [log] = await f.logsOf(userId);
    expect(log).toMatchObject({ type: 2, channel: good });
    expect(statusesOf(log)).toEqual([403, 429, 200]);
    expect(JSON.parse(log.attempts_log)[0].error).toContain('signature we calculated does not match');
    expect(await f.quotaOf(userId)).toBe(100_000 - COST);
  });

  it('fails over when the event stream opens with an exception frame, before the client got anything', async () => {
    await f.channel({ name: 'stream-exception', models: 'bedrock-stream-failover', priority: 10, model_mapping: JSON.stringify({ 'bedrock-stream-failover': 'anthropic.claude-stream-exception-v1:0' }) });
    await f.channel({ name: 'stream-good', models: 'bedrock-stream-failover', priority: 0, model_mapping: JSON.stringify({ 'bedrock-stream-failover': SONNET_46 }) });
    const { key, userId } = await f.customer('bd-stream-failover', 100_000);
    const sdk = new Anthropic({ apiKey: key, baseURL: origin, maxRetries: 0 });
    const final = await sdk.messages.stream({ model: 'bedrock-stream-failover', max_tokens: 64, messages: [{ role: 'user', content: 'Hi' }] }).finalMessage();
    expect(final.content).toEqual([{ type: 'text', text: 'Hello from us.anthropic.claude-sonnet-4-6' }]);
    const [log] = await f.logsOf(userId);
    expect(JSON.parse(log.attempts_log)[0]).toMatchObject({ status: 0, error: expect.stringContaining('Too many requests') });
    expect(statusesOf(log)).toEqual([0, 200]);
    expect(await f.quotaOf(userId)).toBe(100_000 - COST);
  });

  it('disables a channel whose access key AWS does not know, when auto-ban is on', async () => {
    await f.admin.put('/api/option/').send({ key: 'AutomaticDisableChannelEnabled', value: 'true' });
    const id = await f.channel({ name: 'unknown-key', key: `AKIDUNKNOWN|${BEDROCK_TEST_SECRET_KEY}|us-east-1`, models: 'bedrock-dead', auto_ban: 1 });
    const { client } = await f.customer('bd-dead', 100_000);
    await expect(client.chat.completions.create({ model: 'bedrock-dead', messages: hi })).rejects.toMatchObject({ status: 502 });
    const [row] = await f.t.db.query('SELECT status, other_info FROM channels WHERE id = $1', [id]);
    expect(row.status).toBe(3);
    expect(JSON.parse(row.other_info).status_reason).toContain('HTTP 403: The security token included in the request is invalid.');
  });

  it('refuses a channel key that is not Ak|Sk|Region with a clear message', async () => {
    const reply = await f.admin.post('/api/channel/').send({ type: 33, name: 'bad', key: 'AKID|secret', base_url: bedrock.url, models: SONNET, groups: ['default'] });
    expect(reply.body).toMatchObject({ success: false, message: expect.stringContaining('Ak|Sk|Region') });
    const region = await f.admin.post('/api/channel/').send({ type: 33, name: 'bad', key: 'AKID|secret|virginia', base_url: bedrock.url, models: SONNET, groups: ['default'] });
    expect(region.body).toMatchObject({ success: false, message: expect.stringContaining('virginia') });
  });
});
