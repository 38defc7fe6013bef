import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChannelCooldown } from '../channel-limits/channel-cooldown.service';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { ROOT_PASSWORD, type SecondInstance, startSecondInstance } from '../../test/test-app';

/** Ratio 1 and completion ratio 2: a mock answer (11 prompt + 7 completion tokens) costs 11 + 14 = 25. */
const MOCK_COST = 25;
const MODELS = ['fo-dead', 'fo-all-dead', 'fo-bad-request', 'fo-missing', 'fo-refused', 'fo-flaky', 'fo-limit'];
const hi = [{ role: 'user' as const, content: 'hi' }];

describe('relay failover on channel failures (DESIGN.md §5.3)', () => {
  let f: RelayFixture;
  let upstream: MockOpenAiUpstream;
  let second: SecondInstance;
  let refusingUrl: string;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    // Port 1: nothing listens there and no test can bind it (below 1024), so connections are refused.
    // (A port freed by a stopped server could be taken by another test file running in parallel.)
    refusingUrl = 'http://127.0.0.1:1';
    f = await startRelayFixture({ models: MODELS, completionRatio: 2, channelDefaults: { type: 1, key: 'sk-upstream', base_url: upstream.url } });
    second = await startSecondInstance(f.t);
    await f.admin.put('/api/option/').send({ key: 'RetryTimes', value: '3' });
  });
  afterAll(async () => {
    await second.close();
    await f.t.close();
    await upstream.stop();
  });

  const seenModels = () => upstream.seen.map((seen) => seen.body.model);
  const statusesOf = (log: { attempts_log: string }) => JSON.parse(log.attempts_log).map((attempt: { status: number }) => attempt.status);

  it('tries the next channel when the first answers 401 (dead key), and charges once', async () => {
    const dead = await f.channel({ name: 'dead-key', models: 'fo-dead', priority: 10, model_mapping: '{"fo-dead":"fail-401"}' });
    const alive = await f.channel({ name: 'alive', models: 'fo-dead', priority: 0 });
    const { client, userId } = await f.customer('fo-dead', 100_000);
    const reply = await client.chat.completions.create({ model: 'fo-dead', max_tokens: 50, messages: hi });
    expect(reply.choices[0].message.content).toBe('Hello from fo-dead');
    const [log] = await f.logsOf(userId);
    expect(log).toMatchObject({ type: 2, channel: alive });
    expect(statusesOf(log)).toEqual([401, 200]);
    expect(JSON.parse(log.other).admin_info.use_channel).toEqual([dead, alive]);
    expect(await f.quotaOf(userId)).toBe(100_000 - MOCK_COST);
  });

  it('answers a gateway error, never an upstream 401, when every channel fails; nothing is charged', async () => {
    await f.channel({ name: 'dead-1', models: 'fo-all-dead', priority: 10, model_mapping: '{"fo-all-dead":"fail-401"}' });
    await f.channel({ name: 'dead-2', models: 'fo-all-dead', priority: 0, model_mapping: '{"fo-all-dead":"fail-403"}' });
    const { key, userId } = await f.customer('fo-all-dead', 100_000);
    const reply = await f.t.http().post('/v1/chat/completions').set('authorization', `Bearer ${key}`).send({ model: 'fo-all-dead', max_tokens: 50, messages: hi });
    expect(reply.status).toBe(502);
    expect(reply.body.error).toMatchObject({ type: 'upstream_error', code: 'upstream_failed', message: expect.stringContaining('上游渠道均请求失败') });
    expect(reply.body.error.message).not.toContain('Incorrect API key');
    const [log] = await f.logsOf(userId);
    expect(log).toMatchObject({ type: 5, status_code: 502 });
    expect(Number(log.quota)).toBe(0);
    expect(statusesOf(log)).toEqual([401, 403]);
    expect(await f.quotaOf(userId)).toBe(100_000);
  });

  it('gives a 400 about the request back to the client (status_code_mapping applied), tries no other channel and cools none down', async () => {
    const strict = await f.channel({ name: 'strict', models: 'fo-bad-request', priority: 10, model_mapping: '{"fo-bad-request":"fail-400"}', status_code_mapping: '{"400":"422"}' });
    await f.channel({ name: 'lenient', models: 'fo-bad-request', priority: 0 });
    const { key, userId } = await f.customer('fo-bad-request', 100_000);
    for (let i = 0; i < 3; i++) {
      const reply = await f.t.http().post('/v1/chat/completions').set('authorization', `Bearer ${key}`).send({ model: 'fo-bad-request', messages: hi });
      expect(reply.status).toBe(422);
      expect(reply.body.error).toMatchObject({ type: 'invalid_request_error', message: expect.stringContaining('upstream says 400') });
    }
    const logs = await f.logsOf(userId, 3);
    expect(logs.map(statusesOf)).toEqual([[400], [400], [400]]);
    expect(seenModels()).not.toContain('fo-bad-request');
    expect((await f.admin.get(`/api/channel/search`).query({ keyword: 'strict' })).body.data.items.find((channel: { id: number }) => channel.id === strict)).toMatchObject({ cooldown_until: 0 });
    expect(await f.quotaOf(userId)).toBe(100_000);
  });

  it('retries a 404 of the model path and a refused connection on another channel', async () => {
    await f.channel({ name: 'no-such-model', models: 'fo-missing', priority: 10, model_mapping: '{"fo-missing":"fail-404"}' });
    await f.channel({ name: 'has-model', models: 'fo-missing', priority: 0 });
    await f.channel({ name: 'unreachable', models: 'fo-refused', priority: 10, base_url: refusingUrl });
    await f.channel({ name: 'reachable', models: 'fo-refused', priority: 0 });
    const { client, userId } = await f.customer('fo-missing', 100_000);
    expect((await client.chat.completions.create({ model: 'fo-missing', messages: hi })).choices[0].message.content).toBe('Hello from fo-missing');
    expect((await client.chat.completions.create({ model: 'fo-refused', messages: hi })).choices[0].message.content).toBe('Hello from fo-refused');
    const [missing, refused] = await f.logsOf(userId, 2);
    expect(statusesOf(missing)).toEqual([404, 200]);
    expect(statusesOf(refused)).toEqual([0, 200]);
    expect(JSON.parse(refused.attempts_log)[0].error).toContain('上游连接失败');
    expect(await f.quotaOf(userId)).toBe(100_000 - 2 * MOCK_COST);
  });

  it('cools a channel down after three failures in a row, on every instance, and shows it in the channel list', async () => {
    const flaky = await f.channel({ name: 'flaky', models: 'fo-flaky', priority: 10, model_mapping: '{"fo-flaky":"fail-500"}' });
    const steady = await f.channel({ name: 'steady', models: 'fo-flaky', priority: 0 });
    const { key, userId } = await f.customer('fo-flaky', 100_000);
    const ask = (instance: { http: () => TestAgent }) => instance.http().post('/v1/chat/completions').set('authorization', `Bearer ${key}`).send({ model: 'fo-flaky', messages: hi });
    for (let i = 0; i < 3; i++) expect((await ask(f.t)).status).toBe(200);
    const failedBefore = seenModels().filter((model) => model === 'fail-500').length;
    // The cooldown reaches the other instance over the cluster bus, within a message's delivery time.
    await vi.waitFor(() => expect(second.app.get(ChannelCooldown).cooling([flaky]).has(flaky)).toBe(true));
    // An instance started later loads the cooldowns that began before it.
    const later = await startSecondInstance(f.t);
    expect(later.app.get(ChannelCooldown).cooling([flaky]).has(flaky)).toBe(true);
    await later.close();
    // The other instance passes over the cooling channel: no call to it, one attempt only.
    expect((await ask(second)).status).toBe(200);
    expect(seenModels().filter((model) => model === 'fail-500').length).toBe(failedBefore);
    const logs = await f.logsOf(userId, 4);
    expect(logs.map(statusesOf)).toEqual([[500, 200], [500, 200], [500, 200], [200]]);
    expect(logs[3].channel).toBe(steady);

    const admin = second.http();
    const login = await admin.post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD });
    admin.set('New-Api-User', String(login.body.data.id));
    const listed = (await admin.get('/api/channel/search').query({ keyword: 'flaky' })).body.data.items;
    const row = listed.find((channel: { id: number }) => channel.id === flaky);
    expect(row.cooldown_until).toBeGreaterThan(Date.now() / 1000);
    expect(row.cooldown_reason).toContain('HTTP 500');
    const page = (await f.admin.get('/api/channel/').query({ page_size: 100 })).body.data.items;
    expect(page.find((channel: { id: number }) => channel.id === steady)).toMatchObject({ cooldown_until: 0, cooldown_reason: '' });
    expect(page.find((channel: { id: number }) => channel.id === flaky).cooldown_until).toBe(row.cooldown_until);
  });

  it('says which limit of which channel refused a request, and logs it against no channel', async () => {
    const capped = await f.channel({ name: 'capped', models: 'fo-limit', model_req_limit: JSON.stringify({ rpm: 1 }) });
    const { client, userId } = await f.customer('fo-limit', 100_000);
    await client.chat.completions.create({ model: 'fo-limit', messages: hi });
    await expect(client.chat.completions.create({ model: 'fo-limit', messages: hi })).rejects.toMatchObject({
      status: 429,
      message: expect.stringContaining(`渠道「capped」（#${capped}）的 RPM`),
    });
    const [, refused] = await f.logsOf(userId, 2);
    expect(refused).toMatchObject({ type: 5, status_code: 429, channel: 0, channel_name: '' });
    expect(statusesOf(refused)).toEqual([]);
  });

  it('says that no channel serves an unknown model, rather than that it has no price', async () => {
    const { client } = await f.customer('fo-unknown', 100_000);
    await expect(client.chat.completions.create({ model: 'fo-nobody-serves-this', messages: hi })).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining('无可用渠道'),
    });
  });
});

describe('channel cooldown without Redis (embedded default)', () => {
  let f: RelayFixture;
  let upstream: MockOpenAiUpstream;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: ['fo-flaky'], completionRatio: 2, channelDefaults: { type: 1, key: 'sk-upstream', base_url: upstream.url }, env: { REDIS_URL: undefined } });
    await f.admin.put('/api/option/').send({ key: 'RetryTimes', value: '1' });
  });
  afterAll(async () => {
    await f.t.close();
    await upstream.stop();
  });

  it('passes over a channel after three failures in a row and shows why in the list', async () => {
    const flaky = await f.channel({ name: 'flaky', models: 'fo-flaky', priority: 10, model_mapping: '{"fo-flaky":"fail-503"}' });
    await f.channel({ name: 'steady', models: 'fo-flaky', priority: 0 });
    const { client, userId } = await f.customer('fo-memory', 100_000);
    for (let i = 0; i < 4; i++) await client.chat.completions.create({ model: 'fo-flaky', messages: hi });
    const logs = await f.logsOf(userId, 4);
    expect(logs.map((log: { attempts_log: string }) => JSON.parse(log.attempts_log).length)).toEqual([2, 2, 2, 1]);
    const row = (await f.admin.get('/api/channel/')).body.data.items.find((channel: { id: number }) => channel.id === flaky);
    expect(row).toMatchObject({ cooldown_reason: expect.stringContaining('HTTP 503') });
    expect(row.cooldown_until).toBeGreaterThan(Date.now() / 1000);
  });
});
