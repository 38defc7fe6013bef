import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BILLING_KEY, MockBillingUpstream } from '../../test/mock-billing-upstream';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import type { TestApp } from '../../test/test-app';
import { autoDisableKey } from '../channels/key-auto-disable';
import { JobsService } from '../jobs/jobs.service';
import { LogWriterService } from '../logs/log-writer.service';
import { HeartbeatTargets } from '../model-health/heartbeat-targets';
import { CHANNEL_TEST_JOB } from './channel-test.job';

interface KeyRow {
  id: number;
  status: number;
  status_reason: string;
  last_error: string;
}

/** A multi-key channel's test fixture: the real application relaying to a mock OpenAI upstream that refuses its `deadKeys`. */
async function startFixture(env: Record<string, string | undefined>): Promise<{ f: RelayFixture; upstream: MockOpenAiUpstream }> {
  const upstream = await new MockOpenAiUpstream().start();
  const f = await startRelayFixture({
    models: ['mock-a'],
    completionRatio: 1,
    channelDefaults: { type: 1, name: 'mk', base_url: upstream.url, models: 'mock-a', mode: 'multi_to_single', auto_ban: 1 },
    env,
  });
  return { f, upstream };
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const helpers = (t: TestApp) => ({
  keysOf: (channelId: number): Promise<KeyRow[]> => t.db.query('SELECT id, status, status_reason, last_error FROM channel_keys WHERE channel_id = $1 ORDER BY id', [channelId]),
  channel: async (id: number) => (await t.db.query('SELECT status, other_info FROM channels WHERE id = $1', [id]))[0],
  abilitiesEnabled: async (id: number): Promise<boolean[]> => (await t.db.query('SELECT enabled FROM abilities WHERE channel_id = $1', [id])).map((row: { enabled: boolean }) => row.enabled),
  /** The gateway disables a key, as the relay does on a dead-key answer. */
  killKey: (channelId: number, keyId: number) => autoDisableKey(t.app.get(DataSource), channelId, keyId, 'HTTP 401: Incorrect API key provided'),
});

describe('multi-key channels: tests and retests of keys (integration)', () => {
  let f: RelayFixture;
  let t: TestApp;
  let admin: TestAgent;
  let upstream: MockOpenAiUpstream;
  let db: ReturnType<typeof helpers>;

  const setOption = async (key: string, value: string) => expect((await admin.put('/api/option/').send({ key, value })).body.success).toBe(true);
  const multi = (keys: string[], fields: Record<string, unknown> = {}) => f.channel({ key: keys.join('\n'), ...fields });
  const testKey = (channelId: number, keyId?: number) => admin.get(`/api/channel/test/${channelId}`).query(keyId === undefined ? {} : { key_id: keyId });
  const manage = (body: Record<string, unknown>) => admin.post('/api/channel/multi_key/manage').send(body);
  const lastAuthorization = () => upstream.seen.at(-1)?.authorization;

  beforeAll(async () => {
    // ROLE=api: no job workers, so no monitoring sweep retests keys behind these tests' backs.
    ({ f, upstream } = await startFixture({ ROLE: 'api' }));
    ({ t, admin } = f);
    db = helpers(t);
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
  });
  beforeEach(async () => {
    await setOption('AutomaticDisableChannelEnabled', 'false');
    await setOption('AutomaticEnableChannelEnabled', 'false');
    upstream.deadKeys.clear();
  });

  it('tests the key asked for, else the first enabled key; a failure is the key’s last error, key masked', async () => {
    const good = 'sk-test-good-00000001';
    const dead = 'sk-test-dead-00000002';
    upstream.deadKeys.add(dead);
    const id = await multi([good, dead]);
    const [goodKey, deadKey] = await db.keysOf(id);

    const passed = await testKey(id, goodKey.id);
    expect(passed.body).toMatchObject({ success: true, message: '', data: { key_id: goodKey.id, upstream_status: 200 } });
    expect(lastAuthorization()).toBe(`Bearer ${good}`);

    const failed = await testKey(id, deadKey.id);
    expect(failed.body).toMatchObject({ success: false, data: { key_id: deadKey.id, upstream_status: 401, status_change: null } });
    expect(failed.body.message).toContain('Incorrect API key provided');
    expect(failed.text).not.toContain(dead);
    expect(lastAuthorization()).toBe(`Bearer ${dead}`);
    const [, recorded] = await db.keysOf(id);
    expect(recorded).toMatchObject({ status: 1, last_error: 'HTTP 401: Incorrect API key provided: ***' });
    expect(await db.channel(id)).toMatchObject({ status: 1 });
    await t.app.get(LogWriterService).flush();
    const logs = await t.db.query(`SELECT other FROM logs WHERE channel = $1 AND content = '渠道测试' ORDER BY id`, [id]);
    expect(logs.map((log: { other: string }) => JSON.parse(log.other).channel_test.key_id)).toEqual([goodKey.id, deadKey.id]);

    expect((await testKey(id)).body.data.key_id).toBe(goodKey.id);
    expect(lastAuthorization()).toBe(`Bearer ${good}`);
    await manage({ channel_id: id, action: 'disable_key', key_id: goodKey.id });
    expect((await testKey(id)).body.data.key_id).toBe(deadKey.id);
    await manage({ channel_id: id, action: 'disable_key', key_id: deadKey.id });
    // No key enabled: the first key, so that the channel can still be tried.
    expect((await testKey(id)).body.data.key_id).toBe(goodKey.id);
  });

  it('refuses a key of another channel, a key on a single-key channel, and a key_id that names no key', async () => {
    const id = await multi(['sk-test-guard-0000001']);
    const other = await multi(['sk-test-guard-0000002']);
    const lone = await f.channel({ key: 'sk-test-single-000001', mode: undefined });
    const [otherKey] = await db.keysOf(other);
    const seen = upstream.seen.length;
    expect((await testKey(id, otherKey.id)).body).toMatchObject({ success: false, message: '该密钥不存在' });
    expect((await testKey(lone, otherKey.id)).body).toMatchObject({ success: false, message: '该渠道不是多密钥渠道' });
    expect((await admin.get(`/api/channel/test/${id}`).query({ key_id: 'first' })).body).toMatchObject({ success: false, message: '该密钥不存在' });
    expect((await admin.get(`/api/channel/test/${id}`).query({ key_id: '0' })).body).toMatchObject({ success: false, message: '该密钥不存在' });
    expect(upstream.seen.length).toBe(seen);
    expect((await testKey(lone)).body).toMatchObject({ success: true, data: { key_id: null } });
  });

  it('with automatic disabling on, a dead key is disabled rather than the channel, until no key is left', async () => {
    await setOption('AutomaticDisableChannelEnabled', 'true');
    const first = 'sk-test-auto-00000001';
    const second = 'sk-test-auto-00000002';
    upstream.deadKeys.add(first).add(second);
    const id = await multi([first, second]);
    const [firstKey, secondKey] = await db.keysOf(id);

    const one = await testKey(id, firstKey.id);
    expect(one.body).toMatchObject({ success: false, data: { status_change: 'key_disabled' } });
    expect(one.body.message).toContain('（该密钥已被自动禁用）');
    expect((await db.keysOf(id))[0]).toMatchObject({ status: 3, status_reason: 'HTTP 401: Incorrect API key provided: ***' });
    expect(await db.channel(id)).toMatchObject({ status: 1 });

    const last = await testKey(id, secondKey.id);
    expect(last.body).toMatchObject({ success: false, data: { status_change: 'disabled' } });
    const disabled = await db.channel(id);
    expect(disabled.status).toBe(3);
    expect(JSON.parse(disabled.other_info).status_reason).toBe('所有密钥均已被禁用');
    expect(await db.abilitiesEnabled(id)).toEqual([false]);

    // A key that answers again comes back only through a retest, and the channel with it.
    upstream.deadKeys.delete(first);
    await setOption('AutomaticEnableChannelEnabled', 'true');
    const revived = await testKey(id, firstKey.id);
    expect(revived.body).toMatchObject({ success: true, data: { status_change: null } });
    expect((await db.keysOf(id)).map((key) => key.status)).toEqual([3, 3]);
    expect((await db.channel(id)).status).toBe(3);
  });

  it('retest_disabled_keys enables the auto-disabled keys that answer, leaves the dead ones, and brings back the channel', async () => {
    const keys = ['sk-retest-alive-00001', 'sk-retest-dead-000002', 'sk-retest-manual-0003'];
    const id = await multi(keys);
    const [alive, dead, manual] = await db.keysOf(id);
    await manage({ channel_id: id, action: 'disable_key', key_id: manual.id });
    await db.killKey(id, alive.id);
    await db.killKey(id, dead.id);
    expect((await db.channel(id)).status).toBe(3);
    upstream.deadKeys.add(keys[1]);

    const reply = await manage({ channel_id: id, action: 'retest_disabled_keys' });
    expect(reply.body).toMatchObject({ success: true, data: { tested: 2, enabled: 1 } });
    const after = await db.keysOf(id);
    expect(after.map((key) => key.status)).toEqual([1, 3, 2]);
    expect(after[1].last_error).toBe('HTTP 401: Incorrect API key provided: ***');
    expect(await db.channel(id)).toMatchObject({ status: 1, other_info: '' });
    expect(await db.abilitiesEnabled(id)).toEqual([true]);
    // The key disabled by hand was not tried.
    expect(upstream.seen.filter((request) => request.authorization === `Bearer ${keys[2]}`)).toEqual([]);
  });

  it('POST multi_key/retest retests the auto-disabled keys of every multi-key channel', async () => {
    // Only this test's channels: the counts are of every channel.
    await t.db.query('DELETE FROM channels');
    const back = await multi(['sk-retest-all-000001', 'sk-retest-all-000002']);
    const stuck = await multi(['sk-retest-all-000003']);
    const fine = await multi(['sk-retest-all-000004']);
    for (const [channelId, key] of [[back, (await db.keysOf(back))[0]], [back, (await db.keysOf(back))[1]], [stuck, (await db.keysOf(stuck))[0]]] as const) {
      await db.killKey(channelId, key.id);
    }
    upstream.deadKeys.add('sk-retest-all-000003');

    const reply = await admin.post('/api/channel/multi_key/retest');
    expect(reply.body).toMatchObject({ success: true, data: { channels: 2, tested: 3, enabled: 2 } });
    expect(await db.channel(back)).toMatchObject({ status: 1 });
    expect((await db.keysOf(back)).map((key) => key.status)).toEqual([1, 1]);
    expect(await db.channel(stuck)).toMatchObject({ status: 3 });
    expect((await db.keysOf(stuck)).map((key) => key.status)).toEqual([3]);
    expect(await db.channel(fine)).toMatchObject({ status: 1 });
  });

  it('balances, model lists and heartbeats ask with the first enabled key; a channel with none is not probed', async () => {
    const billing = await new MockBillingUpstream().start();
    try {
      const id = await multi(['sk-balance-other-0001', BILLING_KEY], { base_url: billing.url });
      await manage({ channel_id: id, action: 'disable_key', key_id: (await db.keysOf(id))[0].id });
      const balance = await admin.get(`/api/channel/update_balance/${id}`);
      expect(balance.body).toMatchObject({ success: true, balance: 74.5 });
      expect(billing.seen.at(-1)?.authorization).toBe(`Bearer ${BILLING_KEY}`);
    } finally {
      await billing.stop();
    }

    const listed = await multi(['sk-models-first-00001', 'sk-models-second-0002']);
    await manage({ channel_id: listed, action: 'disable_key', key_id: (await db.keysOf(listed))[0].id });
    await admin.get(`/api/channel/fetch_models/${listed}`);
    expect(upstream.seen.filter((request) => request.path === '/v1/models').at(-1)?.authorization).toBe('Bearer sk-models-second-0002');

    const none = await multi(['sk-probe-none-0000001']);
    await manage({ channel_id: none, action: 'disable_all_keys' });
    const targets = await t.app.get(HeartbeatTargets).list();
    expect(targets.filter((target) => target.channel.id === listed).map((target) => target.channel.key)).toEqual(['sk-models-second-0002']);
    expect(targets.some((target) => target.channel.id === none)).toBe(false);
  });
});

describe('multi-key channels: the monitoring sweep retests keys (integration)', () => {
  let f: RelayFixture;
  let upstream: MockOpenAiUpstream;

  beforeAll(async () => {
    ({ f, upstream } = await startFixture({}));
  });
  afterAll(async () => {
    await f.t.close();
    await upstream.stop();
  });

  it('retests the auto-disabled keys only while AutomaticEnableChannelEnabled is on, bringing back the channel', async () => {
    const db = helpers(f.t);
    const setOption = async (key: string, value: string) => expect((await f.admin.put('/api/option/').send({ key, value })).body.success).toBe(true);
    const id = await f.channel({ key: 'sk-sweep-alive-000001\nsk-sweep-dead-0000002' });
    const [alive, dead] = await db.keysOf(id);
    await db.killKey(id, alive.id);
    await db.killKey(id, dead.id);
    upstream.deadKeys.add('sk-sweep-dead-0000002');

    await f.t.app.get(JobsService).run(CHANNEL_TEST_JOB, { channelId: id, runId: 'r-off' });
    expect((await db.keysOf(id)).map((key) => key.status)).toEqual([3, 3]);
    expect((await db.channel(id)).status).toBe(3);

    // Turning automatic enabling on starts the monitoring schedule, whose first sweep runs at once.
    await setOption('AutomaticEnableChannelEnabled', 'true');
    await waitUntil(async () => (await db.channel(id)).status === 1);
    await setOption('AutomaticEnableChannelEnabled', 'false');
    expect((await db.keysOf(id)).map((key) => key.status)).toEqual([1, 3]);
    expect(await db.abilitiesEnabled(id)).toEqual([true]);
  });
});
