import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { MockWebhook } from '../../test/mock-webhook';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import type { TestApp } from '../../test/test-app';
import { LogWriterService } from '../logs/log-writer.service';

const MODELS = ['mock-a', 'timed', 'slow', 'fail-401', 'fail-500', 'alias', 'text-embedding-3-small', 'comeback', 'dead-key'];

describe('channel test (integration)', () => {
  let f: RelayFixture;
  let t: TestApp;
  let admin: TestAgent;
  let upstream: MockOpenAiUpstream;
  let webhook: MockWebhook;

  const setOption = async (key: string, value: string) => {
    const reply = await admin.put('/api/option/').send({ key, value });
    expect(reply.body.success, reply.body.message).toBe(true);
  };
  const row = async (id: number) => (await t.db.query('SELECT * FROM channels WHERE id = $1', [id]))[0];
  const abilitiesEnabled = async (id: number) =>
    (await t.db.query('SELECT enabled FROM abilities WHERE channel_id = $1', [id])).map((ability: { enabled: boolean }) => ability.enabled);
  const testLogs = async (channelId: number) => {
    await t.app.get(LogWriterService).flush();
    return t.db.query(`SELECT * FROM logs WHERE channel = $1 AND content = '渠道测试' ORDER BY id`, [channelId]);
  };
  const autoDisable = (id: number, reason = 'HTTP 401: dead') =>
    t.db.query(`UPDATE channels SET status = 3, other_info = $2 WHERE id = $1`, [id, JSON.stringify({ status_reason: reason, status_time: 1 })]);

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    webhook = await new MockWebhook().start();
    // ROLE=api: no job workers, so the monitoring sweep that starts when an option turns it on
    // cannot test these channels behind the tests' backs (channel-test-queue.spec.ts covers it).
    f = await startRelayFixture({
      models: MODELS,
      completionRatio: 1,
      channelDefaults: { type: 1, name: 'probe', key: 'sk-probe', base_url: upstream.url },
      // The mock webhook listens on 127.0.0.1, which webhooks may reach only when allowed.
      env: { ROLE: 'api', OUTBOUND_ALLOW_PRIVATE: 'webhook' },
    });
    ({ t, admin } = f);
    upstream.delays.set('timed', 60);
    upstream.delays.set('slow', 400);
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
    await webhook.stop();
  });
  beforeEach(async () => {
    await setOption('AutomaticDisableChannelEnabled', 'false');
    await setOption('AutomaticEnableChannelEnabled', 'false');
    await setOption('ChannelDisableThreshold', '5');
    await setOption('AlertEnabled', 'true');
    await setOption('AlertWebHookUrl', webhook.url);
    webhook.received.length = 0;
  });

  it('reaches its own handlers, not GET /api/channel/:id', async () => {
    const all = await admin.get('/api/channel/test');
    expect(all.body).toMatchObject({ success: true, message: '已开始测试所有渠道，请稍后刷新查看结果' });
    const balances = await admin.get('/api/channel/update_balance');
    expect(balances.body).toMatchObject({ success: true, message: '已开始更新所有已启用渠道的余额，请稍后刷新查看结果' });
  });

  it('refuses users who are not administrators', async () => {
    const id = await f.channel({ name: 'guarded', models: 'mock-a' });
    const { agent } = await t.signUp('plainuser');
    for (const path of [`/api/channel/test/${id}`, '/api/channel/test', `/api/channel/update_balance/${id}/`, '/api/channel/update_balance']) {
      const reply = await agent.get(path);
      expect(reply.status, path).toBe(403);
      expect(reply.body.success).toBe(false);
    }
    expect((await t.http().get(`/api/channel/test/${id}`)).status).toBe(401);
    expect((await row(id)).test_time).toBe('0');
  });

  it('tests a channel: time at the top level, response time and test time saved, a log row with quota 0, nobody charged', async () => {
    const { userId } = await f.customer('bystander', 100_000);
    const id = await f.channel({ name: 'timed', models: 'mock-a,timed', test_model: 'timed' });
    const [rootBefore] = await t.db.query('SELECT quota, used_quota FROM users WHERE id = 1');
    const before = Math.floor(Date.now() / 1000);

    const reply = await admin.get(`/api/channel/test/${id}`);

    expect(reply.body).toMatchObject({ success: true, message: '' });
    expect(typeof reply.body.time).toBe('number');
    expect(reply.body.time).toBeGreaterThanOrEqual(0.06);
    expect(reply.body.time).toBeLessThan(5);
    expect(reply.body.data).toMatchObject({ model: 'timed', upstream_status: 200, status_change: null, time: reply.body.time });
    const saved = await row(id);
    expect(saved.response_time).toBe(Math.round(reply.body.time * 1000));
    expect(Number(saved.test_time)).toBeGreaterThanOrEqual(before);
    expect(Number(saved.used_quota)).toBe(0);
    const sent = upstream.seen.at(-1)!;
    expect(sent).toMatchObject({ path: '/v1/chat/completions', authorization: 'Bearer sk-probe' });
    expect(sent.body).toMatchObject({ model: 'timed', stream: false, messages: [{ role: 'user', content: 'hi' }] });
    expect(sent.body.max_tokens).toBeLessThanOrEqual(10);

    const [log] = await testLogs(id);
    expect(log).toMatchObject({ type: 2, user_id: 1, username: 'root', channel_name: 'timed', model_name: 'timed', token_id: 0 });
    expect(Number(log.quota)).toBe(0);
    const [rootAfter] = await t.db.query('SELECT quota, used_quota FROM users WHERE id = 1');
    expect(rootAfter).toEqual(rootBefore);
    expect(await f.quotaOf(userId)).toBe(100_000);
  });

  it('tests with the model asked for, through the channel model mapping; embedding models through /embeddings', async () => {
    const id = await f.channel({ name: 'mapped', models: 'alias,text-embedding-3-small', model_mapping: '{"alias":"mock-a"}' });
    const mapped = await admin.get(`/api/channel/test/${id}`);
    expect(mapped.body.success).toBe(true);
    expect(mapped.body.data.model).toBe('alias');
    expect(upstream.seen.at(-1)?.body.model).toBe('mock-a');

    const embedding = await admin.get(`/api/channel/test/${id}`).query({ model: 'text-embedding-3-small' });
    expect(embedding.body.success).toBe(true);
    expect(upstream.seen.at(-1)).toMatchObject({ path: '/v1/embeddings', body: { model: 'text-embedding-3-small', input: 'hi' } });
  });

  it('lists beside a passing test the channel models the relay refuses for want of a price, until they are priced', async () => {
    await setOption('ModelPrice', JSON.stringify({ 'per-call-model': 0.01 }));
    const id = await f.channel({ name: 'halfpriced', models: 'mock-a,per-call-model,no-price-model', test_model: 'mock-a' });
    const { client } = await f.customer('unpricedcaller', 100_000);
    const ask = () => client.chat.completions.create({ model: 'no-price-model', messages: [{ role: 'user', content: 'hi' }] });

    const reply = await admin.get(`/api/channel/test/${id}`);
    expect(reply.body).toMatchObject({ success: true, message: '', data: { model: 'mock-a', unpriced_models: ['no-price-model'] } });
    await expect(ask()).rejects.toMatchObject({ status: 400, message: expect.stringContaining('模型 no-price-model 未设置价格') });

    await setOption('ModelRatio', JSON.stringify(Object.fromEntries([...MODELS, 'no-price-model'].map((model) => [model, 1]))));
    expect((await admin.get(`/api/channel/test/${id}`)).body.data.unpriced_models).toEqual([]);
    expect((await ask()).choices[0].message.content).toBe('Hello from no-price-model');
  });

  it('answers a failed test with the upstream error and leaves the channel alone while automatic disabling is off', async () => {
    const id = await f.channel({ name: 'refused', models: 'fail-401', auto_ban: 1 });
    const reply = await admin.get(`/api/channel/test/${id}`);
    expect(reply.body).toMatchObject({ success: false, message: 'Incorrect API key provided' });
    expect(typeof reply.body.time).toBe('number');
    expect((await row(id)).status).toBe(1);
    const [log] = await testLogs(id);
    expect(log.status_code).toBe(401);
  });

  it('disables a channel whose test gets a 401 when the option and its auto_ban are on, and alerts', async () => {
    await setOption('AutomaticDisableChannelEnabled', 'true');
    const banned = await f.channel({ name: 'deadkey', models: 'fail-401', auto_ban: 1 });
    const spared = await f.channel({ name: 'noban', models: 'fail-401', auto_ban: 0 });

    const reply = await admin.get(`/api/channel/test/${banned}`);
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toContain('Incorrect API key provided');
    expect(reply.body.data.status_change).toBe('disabled');
    const saved = await row(banned);
    expect(saved.status).toBe(3);
    const info = JSON.parse(saved.other_info);
    expect(info.status_reason).toBe('HTTP 401: Incorrect API key provided');
    expect(info.status_time).toBeGreaterThan(0);
    expect(await abilitiesEnabled(banned)).toEqual([false]);
    const [alert] = await webhook.waitFor(1);
    expect(alert.title).toBe(`渠道「deadkey」（#${banned}）已被自动禁用`);
    expect(alert.content).toContain('Incorrect API key provided');
    expect(alert.time).toBeGreaterThan(0);

    await admin.get(`/api/channel/test/${spared}`);
    expect((await row(spared)).status).toBe(1);
  });

  it('does not disable for an error that is no dead key', async () => {
    await setOption('AutomaticDisableChannelEnabled', 'true');
    const id = await f.channel({ name: 'flaky', models: 'fail-500', auto_ban: 1 });
    const reply = await admin.get(`/api/channel/test/${id}`);
    expect(reply.body).toMatchObject({ success: false, message: 'upstream says 500' });
    expect((await row(id)).status).toBe(1);
  });

  it('disables a channel that answers slower than ChannelDisableThreshold', async () => {
    await setOption('AutomaticDisableChannelEnabled', 'true');
    await setOption('ChannelDisableThreshold', '0.2');
    const id = await f.channel({ name: 'sluggish', models: 'slow', auto_ban: 1 });
    const reply = await admin.get(`/api/channel/test/${id}`);
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toMatch(/^响应时间 0\.\d\d 秒，超过阈值 0\.2 秒（渠道已被自动禁用）$/);
    expect(reply.body.time).toBeGreaterThanOrEqual(0.4);
    const saved = await row(id);
    expect(saved.status).toBe(3);
    expect(JSON.parse(saved.other_info).status_reason).toContain('超过阈值 0.2 秒');
  });

  it('re-enables only auto-disabled channels after a successful test when AutomaticEnableChannelEnabled is on; the relay uses them again', async () => {
    const { client } = await f.customer('comeback', 100_000);
    const auto = await f.channel({ name: 'comeback', models: 'comeback' });
    const manual = await f.channel({ name: 'manual', models: 'mock-a', status: 2 });
    await autoDisable(auto);
    await t.db.query('UPDATE abilities SET enabled = false WHERE channel_id = $1', [auto]);
    const ask = () => client.chat.completions.create({ model: 'comeback', messages: [{ role: 'user', content: 'hi' }] });
    await expect(ask()).rejects.toMatchObject({ status: 503 });

    // Option off: the test passes but the channel stays disabled.
    expect((await admin.get(`/api/channel/test/${auto}`)).body.success).toBe(true);
    expect((await row(auto)).status).toBe(3);

    await setOption('AutomaticEnableChannelEnabled', 'true');
    const reply = await admin.get(`/api/channel/test/${auto}`);
    expect(reply.body).toMatchObject({ success: true, message: '测试成功，渠道已自动启用', data: { status_change: 'enabled' } });
    expect(await row(auto)).toMatchObject({ status: 1, other_info: '' });
    expect(await abilitiesEnabled(auto)).toEqual([true]);
    const [alert] = await webhook.waitFor(1);
    expect(alert.title).toBe(`渠道「comeback」（#${auto}）已被自动启用`);
    expect((await ask()).choices[0].message.content).toBe('Hello from comeback');

    expect((await admin.get(`/api/channel/test/${manual}`)).body.success).toBe(true);
    expect((await row(manual)).status).toBe(2);
  });

  it('gives up after the model timeout of model_req_config and says so', async () => {
    const id = await f.channel({ name: 'timeout', models: 'slow' });
    await t.db.query(`UPDATE channels SET model_req_config = '{"slow":0.1}' WHERE id = $1`, [id]);
    const reply = await admin.get(`/api/channel/test/${id}`);
    expect(reply.body).toMatchObject({ success: false, message: '测试超时：上游 0.1 秒内没有答完' });
    expect(reply.body.time).toBeLessThan(0.4);
  });

    it('alerts when the relay itself disables a channel', async () => {
    await setOption('AutomaticDisableChannelEnabled', 'true');
    const id = await f.channel({ name: 'relaydead', models: 'dead-key', model_mapping: '{"dead-key":"fail-401"}', auto_ban: 1 });
    const { client } = await f.customer('relaydead', 100_000);
    await expect(client.chat.completions.create({ model: 'dead-key', messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ status: 502 });
    const [alert] = await webhook.waitFor(1);
    expect(alert.title).toBe(`渠道「relaydead」（#${id}）已被自动禁用`);
  });

  it('answers a clear message for an unknown channel or one without a model', async () => {
    expect((await admin.get('/api/channel/test/999999')).body).toMatchObject({ success: false, message: '渠道不存在，请刷新后重试' });
    const id = await f.channel({ name: 'nomodels', models: 'mock-a' });
    await t.db.query(`UPDATE channels SET models = '', test_model = '' WHERE id = $1`, [id]);
    expect((await admin.get(`/api/channel/test/${id}`)).body).toMatchObject({ success: false, message: '该渠道没有可用于测试的模型，请先设置测试模型或模型列表' });
  });

  it('sends no alert while AlertEnabled is off', async () => {
    await setOption('AlertEnabled', 'false');
    await setOption('AutomaticDisableChannelEnabled', 'true');
    const id = await f.channel({ name: 'quiet', models: 'fail-401', auto_ban: 1 });
    await admin.get(`/api/channel/test/${id}`);
    expect((await row(id)).status).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(webhook.received).toEqual([]);
  });
});
