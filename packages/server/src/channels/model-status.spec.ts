import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { type RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { LogWriterService } from '../logs/log-writer.service';
import { QuotaLedgerService } from '../relay/billing/quota-ledger.service';
import { AutoDisableService } from '../relay/auto-disable.service';
import { MSG_CHANNEL_NOT_FOUND } from './channel-rules';

const MODELS = ['mh-a', 'mh-b', 'mk-a', 'mk-b', 'nb-a', 'nb-b', 'op-a', 'op-b', 'ed-a', 'ed-b', 'ad-a', 'ad-b'];
const hi = [{ role: 'user' as const, content: 'hi' }];
/** The upstream model every channel here maps its "-b" model to: the mock answers it 404 model_not_found. */
const GONE = 'gone-model';

interface AbilityRow {
  group: string;
  model: string;
  enabled: boolean;
  status: number;
  status_reason: string;
  status_time: string;
}

describe('model-level health: a model the upstream lacks is disabled on that channel alone (DESIGN.md §5.8)', () => {
  let f: RelayFixture;
  let upstream: MockOpenAiUpstream;
  let caller: { key: string; userId: number };

  const setOption = async (key: string, value: string) => expect((await f.admin.put('/api/option/').send({ key, value })).body.success).toBe(true);
  const abilities = async (channelId: number): Promise<AbilityRow[]> =>
    f.t.db.query('SELECT "group", model, enabled, status, status_reason, status_time FROM abilities WHERE channel_id = $1 ORDER BY model, "group"', [channelId]);
  const channelRow = async (id: number) => (await f.t.db.query('SELECT status, other_info FROM channels WHERE id = $1', [id]))[0];
  let lastRequestId = '';
  const ask = (model: string) => {
    lastRequestId = `model-health-${randomBytes(6).toString('hex')}`;
    return f.t.http().post('/v1/chat/completions').set('authorization', `Bearer ${caller.key}`).set('x-request-id', lastRequestId).send({ model, messages: hi });
  };
  /** The log row of the last request asked, once written (settlement and logging follow the answer). */
  const lastLog = async () => {
    for (let i = 0; i < 100; i++) {
      await f.t.app.get(QuotaLedgerService).flush();
      await f.t.app.get(LogWriterService).flush();
      const [row] = await f.t.db.query('SELECT * FROM logs WHERE request_id = $1', [lastRequestId]);
      if (row) return row;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no log row for ${lastRequestId}`);
  };
  const attempts = (log: { attempts_log: string }) => JSON.parse(log.attempts_log).map((attempt: { channel_id: number; status: number }) => [attempt.channel_id, attempt.status]);
  const listed = async (id: number) => (await f.admin.get('/api/channel/search').query({ keyword: String(id) })).body.data.items.find((row: { id: number }) => row.id === id);
  const goneCalls = () => upstream.seen.filter((seen) => seen.body.model === GONE).length;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    upstream.goneModels.add(GONE);
    // ROLE=api: no monitoring sweep tests these channels behind the tests' backs.
    f = await startRelayFixture({ models: MODELS, completionRatio: 1, channelDefaults: { type: 1, key: 'sk-model-health', base_url: upstream.url }, env: { ROLE: 'api' } });
    await setOption('RetryTimes', '3');
    const customer = await f.customer('modelhealth', 10_000_000);
    caller = { key: customer.key, userId: customer.userId };
  });
  afterAll(async () => {
    await f.t.close();
    await upstream.stop();
  });
  beforeEach(async () => {
    await setOption('AutomaticDisableChannelEnabled', 'true');
    await setOption('AutomaticEnableChannelEnabled', 'false');
  });

  it('disables the model on the channel with reason and time; the channel stays enabled, uncooled, and keeps serving its other model; the request fails over', async () => {
    const mixed = await f.channel({ name: 'mixed', models: 'mh-a,mh-b', priority: 10, model_mapping: JSON.stringify({ 'mh-b': GONE }) });
    const backup = await f.channel({ name: 'backup-b', models: 'mh-b', priority: 0 });
    const before = Math.floor(Date.now() / 1000);

    const reply = await ask('mh-b');
    expect(reply.status).toBe(200);
    expect(reply.body.choices[0].message.content).toBe('Hello from mh-b');
    expect(attempts(await lastLog())).toEqual([
      [mixed, 404],
      [backup, 200],
    ]);

    const [a, b] = await abilities(mixed);
    expect(a).toMatchObject({ model: 'mh-a', enabled: true, status: 1, status_reason: '' });
    expect(b).toMatchObject({ model: 'mh-b', enabled: false, status: 3 });
    expect(b.status_reason).toContain('HTTP 404');
    expect(b.status_reason).toContain('model_not_found');
    expect(Number(b.status_time)).toBeGreaterThanOrEqual(before);
    expect(await channelRow(mixed)).toEqual({ status: 1, other_info: '' });
    expect(await listed(mixed)).toMatchObject({ status: 1, cooldown_until: 0 });

    // The channel serves its other model; the disabled one is no longer tried there.
    const calls = goneCalls();
    expect((await ask('mh-a')).body.choices[0].message.content).toBe('Hello from mh-a');
    expect(attempts(await lastLog())).toEqual([[mixed, 200]]);
    expect((await ask('mh-b')).status).toBe(200);
    expect(attempts(await lastLog())).toEqual([[backup, 200]]);
    expect(goneCalls()).toBe(calls);

    const states = await f.admin.get(`/api/channel/model_states/${mixed}`);
    expect(states.body.success).toBe(true);
    expect(states.body.data).toEqual([
      { model: 'mh-a', status: 1, status_reason: '', status_time: 0 },
      { model: 'mh-b', status: 3, status_reason: b.status_reason, status_time: Number(b.status_time) },
    ]);
  });

  it('on a multi-key channel the model goes, not the key: every key and the channel stay enabled', async () => {
    const keys = ['a', 'b'].map((label) => `sk-mk-${label}-${randomBytes(8).toString('hex')}`);
    const pool = await f.channel({ name: 'pool', mode: 'multi_to_single', key: keys.join('\n'), models: 'mk-a,mk-b', priority: 10, model_mapping: JSON.stringify({ 'mk-b': GONE }) });
    const keyIds: number[] = (await f.t.db.query('SELECT id FROM channel_keys WHERE channel_id = $1 ORDER BY id', [pool])).map((row: { id: number }) => row.id);
    expect(keyIds).toHaveLength(2);
    const backup = await f.channel({ name: 'backup-mk', models: 'mk-b', priority: 0 });

    expect((await ask('mk-b')).status).toBe(200);
    expect(attempts(await lastLog())).toEqual([
      [pool, 404],
      [backup, 200],
    ]);
    expect((await abilities(pool)).map((row) => [row.model, row.status, row.enabled])).toEqual([
      ['mk-a', 1, true],
      ['mk-b', 3, false],
    ]);
    const keyRows = await f.t.db.query('SELECT id, status, status_reason FROM channel_keys WHERE channel_id = $1 ORDER BY id', [pool]);
    expect(keyRows).toEqual(keyIds.map((id) => ({ id, status: 1, status_reason: '' })));
    expect((await channelRow(pool)).status).toBe(1);
    expect((await ask('mk-a')).status).toBe(200);
    expect(attempts(await lastLog())).toEqual([[pool, 200]]);
  });

  it('with auto_ban off, or AutomaticDisableChannelEnabled off, nothing is disabled: the request fails over and the channel is not cooled down', async () => {
    const noBan = await f.channel({ name: 'no-ban', models: 'nb-a,nb-b', priority: 10, auto_ban: 0, model_mapping: JSON.stringify({ 'nb-b': GONE }) });
    const backup = await f.channel({ name: 'backup-nb', models: 'nb-b,op-b', priority: 0 });
    // Three failures in a row would cool a channel down (COOLDOWN_AFTER): not for a missing model.
    for (let i = 0; i < 3; i++) {
      expect((await ask('nb-b')).status).toBe(200);
      expect(attempts(await lastLog())).toEqual([
        [noBan, 404],
        [backup, 200],
      ]);
    }
    expect((await abilities(noBan)).map((row) => [row.model, row.status, row.enabled])).toEqual([
      ['nb-a', 1, true],
      ['nb-b', 1, true],
    ]);
    expect(await listed(noBan)).toMatchObject({ status: 1, cooldown_until: 0 });
    expect((await ask('nb-a')).status).toBe(200);
    expect(attempts(await lastLog())).toEqual([[noBan, 200]]);

    await setOption('AutomaticDisableChannelEnabled', 'false');
    const optionOff = await f.channel({ name: 'option-off', models: 'op-a,op-b', priority: 10, model_mapping: JSON.stringify({ 'op-b': GONE }) });
    expect((await ask('op-b')).status).toBe(200);
    expect(attempts(await lastLog())).toEqual([
      [optionOff, 404],
      [backup, 200],
    ]);
    expect((await abilities(optionOff)).every((row) => row.status === 1 && row.enabled)).toBe(true);
  });

  it('keeps the model disabled through edits, a new group, a manual or automatic re-enable of the channel and the abilities rebuild; a model removed and added again starts enabled', async () => {
    const edited = await f.channel({ name: 'edited', models: 'ed-a,ed-b', priority: 10, model_mapping: JSON.stringify({ 'ed-b': GONE }) });
    await f.channel({ name: 'backup-ed', models: 'ed-b', priority: 0 });
    await ask('ed-b');
    const disabled = (await abilities(edited)).find((row) => row.model === 'ed-b')!;
    expect(disabled).toMatchObject({ status: 3, enabled: false });
    const stateOf = async (model: string) => (await abilities(edited)).filter((row) => row.model === model).map((row) => [row.group, row.status, row.enabled, row.status_reason]);

    expect((await f.admin.put('/api/channel/').send({ id: edited, priority: 5, weight: 3 })).body.success).toBe(true);
    expect(await stateOf('ed-b')).toEqual([['default', 3, false, disabled.status_reason]]);

    expect((await f.admin.put('/api/channel/').send({ id: edited, groups: ['default', 'vip'] })).body.success).toBe(true);
    expect(await stateOf('ed-b')).toEqual([
      ['default', 3, false, disabled.status_reason],
      ['vip', 3, false, disabled.status_reason],
    ]);
    expect(await stateOf('ed-a')).toEqual([
      ['default', 1, true, ''],
      ['vip', 1, true, ''],
    ]);

    // Disabled and enabled again by hand: the channel's models come back, not the one disabled alone.
    expect((await f.admin.put('/api/channel/').send({ id: edited, status: 2 })).body.success).toBe(true);
    expect((await stateOf('ed-a')).map(([, , enabled]) => enabled)).toEqual([false, false]);
    expect((await f.admin.put('/api/channel/').send({ id: edited, status: 1 })).body.success).toBe(true);
    expect((await stateOf('ed-a')).map(([, , enabled]) => enabled)).toEqual([true, true]);
    expect((await stateOf('ed-b')).map(([, status, enabled]) => [status, enabled])).toEqual([
      [3, false],
      [3, false],
    ]);

    // The channel's own automatic disable and re-enable (a dead key, then a passing test) move every row's `enabled`.
    await setOption('AutomaticEnableChannelEnabled', 'true');
    const autoDisable = f.t.app.get(AutoDisableService, { strict: false });
    expect(await autoDisable.disable({ id: edited, name: 'edited' }, 'HTTP 401: dead key')).toBe(true);
    expect(await autoDisable.enable({ id: edited, name: 'edited' })).toBe(true);
    expect((await stateOf('ed-a')).map(([, , enabled]) => enabled)).toEqual([true, true]);
    expect((await stateOf('ed-b')).map(([, status, enabled]) => [status, enabled])).toEqual([
      [3, false],
      [3, false],
    ]);

    expect((await f.admin.post('/api/channel/fix')).body.success).toBe(true);
    expect((await stateOf('ed-b')).map(([, status, enabled]) => [status, enabled])).toEqual([
      [3, false],
      [3, false],
    ]);

    expect((await f.admin.put('/api/channel/').send({ id: edited, models: 'ed-a' })).body.success).toBe(true);
    expect(await stateOf('ed-b')).toEqual([]);
    expect((await f.admin.put('/api/channel/').send({ id: edited, models: 'ed-a,ed-b' })).body.success).toBe(true);
    expect(await stateOf('ed-b')).toEqual([
      ['default', 1, true, ''],
      ['vip', 1, true, ''],
    ]);
  });

  it('POST /api/channel/ability: an administrator disables a model on a channel (every group) and enables it again, whatever disabled it', async () => {
    const own = await f.channel({ name: 'admin-set', models: 'ad-a,ad-b', groups: ['default', 'vip'], model_mapping: JSON.stringify({ 'ad-b': GONE }) });
    await ask('ad-b');
    expect((await abilities(own)).filter((row) => row.model === 'ad-b').map((row) => row.status)).toEqual([3, 3]);

    const off = await f.admin.post('/api/channel/ability').send({ channel_id: own, model: 'ad-a', enabled: false });
    expect(off.body).toEqual({ success: true, message: '已在该渠道禁用模型 ad-a', data: null });
    const manual = (await abilities(own)).filter((row) => row.model === 'ad-a');
    expect(manual.map((row) => [row.group, row.status, row.enabled, row.status_reason])).toEqual([
      ['default', 2, false, ''],
      ['vip', 2, false, ''],
    ]);
    expect(Number(manual[0].status_time)).toBeGreaterThan(0);
    const refused = await ask('ad-a');
    expect(refused.status).toBe(503);
    expect(refused.body.error.message).toContain('无可用渠道');

    const on = await f.admin.post('/api/channel/ability').send({ channel_id: own, model: 'ad-a', enabled: true });
    expect(on.body).toEqual({ success: true, message: '已在该渠道启用模型 ad-a', data: null });
    expect((await ask('ad-a')).status).toBe(200);
    expect(attempts(await lastLog())).toEqual([[own, 200]]);

    // The gateway's disable is lifted by hand too; a manual enable of a model never enables a disabled channel.
    expect((await f.admin.put('/api/channel/').send({ id: own, status: 2 })).body.success).toBe(true);
    expect((await f.admin.post('/api/channel/ability').send({ channel_id: own, model: 'ad-b', enabled: true })).body.success).toBe(true);
    expect((await abilities(own)).filter((row) => row.model === 'ad-b').map((row) => [row.status, row.enabled, row.status_reason])).toEqual([
      [1, false, ''],
      [1, false, ''],
    ]);
    expect((await f.admin.put('/api/channel/').send({ id: own, status: 1 })).body.success).toBe(true);
    expect((await abilities(own)).every((row) => row.status === 1 && row.enabled)).toBe(true);
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const own = await f.channel({ name: 'bad-input', models: 'mh-a' });
    const before = await abilities(own);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ channel_id: 'abc', model: 'mh-a', enabled: false }, MSG_CHANNEL_NOT_FOUND],
      [{ channel_id: 0, model: 'mh-a', enabled: false }, MSG_CHANNEL_NOT_FOUND],
      [{ channel_id: 99_999_999, model: 'mh-a', enabled: false }, MSG_CHANNEL_NOT_FOUND],
      [{ channel_id: own, model: '', enabled: false }, '请指定模型'],
      [{ channel_id: own, model: 'no-such-model', enabled: false }, '该渠道没有模型 no-such-model'],
      [{ channel_id: own, model: 'mh-a', enabled: 'no' }, 'enabled 必须是布尔值'],
      [{ channel_id: own, model: 'mh-a' }, 'enabled 必须是布尔值'],
    ];
    for (const [body, message] of cases) {
      const reply = await f.admin.post('/api/channel/ability').send(body);
      expect(reply.body, JSON.stringify(body)).toMatchObject({ success: false, message });
    }
    expect(await abilities(own)).toEqual(before);
    for (const id of ['abc', '0', '99999999']) {
      expect((await f.admin.get(`/api/channel/model_states/${id}`)).body).toMatchObject({ success: false, message: MSG_CHANNEL_NOT_FOUND });
    }
  });

  it('is for administrators only: a user gets 403, a guest 401, and nothing changes', async () => {
    const own = await f.channel({ name: 'guarded', models: 'mh-a' });
    const { agent } = await f.t.signUp('plainmodeluser');
    const body = { channel_id: own, model: 'mh-a', enabled: false };
    expect((await agent.post('/api/channel/ability').send(body)).status).toBe(403);
    expect((await agent.get(`/api/channel/model_states/${own}`)).status).toBe(403);
    expect((await f.t.http().post('/api/channel/ability').send(body)).status).toBe(401);
    expect((await f.t.http().get(`/api/channel/model_states/${own}`)).status).toBe(401);
    expect((await abilities(own)).map((row) => [row.status, row.enabled])).toEqual([[1, true]]);
  });
});
