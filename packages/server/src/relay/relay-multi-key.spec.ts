import { randomBytes } from 'node:crypto';
import { CHANNEL_KEY_STATUS, CHANNEL_STATUS } from '@gw/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChannelEvents } from '../channels/channel-events';
import { maskKey } from '../channels/key-mask';
import { LogWriterService } from '../logs/log-writer.service';
import { RedisService } from '../redis/redis.service';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { type RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { type Instance, multiKeyChannel } from '../../test/multi-key-channel';
import { type SecondInstance, startSecondInstance } from '../../test/test-app';
import { QuotaLedgerService } from './billing/quota-ledger.service';
import { ChannelCacheService } from './channel-cache.service';
import { leaseSize } from './key-selector';
import { KeyUsage } from './key-usage';

const MODELS = ['mk-random', 'mk-polling', 'mk-dead', 'mk-burst', 'mk-noban', 'mk-alldead', 'mk-alone', 'mk-limited', 'mk-count', 'mk-memory'];
const hi = [{ role: 'user' as const, content: 'hi' }];
/** The mock's usage: 11 prompt + 7 completion tokens. */
const MOCK_TOKENS = 18;

/** A key long enough to be masked wherever an upstream quotes it (channel-key-redaction.ts). */
const newKey = (label: string) => `sk-${label}-${randomBytes(12).toString('hex')}`;

interface LoggedAttempt {
  channel_id: number;
  key_id?: number;
  key?: string;
  status: number;
  error?: string;
}
const attemptsOf = (log: { attempts_log: string }): LoggedAttempt[] => JSON.parse(log.attempts_log);

describe('multi-key channels in the relay (DESIGN.md §5.8)', () => {
  let f: RelayFixture;
  let upstream: MockOpenAiUpstream;
  let second: SecondInstance;
  let both: Instance[];
  /** Every key used here and every reply a client got: no key may appear in clear in a reply or a log row. */
  const allKeys: string[] = [];
  const replies: string[] = [];

  const keysOf = (...labels: string[]) => {
    const keys = labels.map(newKey);
    allKeys.push(...keys);
    return keys;
  };
  const hitsOf = (key: string) => upstream.seen.filter((seen) => seen.authorization === `Bearer ${key}`).length;
  const keyRow = async (id: number) => (await f.t.db.query('SELECT * FROM channel_keys WHERE id = $1', [id]))[0];
  const ask = async (instance: Instance, key: string, model: string) => {
    const reply = await instance.http().post('/v1/chat/completions').set('authorization', `Bearer ${key}`).send({ model, messages: hi });
    replies.push(reply.text);
    return reply;
  };
  const setOption = async (key: string, value: string) => expect((await f.admin.put('/api/option/').send({ key, value })).body.success).toBe(true);

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 2, channelDefaults: { type: 1, key: 'sk-single-key-channel', base_url: upstream.url } });
    second = await startSecondInstance(f.t);
    both = [f.t, second];
    await setOption('RetryTimes', '0');
    await setOption('AutomaticDisableChannelEnabled', 'true');
  });
  afterAll(async () => {
    await second.close();
    await f.t.close();
    await upstream.stop();
  });

  it('random: spreads the requests over every key, and logs which key served each', async () => {
    const keys = keysOf('r1', 'r2', 'r3');
    const { id, keyIds } = await multiKeyChannel(f, both, { name: 'random', models: 'mk-random' }, 'random', keys);
    const { key, userId } = await f.customer('mk-random', 1_000_000);
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => ask(f.t, key, 'mk-random')));
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    }
    const hits = keys.map(hitsOf);
    expect(hits.reduce((sum, count) => sum + count, 0)).toBe(60);
    // Uniform over three keys: a key left out of 60 draws has a chance of 3 × (2/3)^60 ≈ 10⁻¹⁰.
    for (const count of hits) expect(count).toBeGreaterThan(0);
    const logs = await f.logsOf(userId, 60);
    for (const log of logs) {
      const [attempt] = attemptsOf(log);
      expect(log.channel).toBe(id);
      expect(attempt).toMatchObject({ channel_id: id, status: 200 });
      expect(attempt.key).toBe(maskKey(keys[keyIds.indexOf(attempt.key_id!)]));
    }
  });

  it('polling: each of two instances sharing Redis takes the keys strictly in turn from its own block of the shared count', async () => {
    const keys = keysOf('p1', 'p2', 'p3');
    const { id } = await multiKeyChannel(f, both, { name: 'polling', models: 'mk-polling' }, 'polling', keys);
    const { key } = await f.customer('mk-polling', 1_000_000);
    for (let i = 0; i < 7; i++) expect((await ask(both[i % 2], key, 'mk-polling')).status).toBe(200);
    const order = upstream.seen.filter((seen) => seen.body.model === 'mk-polling').map((seen) => keys.indexOf(seen.authorization.slice('Bearer '.length)));
    // Requests alternate between the instances: the first's turns are 0, 1, 2, 0 and the second's 0, 1, 2.
    expect(order).toEqual([0, 0, 1, 1, 2, 2, 0]);
    // Each leased one block (whole rounds of the three keys) from the one counter: Redis was asked twice, not seven times.
    const counter = await f.t.app.get(RedisService).client.get(`${f.t.config.redisPrefix}:chkey:${id}`);
    expect(Number(counter)).toBe(2 * leaseSize(keys.length));
  });

  it('a dead key: the request is served by another key of the channel, the key is disabled and never used again', async () => {
    const keys = keysOf('d1', 'd2', 'd3');
    upstream.deadKeys.add(keys[0]);
    // Polling: the first request tries the first key, the dead one.
    const { id, keyIds } = await multiKeyChannel(f, both, { name: 'dead-key', models: 'mk-dead' }, 'polling', keys);
    const { key, userId } = await f.customer('mk-dead', 1_000_000);
    const first = await ask(f.t, key, 'mk-dead');
    expect(first.status).toBe(200);
    expect(first.body.choices[0].message.content).toBe('Hello from mk-dead');
    const [log] = await f.logsOf(userId);
    const attempts = attemptsOf(log);
    // RetryTimes is 0: the second key is a retry inside the channel, not a retry on another channel.
    expect(attempts).toMatchObject([
      { channel_id: id, key_id: keyIds[0], key: maskKey(keys[0]), status: 401 },
      { channel_id: id, key_id: keyIds[1], key: maskKey(keys[1]), status: 200 },
    ]);
    expect(attempts[0].error).toContain('Incorrect API key provided');
    const dead = await keyRow(keyIds[0]);
    expect(dead).toMatchObject({ status: CHANNEL_KEY_STATUS.AUTO_DISABLED, status_reason: expect.stringContaining('HTTP 401') });
    expect(Number(dead.status_time)).toBeGreaterThan(0);
    expect(dead.last_error).toContain('Incorrect API key provided');
    expect(dead.last_error).not.toContain(keys[0]);
    expect((await f.t.db.query('SELECT status FROM channels WHERE id = $1', [id]))[0].status).toBe(CHANNEL_STATUS.ENABLED);

    // The other instance hears of the disabled key over the bus.
    await vi.waitFor(async () => expect((await second.app.get(ChannelCacheService).candidates('default', 'mk-dead'))[0].channel.keys.map((k) => k.id)).not.toContain(keyIds[0]));
    for (let i = 0; i < 8; i++) expect((await ask(both[i % 2], key, 'mk-dead')).status).toBe(200);
    expect(hitsOf(keys[0])).toBe(1);
    expect(hitsOf(keys[1]) + hitsOf(keys[2])).toBe(9);
  });

  it('50 clients at once with one dead key of three: none sees an error, the key is disabled and then never used', async () => {
    const keys = keysOf('b1', 'b2', 'b3');
    upstream.deadKeys.add(keys[0]);
    const { keyIds } = await multiKeyChannel(f, both, { name: 'burst', models: 'mk-burst' }, 'random', keys);
    const { key, userId } = await f.customer('mk-burst', 10_000_000);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => ask(both[i % 2], key, 'mk-burst')));
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect((await keyRow(keyIds[0])).status).toBe(CHANNEL_KEY_STATUS.AUTO_DISABLED);
    // Requests that chose the key before its first 401 came back still reach it, each once at most;
    // every one of them was served by another key of the channel.
    const logs = await f.logsOf(userId, 50);
    const deadTries = logs.map((log) => attemptsOf(log).filter((attempt) => attempt.key_id === keyIds[0]).length);
    expect(Math.max(...deadTries)).toBe(1);
    expect(deadTries.reduce((sum, count) => sum + count, 0)).toBe(hitsOf(keys[0]));
    for (const log of logs) expect(attemptsOf(log).at(-1)).toMatchObject({ status: 200 });

    await vi.waitFor(async () => expect((await second.app.get(ChannelCacheService).candidates('default', 'mk-burst'))[0].channel.keys).toHaveLength(2));
    const hitsAfterBurst = hitsOf(keys[0]);
    const later = await Promise.all(Array.from({ length: 20 }, (_, i) => ask(both[i % 2], key, 'mk-burst')));
    expect(later.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(hitsOf(keys[0])).toBe(hitsAfterBurst);
  });

  it('with auto_ban off a dead key is passed over but stays enabled, its error recorded', async () => {
    const keys = keysOf('n1', 'n2');
    upstream.deadKeys.add(keys[0]);
    const { keyIds } = await multiKeyChannel(f, [f.t], { name: 'no-ban', models: 'mk-noban', auto_ban: 0 }, 'polling', keys);
    const { key, userId } = await f.customer('mk-noban', 1_000_000);
    for (let i = 0; i < 3; i++) expect((await ask(f.t, key, 'mk-noban')).status).toBe(200);
    const logs = await f.logsOf(userId, 3);
    expect(attemptsOf(logs[0]).map((attempt) => [attempt.key_id, attempt.status])).toEqual([
      [keyIds[0], 401],
      [keyIds[1], 200],
    ]);
    // Cooling after its 401, the key is not tried again by the next requests of this instance.
    expect(logs.slice(1).map((log) => attemptsOf(log).map((attempt) => attempt.key_id))).toEqual([[keyIds[1]], [keyIds[1]]]);
    await f.t.app.get(KeyUsage).flush();
    const row = await keyRow(keyIds[0]);
    expect(row).toMatchObject({ status: CHANNEL_KEY_STATUS.ENABLED, status_reason: '', last_error: expect.stringContaining('HTTP 401') });
    expect(row.last_error).not.toContain(keys[0]);
  });

  it('every key dead: the channel is disabled with them and the request goes to another channel', async () => {
    await setOption('RetryTimes', '1');
    try {
      const keys = keysOf('x1', 'x2');
      keys.forEach((deadKey) => upstream.deadKeys.add(deadKey));
      const multi = await multiKeyChannel(f, both, { name: 'all-dead', models: 'mk-alldead', priority: 10 }, 'polling', keys);
      const single = await f.channel({ name: 'fallback', models: 'mk-alldead', priority: 0 });
      for (const instance of both) await instance.app.get(ChannelEvents).changed();
      const { key, userId } = await f.customer('mk-alldead', 1_000_000);
      const reply = await ask(f.t, key, 'mk-alldead');
      expect(reply.status).toBe(200);
      const [log] = await f.logsOf(userId);
      expect(log.channel).toBe(single);
      expect(attemptsOf(log).map((attempt) => [attempt.channel_id, attempt.key_id, attempt.status])).toEqual([
        [multi.id, multi.keyIds[0], 401],
        [multi.id, multi.keyIds[1], 401],
        [single, undefined, 200],
      ]);
      for (const keyId of multi.keyIds) expect((await keyRow(keyId)).status).toBe(CHANNEL_KEY_STATUS.AUTO_DISABLED);
      const [channel] = await f.t.db.query('SELECT status, other_info FROM channels WHERE id = $1', [multi.id]);
      expect(channel.status).toBe(CHANNEL_STATUS.AUTO_DISABLED);
      expect(JSON.parse(channel.other_info).status_reason).toBe('所有密钥均已被禁用');
    } finally {
      await setOption('RetryTimes', '0');
    }
  });

  it('every key dead and no other channel: the gateway error, without the keys or the upstream 401', async () => {
    const keys = keysOf('y1', 'y2');
    keys.forEach((deadKey) => upstream.deadKeys.add(deadKey));
    const { id } = await multiKeyChannel(f, both, { name: 'alone', models: 'mk-alone' }, 'random', keys);
    const { key } = await f.customer('mk-alone', 1_000_000);
    const reply = await ask(f.t, key, 'mk-alone');
    expect(reply.status).toBe(502);
    expect(reply.body.error).toMatchObject({ type: 'upstream_error', code: 'upstream_failed' });
    expect(reply.body.error.message).not.toContain('Incorrect API key');
    expect((await f.t.db.query('SELECT status FROM channels WHERE id = $1', [id]))[0].status).toBe(CHANNEL_STATUS.AUTO_DISABLED);
    // The channel left the cache with its last key: no channel serves the model now.
    expect((await ask(f.t, key, 'mk-alone')).status).toBe(503);
  });

  it('a 429 on one key: the request is served by another key of the same channel, and the channel is not cooled', async () => {
    const keys = keysOf('l1', 'l2');
    upstream.limitedKeys.add(keys[0]);
    const { id, keyIds } = await multiKeyChannel(f, both, { name: 'limited', models: 'mk-limited' }, 'polling', keys);
    const { key, userId } = await f.customer('mk-limited', 1_000_000);
    for (let i = 0; i < 3; i++) expect((await ask(f.t, key, 'mk-limited')).status).toBe(200);
    const logs = await f.logsOf(userId, 3);
    expect(logs.map((log) => attemptsOf(log).map((attempt) => [attempt.key_id, attempt.status]))).toEqual([
      [
        [keyIds[0], 429],
        [keyIds[1], 200],
      ],
      // The limited key cools down on this instance: the other key first.
      [[keyIds[1], 200]],
      [[keyIds[1], 200]],
    ]);
    expect((await keyRow(keyIds[0])).status).toBe(CHANNEL_KEY_STATUS.ENABLED);
    const listed = (await f.admin.get('/api/channel/search').query({ keyword: 'limited' })).body.data.items;
    expect(listed.find((channel: { id: number }) => channel.id === id)).toMatchObject({ cooldown_until: 0 });
  });

  it('counts requests, tokens and the last use of each key, on every instance', async () => {
    const keys = keysOf('c1', 'c2');
    const { keyIds } = await multiKeyChannel(f, both, { name: 'counted', models: 'mk-count' }, 'polling', keys);
    const { key } = await f.customer('mk-count', 1_000_000);
    for (let i = 0; i < 6; i++) expect((await ask(i < 4 ? f.t : second, key, 'mk-count')).status).toBe(200);
    await f.t.app.get(KeyUsage).flush();
    await second.app.get(KeyUsage).flush();
    for (const keyId of keyIds) {
      const row = await keyRow(keyId);
      expect({ requests: Number(row.request_count), tokens: Number(row.token_count) }).toEqual({ requests: 3, tokens: 3 * MOCK_TOKENS });
      expect(Number(row.used_time)).toBeGreaterThan(0);
    }
  });

  it('never shows a key in clear in a reply or a log row', async () => {
    await f.t.app.get(QuotaLedgerService).flush();
    await f.t.app.get(LogWriterService).flush();
    await second.app.get(QuotaLedgerService).flush();
    await second.app.get(LogWriterService).flush();
    const logs = JSON.stringify(await f.t.db.query('SELECT * FROM logs'));
    const keyRows = JSON.stringify(await f.t.db.query('SELECT masked, status_reason, last_error FROM channel_keys'));
    expect(allKeys.length).toBeGreaterThan(0);
    for (const key of allKeys) {
      expect(logs).not.toContain(key);
      expect(keyRows).not.toContain(key);
      for (const reply of replies) expect(reply).not.toContain(key);
    }
  });
});

describe('multi-key channels without Redis (embedded default)', () => {
  let f: RelayFixture;
  let upstream: MockOpenAiUpstream;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: ['mk-memory'], completionRatio: 2, channelDefaults: { type: 1, key: 'sk-single-key-channel', base_url: upstream.url }, env: { REDIS_URL: undefined } });
    await f.admin.put('/api/option/').send({ key: 'AutomaticDisableChannelEnabled', value: 'true' });
  });
  afterAll(async () => {
    await f.t.close();
    await upstream.stop();
  });

  it('polling takes the keys in turn, counted in memory, and a dead key is passed over and disabled', async () => {
    const keys = ['m1', 'm2', 'm3'].map(newKey);
    upstream.deadKeys.add(keys[1]);
    const { keyIds } = await multiKeyChannel(f, [f.t], { name: 'memory', models: 'mk-memory' }, 'polling', keys);
    const { client } = await f.customer('mk-memory', 1_000_000);
    for (let i = 0; i < 5; i++) expect((await client.chat.completions.create({ model: 'mk-memory', messages: hi })).choices[0].message.content).toBe('Hello from mk-memory');
    const order = upstream.seen.map((seen) => keys.indexOf(seen.authorization.slice('Bearer '.length)));
    // Turn 2 meets the dead key and moves on to the third; from then on the rotation skips it.
    expect(order).toEqual([0, 1, 2, 2, 0, 2]);
    expect((await f.t.db.query('SELECT status FROM channel_keys WHERE id = $1', [keyIds[1]]))[0].status).toBe(CHANNEL_KEY_STATUS.AUTO_DISABLED);
  });
});
