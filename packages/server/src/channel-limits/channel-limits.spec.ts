import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { type SecondInstance, startSecondInstance } from '../../test/test-app';
import { ChannelLimiter } from './channel-limiter.service';
import { DAY_BUCKET_MS, MINUTE_BUCKET_MS, parseRequestLimits, reachedLimit } from './request-limits';
import { WindowCounters } from './window-counters';

describe('request limits (unit)', () => {
  it('reads model_req_limit, where a missing or 0 limit is none', () => {
    expect(parseRequestLimits('')).toBeUndefined();
    expect(parseRequestLimits('{"rpm":0}')).toBeUndefined();
    expect(parseRequestLimits('not json')).toBeUndefined();
    expect(parseRequestLimits('{"rpm":10,"tpd":10000,"other":5}')).toEqual({ rpm: 10, rpd: 0, tpm: 0, tpd: 10000 });
    expect(reachedLimit({ rpm: 10, rpd: 10, tpm: 0, tpd: 0 }, { rpm: 10, rpd: 0, tpm: 0, tpd: 0 })).toBe('rpm');
    expect(reachedLimit({ rpm: 9, rpd: 500, tpm: 0, tpd: 0 }, { rpm: 10, rpd: 0, tpm: 0, tpd: 0 })).toBeUndefined();
  });

  it('slides the minute and day windows bucket by bucket', () => {
    const counters = new WindowCounters();
    const start = 1_000 * DAY_BUCKET_MS;
    counters.add(7, start, 2, 3000);
    expect(counters.usage(7, start)).toEqual({ rpm: 2, rpd: 2, tpm: 3, tpd: 3 });
    // A minute later the requests have left the minute window but not the day's.
    expect(counters.usage(7, start + 12 * MINUTE_BUCKET_MS)).toEqual({ rpm: 0, rpd: 2, tpm: 0, tpd: 3 });
    expect(counters.usage(7, start + 144 * DAY_BUCKET_MS)).toEqual({ rpm: 0, rpd: 0, tpm: 0, tpd: 0 });
    expect(counters.usage(8, start)).toEqual({ rpm: 0, rpd: 0, tpm: 0, tpd: 0 });
  });
});

const backends: Array<[string, Record<string, string | undefined>]> = [
  ['Redis', {}],
  ['memory', { REDIS_URL: undefined }],
];

describe.each(backends)('channel request limits in the relay (%s counters)', (_name, env) => {
  let f: RelayFixture;
  let upstream: MockOpenAiUpstream;
  let onlyId: number;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: ['limited-a', 'limited-b'], completionRatio: 1, channelDefaults: { type: 1, key: 'sk-upstream', base_url: upstream.url }, env });
  });
  afterAll(async () => {
    await f.t.close();
    await upstream.stop();
  });

  const channelsServed = async (userId: number, count: number) => (await f.logsOf(userId, count)).map((log: { channel_name: string; type: number }) => log.type === 2 ? log.channel_name : 'error');

  it('passes over a channel at its RPM for the next tier, and refuses when every channel is at its limit', async () => {
    await f.channel({ name: 'capped', models: 'limited-a', priority: 10, model_req_limit: JSON.stringify({ rpm: 3 }) });
    await f.channel({ name: 'spare', models: 'limited-a', priority: 0 });
    const { client, userId } = await f.customer('limits', 1_000_000);
    for (let i = 0; i < 5; i++) await client.chat.completions.create({ model: 'limited-a', messages: [{ role: 'user', content: 'hi' }] });
    expect(await channelsServed(userId, 5)).toEqual(['capped', 'capped', 'capped', 'spare', 'spare']);
  });

  it('says which limit was reached when no channel is left, and the monitor shows the use', async () => {
    const id = await f.channel({ name: 'only', models: 'limited-b', model_req_limit: JSON.stringify({ rpd: 2, tpm: 1 }) });
    onlyId = id;
    const { client, userId } = await f.customer('limits-b', 1_000_000);
    await client.chat.completions.create({ model: 'limited-b', messages: [{ role: 'user', content: 'hi' }] });
    // 982 more tokens fill the TPM limit of 1 000: the next call finds the channel full.
    await f.t.app.get(ChannelLimiter).addTokens(id, 982);
    await expect(client.chat.completions.create({ model: 'limited-b', messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({
      status: 429,
      message: expect.stringContaining(`均已达到请求限制：渠道「only」（#${id}）的 TPM`),
    });
    const monitor = await f.admin.get(`/api/channel/monitor/${id}`);
    expect(monitor.body).toMatchObject({ success: true, data: { rpm: 1, rpd: 1, tpm: 1, tpd: 1 } });
    await channelsServed(userId, 2);
  });

  it('shows the use of a channel without limits from its usage logs, to admins only', async () => {
    const id = await f.channel({ name: 'free', models: 'limited-b', priority: -5 });
    const { client, userId, agent } = await f.customer('limits-c', 1_000_000);
    expect((await f.admin.put('/api/channel/').send({ id: onlyId, status: 2 })).body.success).toBe(true);
    await client.chat.completions.create({ model: 'limited-b', messages: [{ role: 'user', content: 'hi' }] });
    await channelsServed(userId, 1);
    const monitor = await f.admin.get(`/api/channel/monitor/${id}`);
    expect(monitor.body).toMatchObject({ success: true, data: { rpm: 1, rpd: 1, tpm: 0.018, tpd: 0.018 } });
    expect((await agent.get(`/api/channel/monitor/${id}`)).status).toBe(403);
    expect((await f.admin.get('/api/channel/monitor/99999')).body).toMatchObject({ success: false, message: '渠道不存在' });
  });
});

describe('channel request limits across two instances sharing Redis', () => {
  let f: RelayFixture;
  let second: SecondInstance;
  let upstream: MockOpenAiUpstream;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: ['shared-limit'], completionRatio: 1, channelDefaults: { type: 1, key: 'sk-upstream', base_url: upstream.url } });
    second = await startSecondInstance(f.t);
  });
  afterAll(async () => {
    await second.close();
    await f.t.close();
    await upstream.stop();
  });

  it('keeps the window in total: 10 parallel calls through both instances, RPM 4, four served', async () => {
    await f.channel({ name: 'shared', models: 'shared-limit', model_req_limit: JSON.stringify({ rpm: 4 }) });
    const { key, userId } = await f.customer('shared-limit', 1_000_000);
    const call = (instance: number) =>
      (instance === 0 ? f.t.http() : second.http())
        .post('/v1/chat/completions')
        .set('authorization', `Bearer ${key}`)
        .send({ model: 'shared-limit', messages: [{ role: 'user', content: 'hi' }] });
    const replies = await Promise.all(Array.from({ length: 10 }, (_, index) => call(index % 2)));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(4);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(6);
    expect(upstream.seen.filter((seen) => seen.body.model === 'shared-limit')).toHaveLength(4);
    await f.logsOf(userId, 4);
  });
});
