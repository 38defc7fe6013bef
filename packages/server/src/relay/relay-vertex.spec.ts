import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockVertexUpstream } from '../../test/mock-vertex-upstream';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';

const MODELS = ['claude-vx', 'claude-vx-eu', 'gemini-vx', 'claude-vx-cache', 'claude-vx-fo', 'claude-vx-token', 'claude-vx-refresh', 'gemini-vx-dead'];
/** Ratio 1, completion ratio 5. Claude's mock answer: 20 prompt + 10 completion tokens. */
const CLAUDE_COST = 20 + 50;
/** Gemini's mock answer: 11 prompt + 7 candidate tokens. */
const GEMINI_COST = 11 + 35;
const hi = [{ role: 'user' as const, content: 'Hi' }];

describe('relay (integration, Google Vertex AI upstream: Claude and Gemini)', () => {
  let f: RelayFixture;
  let vertex: MockVertexUpstream;
  let origin: string;
  let mainKey: string;
  let mainChannel: number;

  const statusesOf = (log: { attempts_log: string }) => JSON.parse(log.attempts_log).map((attempt: { status: number }) => attempt.status);
  const lastSeen = () => vertex.seen.at(-1)!;

  beforeAll(async () => {
    vertex = await new MockVertexUpstream().start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 5, channelDefaults: { type: 41, base_url: vertex.url, other: 'us-central1' } });
    origin = f.baseURL.replace(/\/v1$/, '');
    await f.admin.put('/api/option/').send({ key: 'RetryTimes', value: '3' });
    mainKey = vertex.serviceAccount('relay@proj-main.iam.gserviceaccount.com', 'proj-main');
    vertex.modelRegions.set('claude-vx-eu', 'europe-west1');
    mainChannel = await f.channel({
      name: 'vertex',
      key: mainKey,
      models: 'claude-vx,claude-vx-eu,gemini-vx,claude-vx-cache',
      other: '{"default": "us-central1", "claude-vx-eu": "europe-west1"}',
    });
  });
  afterAll(async () => {
    await f.t.close();
    await vertex.stop();
  });

  it('answers a chat over Claude on Vertex (rawPredict with the access token) and bills the exact usage', async () => {
    const { client, userId } = await f.customer('vx1', 100_000);
    const reply = await client.chat.completions.create({ model: 'claude-vx', messages: [{ role: 'system', content: 'Be brief.' }, ...hi] });
    expect(reply.choices[0].message.content).toBe('Hello from claude-vx');
    expect(reply.usage).toMatchObject({ prompt_tokens: 20, completion_tokens: 10 });

    const seen = lastSeen();
    expect(seen.path).toBe('/v1/projects/proj-main/locations/us-central1/publishers/anthropic/models/claude-vx:rawPredict');
    expect(seen.authorization).toMatch(/^Bearer ya29\.mock-\d+$/);
    expect(seen.body).toEqual({ anthropic_version: 'vertex-2023-10-16', max_tokens: 4096, system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] });

    const [log] = await f.logsOf(userId);
    expect(log).toMatchObject({ type: 2, model_name: 'claude-vx', channel_name: 'vertex', prompt_tokens: 20, completion_tokens: 10, is_stream: false });
    expect(Number(log.quota)).toBe(CLAUDE_COST);
    expect(await f.quotaOf(userId)).toBe(100_000 - CLAUDE_COST);
  });

  it('streams a chat over Claude on Vertex (streamRawPredict, Anthropic SSE) with usage', async () => {
    const { client, userId } = await f.customer('vx2', 100_000);
    const stream = await client.chat.completions.create({ model: 'claude-vx-cache', stream: true, stream_options: { include_usage: true }, messages: hi });
    let text = '';
    let usage: unknown;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hello from claude-vx-cache');
    expect(usage).toMatchObject({ prompt_tokens: 20, completion_tokens: 10 });
    expect(lastSeen()).toMatchObject({ method: 'streamRawPredict', region: 'us-central1', body: { stream: true, anthropic_version: 'vertex-2023-10-16' } });
    const [log] = await f.logsOf(userId);
    expect(log).toMatchObject({ is_stream: true, prompt_tokens: 20, completion_tokens: 10 });
    expect(JSON.parse(log.other).frt).toBeGreaterThan(0);
    expect(await f.quotaOf(userId)).toBe(100_000 - CLAUDE_COST);
  });

  it('answers a chat over Gemini on Vertex, whole and streamed, with the Gemini body', async () => {
    const { client, userId } = await f.customer('vx3', 100_000);
    const reply = await client.chat.completions.create({ model: 'gemini-vx', messages: hi });
    expect(reply.choices[0].message.content).toBe('Hello from gemini-vx');
    expect(lastSeen()).toMatchObject({
      path: '/v1/projects/proj-main/locations/us-central1/publishers/google/models/gemini-vx:generateContent',
      body: { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
    });

    const stream = await client.chat.completions.create({ model: 'gemini-vx', stream: true, messages: hi });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe('Hello from gemini-vx');
    expect(lastSeen().path).toBe('/v1/projects/proj-main/locations/us-central1/publishers/google/models/gemini-vx:streamGenerateContent?alt=sse');

    const logs = await f.logsOf(userId, 2);
    expect(logs.map((log) => [log.is_stream, log.prompt_tokens, log.completion_tokens, Number(log.quota)])).toEqual([
      [false, 11, 7, GEMINI_COST],
      [true, 11, 7, GEMINI_COST],
    ]);
    expect(await f.quotaOf(userId)).toBe(100_000 - 2 * GEMINI_COST);
  });

  it('calls each model in its region from the region map', async () => {
    const { client } = await f.customer('vx4', 100_000);
    const reply = await client.chat.completions.create({ model: 'claude-vx-eu', messages: hi });
    expect(reply.choices[0].message.content).toBe('Hello from claude-vx-eu');
    expect(lastSeen().path).toBe('/v1/projects/proj-main/locations/europe-west1/publishers/anthropic/models/claude-vx-eu:rawPredict');
    await client.chat.completions.create({ model: 'claude-vx', messages: hi });
    expect(lastSeen().region).toBe('us-central1');
  });

  it('serves /v1/messages natively over Claude on Vertex, whole and streamed, and converted over Gemini', async () => {
    const { key, userId } = await f.customer('vx5', 100_000);
    const client = new Anthropic({ apiKey: key, baseURL: origin, maxRetries: 0 });
    const message = await client.messages.create(
      { model: 'claude-vx', max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] },
      { headers: { 'anthropic-beta': 'interleaved-thinking-2025-05-14' } },
    );
    expect(message.content).toEqual([{ type: 'text', text: 'Hello from claude-vx' }]);
    expect(lastSeen()).toMatchObject({
      method: 'rawPredict',
      beta: 'interleaved-thinking-2025-05-14',
      body: { anthropic_version: 'vertex-2023-10-16', max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] },
    });
    expect(lastSeen().body.model).toBeUndefined();

    const events: string[] = [];
    const stream = client.messages.stream({ model: 'claude-vx', max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] });
    for await (const event of stream) events.push(event.type);
    expect((await stream.finalMessage()).content).toEqual([{ type: 'text', text: 'Hello from claude-vx' }]);
    expect(events[0]).toBe('message_start');
    expect(events.at(-1)).toBe('message_stop');
    expect(lastSeen().method).toBe('streamRawPredict');

    const converted = await client.messages.create({ model: 'gemini-vx', max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] });
    expect(converted.content).toEqual([{ type: 'text', text: 'Hello from gemini-vx' }]);
    expect(lastSeen().method).toBe('generateContent');

    const logs = await f.logsOf(userId, 3);
    expect(logs.map((log) => [log.inbound_format, log.is_stream, log.prompt_tokens, log.completion_tokens])).toEqual([
      ['anthropic', false, 20, 10],
      ['anthropic', true, 20, 10],
      ['anthropic', false, 11, 7],
    ]);
    expect(await f.quotaOf(userId)).toBe(100_000 - 2 * CLAUDE_COST - GEMINI_COST);
  });

  it("counts tokens with Claude's counter on Vertex", async () => {
    const { key } = await f.customer('vx6', 100_000);
    const client = new Anthropic({ apiKey: key, baseURL: origin, maxRetries: 0 });
    const counted = await client.messages.countTokens({ model: 'claude-vx', messages: [{ role: 'user', content: 'Hi' }] });
    expect(counted.input_tokens).toBeGreaterThan(0);
    expect(lastSeen()).toMatchObject({ path: '/v1/projects/proj-main/locations/us-central1/publishers/anthropic/models/count-tokens:rawPredict', body: { model: 'claude-vx', anthropic_version: 'vertex-2023-10-16' } });
  });

  it('exchanges the key for a token once, for many calls at once and after', async () => {
    await f.channel({ name: 'vertex-token', key: vertex.serviceAccount('token@proj-t.iam.gserviceaccount.com', 'proj-t'), models: 'claude-vx-token' });
    const { client } = await f.customer('vx7', 100_000);
    // The channel list is reloaded by the first call after the change; the calls at once come after it.
    await client.chat.completions.create({ model: 'claude-vx', messages: hi });
    const before = vertex.tokenRequests;
    const replies = await Promise.all(Array.from({ length: 5 }, () => client.chat.completions.create({ model: 'claude-vx-token', messages: hi })));
    for (let i = 0; i < 3; i++) replies.push(await client.chat.completions.create({ model: 'claude-vx-token', messages: hi }));
    expect(replies.map((reply) => reply.choices[0].message.content)).toEqual(Array(8).fill('Hello from claude-vx-token'));
    expect(vertex.tokenRequests - before).toBe(1);
    expect(new Set(vertex.seen.filter((seen) => seen.project === 'proj-t').map((seen) => seen.authorization)).size).toBe(1);
  });

  it('replaces a token that is about to expire before the next call', async () => {
    vertex.tokenLifetime = 120;
    try {
      await f.channel({ name: 'vertex-refresh', key: vertex.serviceAccount('refresh@proj-r.iam.gserviceaccount.com', 'proj-r'), models: 'claude-vx-refresh' });
      const { client } = await f.customer('vx8', 100_000);
      const before = vertex.tokenRequests;
      await client.chat.completions.create({ model: 'claude-vx-refresh', messages: hi });
      await client.chat.completions.create({ model: 'claude-vx-refresh', messages: hi });
      expect(vertex.tokenRequests - before).toBe(2);
      const tokens = vertex.seen.filter((seen) => seen.project === 'proj-r').map((seen) => seen.authorization);
      expect(new Set(tokens).size).toBe(2);
    } finally {
      vertex.tokenLifetime = 3600;
    }
  });

  it('fails over from a revoked account (401), a foreign project (403) and a refused key exchange, charging once', async () => {
    const revoked = await f.channel({ name: 'vx-revoked', key: vertex.serviceAccount('gone@proj-x.iam.gserviceaccount.com', 'proj-x', { revoked: true }), models: 'claude-vx-fo', priority: 30 });
    const foreignKey = JSON.stringify({ ...JSON.parse(vertex.serviceAccount('other@proj-y.iam.gserviceaccount.com', 'proj-y')), project_id: 'proj-not-mine' });
    const foreign = await f.channel({ name: 'vx-foreign', key: foreignKey, models: 'claude-vx-fo', priority: 20 });
    const unknownKey = JSON.stringify({ ...JSON.parse(vertex.serviceAccount('unknown@proj-z.iam.gserviceaccount.com', 'proj-z')), client_email: 'nobody@proj-z.iam.gserviceaccount.com' });
    const refused = await f.channel({ name: 'vx-refused', key: unknownKey, models: 'claude-vx-fo', priority: 10 });
    const good = await f.channel({ name: 'vx-good', key: mainKey, models: 'claude-vx-fo', priority: 0 });
    const { client, userId } = await f.customer('vx9', 100_000);
    const reply = await client.chat.completions.create({ model: 'claude-vx-fo', messages: hi });
    expect(reply.choices[0].message.content).toBe('Hello from claude-vx-fo');
    const [log] = await f.logsOf(userId);
    expect(log).toMatchObject({ type: 2, channel: good });
    expect(statusesOf(log)).toEqual([401, 403, 0, 200]);
    expect(JSON.parse(log.attempts_log)[2].error).toContain('Vertex AI 获取访问令牌失败');
    expect(JSON.parse(log.attempts_log)[2].error).not.toContain('PRIVATE KEY');
    expect(JSON.parse(log.other).admin_info.use_channel).toEqual([revoked, foreign, refused, good]);
    expect(await f.quotaOf(userId)).toBe(100_000 - CLAUDE_COST);
  });

  it('answers a gateway error, never the upstream 401, when every Vertex channel fails; nothing is charged', async () => {
    await f.channel({ name: 'vx-dead', key: vertex.serviceAccount('dead@proj-d.iam.gserviceaccount.com', 'proj-d', { revoked: true }), models: 'gemini-vx-dead' });
    const { key, userId } = await f.customer('vx10', 100_000);
    const reply = await f.t.http().post('/v1/chat/completions').set('authorization', `Bearer ${key}`).send({ model: 'gemini-vx-dead', messages: hi });
    expect(reply.status).toBe(502);
    expect(reply.body.error).toMatchObject({ code: 'upstream_failed' });
    const [log] = await f.logsOf(userId);
    expect(log).toMatchObject({ type: 5, status_code: 502 });
    expect(await f.quotaOf(userId)).toBe(100_000);
  });

  it('tests the channel from the console through the same adaptor and token', async () => {
    const reply = await f.admin.get(`/api/channel/test/${mainChannel}`);
    expect(reply.body).toMatchObject({ success: true, data: { model: 'claude-vx', upstream_status: 200 } });
    expect(lastSeen()).toMatchObject({ method: 'rawPredict', project: 'proj-main', authorization: expect.stringMatching(/^Bearer ya29\./) });
  });

  it('refuses to save a channel whose key is not a service-account JSON key or whose region map is invalid', async () => {
    const badKey = await f.admin.post('/api/channel/').send({ type: 41, name: 'bad', key: '{"client_email": "a@b"', models: 'claude-vx', groups: ['default'], other: 'us-central1' });
    expect(badKey.body).toMatchObject({ success: false, message: expect.stringContaining('服务账号 JSON 密钥') });
    const badRegion = await f.admin.post('/api/channel/').send({ type: 41, name: 'bad', key: mainKey, models: 'claude-vx', groups: ['default'], other: '{"default": 1}' });
    expect(badRegion.body).toMatchObject({ success: false, message: expect.stringContaining('区域映射') });
  });
});
