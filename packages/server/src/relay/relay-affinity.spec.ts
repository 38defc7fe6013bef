import { randomBytes, randomUUID } from 'node:crypto';
import Anthropic from '@anthropic-ai/sdk';
import Redis from 'ioredis';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChannelCooldown } from '../channel-limits/channel-cooldown.service';
import { maskKey } from '../channels/key-mask';
import { MOCK_PROMPT_CACHE_TOKENS, MockAnthropicUpstream } from '../../test/mock-anthropic-upstream';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { multiKeyChannel } from '../../test/multi-key-channel';
import { type RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { type SecondInstance, startSecondInstance } from '../../test/test-app';
import { TEST_REDIS_URL } from '../../test/test-env';
import { ChannelCacheService } from './channel-cache.service';
import type { RouteStep } from './route-trail';

const CLAUDE_MODELS = ['claude-prompt-cache', 'claude-mk-session'];
const MODELS = [
  ...CLAUDE_MODELS,
  'aff-users',
  'aff-disabled',
  'aff-cooling',
  'aff-dead-key',
  'aff-ttl',
  'aff-renew',
  'aff-shared',
  'aff-counts',
  'aff-retry',
  'aff-limit',
  'aff-header',
  'aff-header-down',
  'aff-token',
  'aff-off',
];
const SYSTEM = 'You are Claude Code, Anthropic’s official CLI for Claude.';
const hi = [{ role: 'user' as const, content: 'hi' }];

/** What Claude Code sends as metadata.user_id: the account, and a new session id per conversation. */
const claudeCodeUser = () => `user_${randomBytes(32).toString('hex')}_account_${randomUUID()}_session_${randomUUID()}`;
const otherOf = (log: { other: string }) => JSON.parse(log.other) as { affinity?: string; route?: RouteStep[] };
const attemptsOf = (log: { attempts_log: string }) => JSON.parse(log.attempts_log) as Array<{ channel_id: number; key_id?: number; status: number }>;

describe('sticky routing and the route trail (DESIGN.md §5.9, Redis)', () => {
  let f: RelayFixture;
  let anthropic: MockAnthropicUpstream;
  let openai: MockOpenAiUpstream;
  let second: SecondInstance;
  let origin: string;
  let redis: Redis;

  const setOption = async (key: string, value: string) => expect((await f.admin.put('/api/option/').send({ key, value })).body).toMatchObject({ success: true });
  /** An OpenAI chat call; `session` goes in prompt_cache_key, as Codex and the OpenAI SDKs send it. */
  const chat = (instance: { http: () => TestAgent }, key: string, model: string, session?: string, extra: Record<string, unknown> = {}) =>
    instance
      .http()
      .post('/v1/chat/completions')
      .set('authorization', `Bearer ${key}`)
      .send({ model, messages: hi, ...(session === undefined ? {} : { prompt_cache_key: session }), ...extra });
  /** Two channels of the same priority and weight serving `model` on the OpenAI mock, each with its own key. */
  const equalPair = async (model: string) => [
    await f.channel({ name: `${model}-a`, models: model, key: `sk-${model}-a` }),
    await f.channel({ name: `${model}-b`, models: model, key: `sk-${model}-b` }),
  ];
  const counts = async (): Promise<Record<string, number>> => {
    const reply = await f.admin.get('/api/channel/affinity/counts');
    expect(reply.body.success).toBe(true);
    return reply.body.data;
  };

  beforeAll(async () => {
    anthropic = await new MockAnthropicUpstream().start();
    openai = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 2, channelDefaults: { type: 1, key: 'sk-openai-default', base_url: openai.url } });
    origin = f.baseURL.replace(/\/v1$/, '');
    second = await startSecondInstance(f.t);
    redis = new Redis(TEST_REDIS_URL);
    await setOption('RetryTimes', '2');
  });
  afterAll(async () => {
    redis.disconnect();
    await second.close();
    await f.t.close();
    await anthropic.stop();
    await openai.stop();
  });

  describe('a Claude Code session through the official Anthropic SDK', () => {
    it('keeps 20 turns of one session on one of two equal channels, which reads its prompt cache from the second turn; 20 sessions use both', async () => {
      const channels = [
        await f.channel({ name: 'claude-a', type: 14, key: 'sk-ant-affinity-a', base_url: anthropic.url, models: 'claude-prompt-cache' }),
        await f.channel({ name: 'claude-b', type: 14, key: 'sk-ant-affinity-b', base_url: anthropic.url, models: 'claude-prompt-cache' }),
      ];
      const { key, userId } = await f.customer('aff-claude', 100_000_000);
      const client = new Anthropic({ apiKey: key, baseURL: origin, maxRetries: 0 });
      const session = claudeCodeUser();
      const messages: Anthropic.MessageParam[] = [];
      for (let turn = 1; turn <= 20; turn++) {
        messages.push({ role: 'user', content: `Question ${turn}` });
        const reply = await client.messages.create({ model: 'claude-prompt-cache', max_tokens: 200, system: SYSTEM, messages, metadata: { user_id: session } });
        const [block] = reply.content;
        expect(block).toMatchObject({ type: 'text', text: `Hello from claude-prompt-cache, turn ${turn}` });
        messages.push({ role: 'assistant', content: block.type === 'text' ? block.text : '' });
      }

      const logs = await f.logsOf(userId, 20);
      const bound = logs[0].channel;
      expect(channels).toContain(bound);
      expect(logs.map((log) => log.channel)).toEqual(Array(20).fill(bound));
      expect(logs.map((log) => otherOf(log).affinity)).toEqual(['miss', ...Array(19).fill('hit')]);
      // The first turn wrote the prompt cache at the bound channel's key; every later turn read it there.
      expect(Number(logs[0].cache_creation_input_tokens)).toBe(MOCK_PROMPT_CACHE_TOKENS);
      expect(Number(logs[1].cache_read_input_tokens)).toBe(MOCK_PROMPT_CACHE_TOKENS);
      expect(logs.slice(1).every((log) => Number(log.cache_read_input_tokens) === MOCK_PROMPT_CACHE_TOKENS)).toBe(true);
      expect(otherOf(logs[0]).route).toEqual([{ via: 'weight', ch: bound, tier: 0, n: 2, w: 1, of: 2 }]);
      expect(otherOf(logs[1]).route).toEqual([{ via: 'affinity', ch: bound, tier: 0, n: 2 }]);
      // The upstream received the session's metadata as Claude Code sent it.
      expect(anthropic.seen.filter((seen) => seen.body.metadata?.user_id === session)).toHaveLength(20);

      for (let i = 0; i < 20; i++) {
        await client.messages.create({ model: 'claude-prompt-cache', max_tokens: 200, system: SYSTEM, messages: [{ role: 'user', content: 'Question 1' }], metadata: { user_id: claudeCodeUser() } });
      }
      const sessions = (await f.logsOf(userId, 40)).slice(20);
      expect(sessions.map((log) => otherOf(log).affinity)).toEqual(Array(20).fill('miss'));
      // Each new session is a weighted draw: both equal channels take some (all on one: 2 × 2⁻²⁰).
      for (const channel of channels) expect(sessions.filter((log) => log.channel === channel).length).toBeGreaterThan(0);
    });

    it('keeps a session on one key of a polling multi-key channel, which would otherwise rotate them', async () => {
      const keys = ['sk-ant-mk-one-0001', 'sk-ant-mk-two-0002', 'sk-ant-mk-three-0003'];
      const { id, keyIds } = await multiKeyChannel(f, [f.t, second], { name: 'claude-mk', type: 14, base_url: anthropic.url, models: 'claude-mk-session' }, 'polling', keys);
      const { key, userId } = await f.customer('aff-claude-mk', 100_000_000);
      const client = new Anthropic({ apiKey: key, baseURL: origin, maxRetries: 0 });
      const session = claudeCodeUser();
      const messages: Anthropic.MessageParam[] = [];
      for (let turn = 1; turn <= 20; turn++) {
        messages.push({ role: 'user', content: `Question ${turn}` });
        await client.messages.create({ model: 'claude-mk-session', max_tokens: 200, messages, metadata: { user_id: session } });
        messages.push({ role: 'assistant', content: `Answer ${turn}` });
      }
      const logs = await f.logsOf(userId, 20);
      const keyId = attemptsOf(logs[0])[0].key_id!;
      expect(keyIds).toContain(keyId);
      expect(logs.map((log) => attemptsOf(log).map((attempt) => attempt.key_id))).toEqual(Array(20).fill([keyId]));
      expect(new Set(anthropic.seen.filter((seen) => seen.body.metadata?.user_id === session).map((seen) => seen.apiKey))).toEqual(new Set([keys[keyIds.indexOf(keyId)]]));
      expect(otherOf(logs[1]).route).toEqual([{ via: 'affinity', ch: id, tier: 0, n: 1, key: maskKey(keys[keyIds.indexOf(keyId)]) }]);

      // Without a session the same channel takes its keys in turn.
      for (let i = 0; i < 3; i++) await client.messages.create({ model: 'claude-mk-session', max_tokens: 200, messages: hi });
      const rotated = (await f.logsOf(userId, 23)).slice(20).map((log) => attemptsOf(log)[0].key_id);
      expect(new Set(rotated).size).toBe(3);
    });
  });

  it('never lets one user’s session identity steer another user’s requests, and stores only a hash of it', async () => {
    const channels = await equalPair('aff-users');
    const alice = await f.customer('aff-alice', 1_000_000);
    const bob = await f.customer('aff-bob', 1_000_000);
    const identity = `shared-identity-${randomUUID()}`;
    expect((await chat(f.t, alice.key, 'aff-users', identity)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await chat(f.t, bob.key, 'aff-users', identity)).status).toBe(200);
    expect((await chat(f.t, alice.key, 'aff-users', identity)).status).toBe(200);
    const [aliceFirst, aliceSecond] = await f.logsOf(alice.userId, 2);
    const bobs = await f.logsOf(bob.userId, 3);
    // Bob's first request found no binding (Alice's is hers alone); his next ones found his own.
    expect(bobs.map((log) => otherOf(log).affinity)).toEqual(['miss', 'hit', 'hit']);
    expect(otherOf(aliceSecond)).toMatchObject({ affinity: 'hit' });
    expect(aliceSecond.channel).toBe(aliceFirst.channel);
    expect(channels).toContain(bobs[0].channel);

    const stored = await redis.keys(`${f.t.config.redisPrefix}:aff:*`);
    const bindings = stored.filter((name) => name.includes(':aff-users:'));
    expect(bindings.map((name) => name.split(':aff:')[1].split(':')[0]).sort()).toEqual([String(alice.userId), String(bob.userId)].sort());
    expect(stored.some((name) => name.includes(identity))).toBe(false);
    for (const name of bindings) expect(await redis.get(name)).not.toContain(identity);
  });

  it('moves a session off a disabled bound channel and keeps it where it moved', async () => {
    const channels = await equalPair('aff-disabled');
    const { key, userId } = await f.customer('aff-disabled', 1_000_000);
    const session = randomUUID();
    await chat(f.t, key, 'aff-disabled', session);
    const [first] = await f.logsOf(userId);
    const bound = first.channel;
    const other = channels.find((id) => id !== bound)!;

    expect((await f.admin.put('/api/channel/').send({ id: bound, status: 2 })).body.success).toBe(true);
    await vi.waitFor(async () => expect((await f.t.app.get(ChannelCacheService).candidates('default', 'aff-disabled')).map((candidate) => candidate.channel.id)).toEqual([other]));
    expect((await chat(f.t, key, 'aff-disabled', session)).status).toBe(200);
    expect((await f.admin.put('/api/channel/').send({ id: bound, status: 1 })).body.success).toBe(true);
    await vi.waitFor(async () => expect(await f.t.app.get(ChannelCacheService).candidates('default', 'aff-disabled')).toHaveLength(2));
    expect((await chat(f.t, key, 'aff-disabled', session)).status).toBe(200);

    const [, moved, back] = await f.logsOf(userId, 3);
    expect(moved).toMatchObject({ channel: other });
    expect(otherOf(moved)).toMatchObject({ affinity: 'moved', route: [{ via: 'weight', ch: other, tier: 0, n: 1, w: 1, of: 1 }] });
    // The binding was rewritten: enabled again, the first channel does not take the session back.
    expect(back).toMatchObject({ channel: other });
    expect(otherOf(back)).toMatchObject({ affinity: 'hit' });
  });

  it('never honours a binding to a cooling channel: the session moves, and the trail says which channel was skipped', async () => {
    const channels = await equalPair('aff-cooling');
    const { key, userId } = await f.customer('aff-cooling', 1_000_000);
    const session = randomUUID();
    await chat(f.t, key, 'aff-cooling', session);
    const bound = (await f.logsOf(userId))[0].channel;
    const other = channels.find((id) => id !== bound)!;
    const cooldown = f.t.app.get(ChannelCooldown);
    for (let i = 0; i < 3; i++) await cooldown.failed(bound, 'HTTP 500: test');
    expect(cooldown.cooling([bound]).has(bound)).toBe(true);

    expect((await chat(f.t, key, 'aff-cooling', session)).status).toBe(200);
    await cooldown.succeeded(bound);
    expect((await chat(f.t, key, 'aff-cooling', session)).status).toBe(200);
    const [, moved, after] = await f.logsOf(userId, 3);
    expect(moved).toMatchObject({ channel: other });
    expect(otherOf(moved)).toMatchObject({
      affinity: 'moved',
      route: [
        { via: 'cooldown-skip', chs: [bound] },
        { via: 'weight', ch: other, tier: 0, n: 1, w: 1, of: 1 },
      ],
    });
    expect(after).toMatchObject({ channel: other });
    expect(otherOf(after)).toMatchObject({ affinity: 'hit' });
  });

  it('moves a session to another key when its bound key turns out dead, and binds it there', async () => {
    const keys = ['sk-aff-dead-key-one-000001', 'sk-aff-dead-key-two-000002'];
    const { id, keyIds } = await multiKeyChannel(f, [f.t, second], { name: 'aff-dead-key', models: 'aff-dead-key' }, 'random', keys);
    await setOption('AutomaticDisableChannelEnabled', 'true');
    const { key, userId } = await f.customer('aff-dead-key', 1_000_000);
    const session = randomUUID();
    await chat(f.t, key, 'aff-dead-key', session);
    const boundKey = attemptsOf((await f.logsOf(userId))[0])[0].key_id!;
    const deadKey = keys[keyIds.indexOf(boundKey)];
    const liveId = keyIds.find((keyId) => keyId !== boundKey)!;
    openai.deadKeys.add(deadKey);
    try {
      for (let i = 0; i < 3; i++) expect((await chat(f.t, key, 'aff-dead-key', session)).status).toBe(200);
    } finally {
      openai.deadKeys.delete(deadKey);
      await setOption('AutomaticDisableChannelEnabled', 'false');
    }
    const [, moved, ...after] = await f.logsOf(userId, 4);
    expect(attemptsOf(moved).map((attempt) => [attempt.key_id, attempt.status])).toEqual([
      [boundKey, 401],
      [liveId, 200],
    ]);
    expect(otherOf(moved)).toMatchObject({
      affinity: 'moved',
      route: [
        { via: 'affinity', ch: id, key: maskKey(deadKey) },
        { via: 'retry', ch: id, status: 401, key: maskKey(deadKey) },
        { via: 'key', ch: id, key: maskKey(keys[keyIds.indexOf(liveId)]) },
      ],
    });
    for (const log of after) {
      expect(attemptsOf(log).map((attempt) => attempt.key_id)).toEqual([liveId]);
      expect(otherOf(log)).toMatchObject({ affinity: 'hit' });
    }
  });

  it('forgets a binding once ChannelAffinityTTL has passed', async () => {
    const channels = await equalPair('aff-ttl');
    const { key, userId } = await f.customer('aff-ttl', 1_000_000);
    await setOption('ChannelAffinityTTL', '1');
    try {
      await chat(f.t, key, 'aff-ttl', 'ttl-session');
      const bound = (await f.logsOf(userId))[0].channel;
      expect(channels).toContain(bound);
      expect((await counts())[bound]).toBe(1);
      await vi.waitFor(async () => expect((await counts())[bound]).toBeUndefined(), { timeout: 5000, interval: 100 });
      await chat(f.t, key, 'aff-ttl', 'ttl-session');
      const [, later] = await f.logsOf(userId, 2);
      expect(otherOf(later)).toMatchObject({ affinity: 'miss' });
    } finally {
      await setOption('ChannelAffinityTTL', '3600');
    }
  });

  it('writes a binding only when it is new, changed or past half its TTL', async () => {
    await f.channel({ name: 'aff-renew', models: 'aff-renew' });
    const { key, userId } = await f.customer('aff-renew', 1_000_000);
    await setOption('ChannelAffinityTTL', '2');
    try {
      await chat(f.t, key, 'aff-renew', 'renew-session');
      const name = (await redis.keys(`${f.t.config.redisPrefix}:aff:${userId}:aff-renew:*`))[0];
      const written = await redis.get(name);
      for (let i = 0; i < 3; i++) await chat(f.t, key, 'aff-renew', 'renew-session');
      // Hits within the first half of the TTL leave the binding as it was written.
      expect(await redis.get(name)).toBe(written);
      const boundAt = Number(written!.split(':')[2]);
      await vi.waitFor(() => expect(Date.now() - boundAt).toBeGreaterThan(1000), { timeout: 3000, interval: 50 });
      await chat(f.t, key, 'aff-renew', 'renew-session');
      const renewed = await redis.get(name);
      expect(Number(renewed!.split(':')[2])).toBeGreaterThan(boundAt);
      expect(await redis.pttl(name)).toBeGreaterThan(1000);
      expect((await f.logsOf(userId, 5)).map((log) => otherOf(log).affinity)).toEqual(['miss', 'hit', 'hit', 'hit', 'hit']);
    } finally {
      await setOption('ChannelAffinityTTL', '3600');
    }
  });

  it('honours on one instance the binding made on another', async () => {
    const channels = await equalPair('aff-shared');
    const { key, userId } = await f.customer('aff-shared', 1_000_000);
    // The first request (the binding) on the first instance, the second on the other, and so on.
    for (let i = 0; i < 8; i++) {
      const instance = i % 2 === 0 ? f.t : second;
      expect((await chat(instance, key, 'aff-shared', 'shared-session').set('x-request-id', `aff-shared-${i}`)).status).toBe(200);
    }
    // Each instance writes its own log batches: the rows are put in request order by their request ids.
    const logs = (await f.logsOf(userId, 8)).sort((a, b) => a.request_id.localeCompare(b.request_id));
    expect(logs.map((log) => log.request_id)).toEqual(Array.from({ length: 8 }, (_, i) => `aff-shared-${i}`));
    expect(channels).toContain(logs[0].channel);
    expect(logs.map((log) => log.channel)).toEqual(Array(8).fill(logs[0].channel));
    expect(logs.map((log) => otherOf(log).affinity)).toEqual(['miss', ...Array(7).fill('hit')]);
  });

  it('counts the sessions bound to each channel and clears a channel’s bindings, for administrators only', async () => {
    const channels = await equalPair('aff-counts');
    const { key, userId, agent } = await f.customer('aff-counts', 1_000_000);
    for (let i = 0; i < 6; i++) await chat(f.t, key, 'aff-counts', `counted-${i}`);
    const logs = await f.logsOf(userId, 6);
    const expected = (channel: number) => logs.filter((log) => log.channel === channel).length;
    const before = await counts();
    for (const channel of channels) expect(before[channel] ?? 0).toBe(expected(channel));

    expect((await agent.get('/api/channel/affinity/counts')).status).toBe(403);
    expect((await f.t.http().get('/api/channel/affinity/counts')).status).toBe(401);
    expect((await agent.post('/api/channel/affinity/clear').send({ channel_id: channels[0] })).status).toBe(403);
    expect((await f.t.http().post('/api/channel/affinity/clear').send({ channel_id: channels[0] })).status).toBe(401);
    expect((await f.admin.post('/api/channel/affinity/clear').send({ channel_id: 'x' })).body).toMatchObject({ success: false, message: '渠道不存在，请刷新后重试' });

    const cleared = await f.admin.post('/api/channel/affinity/clear').send({ channel_id: channels[0] });
    expect(cleared.body).toEqual({ success: true, message: '', data: expected(channels[0]) });
    const after = await counts();
    expect(after[channels[0]]).toBeUndefined();
    expect(after[channels[1]] ?? 0).toBe(expected(channels[1]));
    // The cleared sessions choose afresh; the others keep their channel.
    for (let i = 0; i < 6; i++) await chat(f.t, key, 'aff-counts', `counted-${i}`);
    const again = (await f.logsOf(userId, 12)).slice(6);
    again.forEach((log, i) => expect(otherOf(log).affinity).toBe(logs[i].channel === channels[0] ? 'miss' : 'hit'));
  });

  describe('the route trail', () => {
    it('records a retry after a failure, then the skip of the channel once it cools down', async () => {
      const failing = await f.channel({ name: 'route-failing', models: 'aff-retry', priority: 10, model_mapping: '{"aff-retry":"fail-500"}' });
      const healthy = await f.channel({ name: 'route-healthy', models: 'aff-retry', priority: 0 });
      const { key, userId } = await f.customer('aff-retry', 1_000_000);
      for (let i = 0; i < 4; i++) expect((await chat(f.t, key, 'aff-retry')).status).toBe(200);
      const logs = await f.logsOf(userId, 4);
      const retried = [
        { via: 'weight', ch: failing, tier: 10, n: 1, w: 1, of: 1 },
        { via: 'retry', ch: failing, status: 500 },
        { via: 'weight', ch: healthy, tier: 0, n: 1, w: 1, of: 1 },
      ];
      for (const log of logs.slice(0, 3)) expect(otherOf(log).route).toEqual(retried);
      // No session named: no affinity recorded.
      expect(otherOf(logs[0])).not.toHaveProperty('affinity');
      // Three failures in a row cool the channel down: the fourth request passes it over.
      expect(otherOf(logs[3]).route).toEqual([
        { via: 'cooldown-skip', chs: [failing] },
        { via: 'weight', ch: healthy, tier: 0, n: 1, w: 1, of: 1 },
      ]);
    });

    it('records a channel passed over at its request limit', async () => {
      const capped = await f.channel({ name: 'route-capped', models: 'aff-limit', priority: 10, model_req_limit: JSON.stringify({ rpm: 1 }) });
      const spare = await f.channel({ name: 'route-spare', models: 'aff-limit', priority: 0 });
      const { key, userId } = await f.customer('aff-limit', 1_000_000);
      for (let i = 0; i < 2; i++) expect((await chat(f.t, key, 'aff-limit')).status).toBe(200);
      const [first, second] = await f.logsOf(userId, 2);
      expect(otherOf(first).route).toEqual([{ via: 'weight', ch: capped, tier: 10, n: 1, w: 1, of: 1 }]);
      expect(otherOf(second).route).toEqual([
        { via: 'limit-skip', ch: capped, limit: 'rpm' },
        { via: 'weight', ch: spare, tier: 0, n: 1, w: 1, of: 1 },
      ]);
    });

    it('goes out as X-Gateway-Route only while RouteHeaderEnabled is on, on whole, streamed and failed replies', async () => {
      const channel = await f.channel({ name: 'route-header', models: 'aff-header' });
      await f.channel({ name: 'route-header-down', models: 'aff-header-down', model_mapping: '{"aff-header-down":"fail-500"}' });
      const { key } = await f.customer('aff-header', 1_000_000);
      const streamed = () =>
        fetch(`${f.baseURL}/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'aff-header', stream: true, messages: hi, prompt_cache_key: 'header-session' }),
        });

      const off = await chat(f.t, key, 'aff-header', 'header-session');
      expect(off.status).toBe(200);
      expect(off.headers).not.toHaveProperty('x-gateway-route');
      expect((await streamed()).headers.get('x-gateway-route')).toBeNull();

      await setOption('RouteHeaderEnabled', 'true');
      try {
        expect((await chat(f.t, key, 'aff-header')).headers['x-gateway-route']).toBe(`weight;ch=${channel}`);
        expect((await chat(f.t, key, 'aff-header', 'header-session')).headers['x-gateway-route']).toBe(`affinity;ch=${channel}`);
        const stream = await streamed();
        expect(stream.headers.get('content-type')).toContain('text/event-stream');
        expect(stream.headers.get('x-gateway-route')).toBe(`affinity;ch=${channel}`);
        expect(await stream.text()).toContain('[DONE]');
        const failed = await chat(f.t, key, 'aff-header-down');
        expect(failed.status).toBe(502);
        expect(failed.headers['x-gateway-route']).toMatch(/^weight;ch=\d+$/);
      } finally {
        await setOption('RouteHeaderEnabled', 'false');
      }
    });
  });

  it('uses the token as the session of requests naming none only with ChannelAffinityByTokenEnabled', async () => {
    await equalPair('aff-token');
    const { key, userId } = await f.customer('aff-token', 1_000_000);
    await chat(f.t, key, 'aff-token');
    await setOption('ChannelAffinityByTokenEnabled', 'true');
    try {
      for (let i = 0; i < 3; i++) await chat(f.t, key, 'aff-token');
    } finally {
      await setOption('ChannelAffinityByTokenEnabled', 'false');
    }
    const logs = await f.logsOf(userId, 4);
    expect(otherOf(logs[0])).not.toHaveProperty('affinity');
    expect(logs.slice(1).map((log) => otherOf(log).affinity)).toEqual(['miss', 'hit', 'hit']);
    expect(new Set(logs.slice(1).map((log) => log.channel)).size).toBe(1);
  });

  it('routes by weight alone while ChannelAffinityEnabled is off', async () => {
    await equalPair('aff-off');
    const { key, userId } = await f.customer('aff-off', 1_000_000);
    await setOption('ChannelAffinityEnabled', 'false');
    try {
      for (let i = 0; i < 2; i++) await chat(f.t, key, 'aff-off', 'off-session');
    } finally {
      await setOption('ChannelAffinityEnabled', 'true');
    }
    for (const log of await f.logsOf(userId, 2)) {
      expect(otherOf(log)).not.toHaveProperty('affinity');
      expect(otherOf(log).route).toEqual([expect.objectContaining({ via: 'weight', n: 2 })]);
    }
    expect(await redis.keys(`${f.t.config.redisPrefix}:aff:${userId}:*`)).toEqual([]);
  });
});

describe('sticky routing without Redis (embedded default)', () => {
  let f: RelayFixture;
  let upstream: MockOpenAiUpstream;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: ['aff-memory'], completionRatio: 2, channelDefaults: { type: 1, key: 'sk-memory', base_url: upstream.url }, env: { REDIS_URL: undefined } });
  });
  afterAll(async () => {
    await f.t.close();
    await upstream.stop();
  });

  it('keeps a session on its channel in memory, counts it and clears it', async () => {
    const channels = [await f.channel({ name: 'memory-a', models: 'aff-memory' }), await f.channel({ name: 'memory-b', models: 'aff-memory' })];
    const { client, userId } = await f.customer('aff-memory', 1_000_000);
    for (let i = 0; i < 10; i++) await client.chat.completions.create({ model: 'aff-memory', messages: hi, prompt_cache_key: 'memory-session' });
    const logs = await f.logsOf(userId, 10);
    const bound = logs[0].channel;
    expect(channels).toContain(bound);
    expect(logs.map((log) => log.channel)).toEqual(Array(10).fill(bound));
    expect(logs.map((log) => otherOf(log).affinity)).toEqual(['miss', ...Array(9).fill('hit')]);

    expect((await f.admin.get('/api/channel/affinity/counts')).body.data).toEqual({ [bound]: 1 });
    expect((await f.admin.post('/api/channel/affinity/clear').send({ channel_id: bound })).body.data).toBe(1);
    expect((await f.admin.get('/api/channel/affinity/counts')).body.data).toEqual({});
    await client.chat.completions.create({ model: 'aff-memory', messages: hi, prompt_cache_key: 'memory-session' });
    expect(otherOf((await f.logsOf(userId, 11))[10])).toMatchObject({ affinity: 'miss' });
  });
});
