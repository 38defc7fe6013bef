import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../crypto/secret-box';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';
import { autoDisableKey } from './key-auto-disable';

interface KeyRow {
  id: number;
  key_sealed: string;
  key_hash: string;
  masked: string;
  status: number;
  status_reason: string;
  last_error: string;
  request_count: string;
}

/** A Vertex AI service-account key (the relay's own format check needs these fields only). */
const serviceAccount = (email: string) => ({
  type: 'service_account',
  project_id: 'gw-project',
  private_key_id: `kid-${email}`,
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n',
  client_email: email,
});

describe('multi-key channels: the console API (integration)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let secrets: SecretBox;

  beforeAll(async () => {
    t = await startTestApp({ ROLE: 'api' });
    admin = (await t.login('root', ROOT_PASSWORD)).agent;
    secrets = t.app.get(SecretBox);
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (fields: Record<string, unknown>) =>
    admin.post('/api/channel/').send({ type: 1, name: 'mk', models: 'gpt-4o', groups: ['default'], mode: 'multi_to_single', ...fields });
  const multi = async (keys: string[], fields: Record<string, unknown> = {}): Promise<number> => {
    const reply = await create({ key: keys.join('\n'), ...fields });
    expect(reply.body.success, reply.body.message).toBe(true);
    return reply.body.data.ids[0];
  };
  const single = async (key: string): Promise<number> => (await create({ key, mode: undefined })).body.data.ids[0];
  const keysOf = (channelId: number): Promise<KeyRow[]> =>
    t.db.query('SELECT id, key_sealed, key_hash, masked, status, status_reason, last_error, request_count FROM channel_keys WHERE channel_id = $1 ORDER BY id', [channelId]);
  const clearKeysOf = async (channelId: number) => (await keysOf(channelId)).map((row) => secrets.open(row.key_sealed));
  const channel = async (id: number) => (await t.db.query('SELECT status, other_info, key_sealed, multi_key_mode, name FROM channels WHERE id = $1', [id]))[0];
  const abilitiesEnabled = async (id: number): Promise<boolean[]> => (await t.db.query('SELECT enabled FROM abilities WHERE channel_id = $1', [id])).map((row: { enabled: boolean }) => row.enabled);
  const manage = (body: Record<string, unknown>, agent: TestAgent = admin) => agent.post('/api/channel/multi_key/manage').send(body);
  const counts = async () => (await t.db.query('SELECT (SELECT count(*)::int FROM channels) AS channels, (SELECT count(*)::int FROM channel_keys) AS keys'))[0];
  const everything = async () => JSON.stringify(await t.db.query('SELECT to_jsonb(c) AS c, (SELECT jsonb_agg(to_jsonb(k) ORDER BY k.id) FROM channel_keys k WHERE k.channel_id = c.id) AS k FROM channels c ORDER BY c.id'));

  describe('create', () => {
    it('makes one channel of every line, trimmed and deduplicated, each key sealed and never shown', async () => {
      const alpha = 'sk-mk-alpha-0000000000001';
      const beta = 'sk-mk-beta-00000000000002';
      const id = await multi([` ${alpha} `, beta, alpha, '']);
      expect(await channel(id)).toMatchObject({ key_sealed: '', multi_key_mode: 'random', status: 1 });
      const rows = await keysOf(id);
      expect(rows).toHaveLength(2);
      expect(await clearKeysOf(id)).toEqual([alpha, beta]);
      for (const row of rows) {
        expect(row.key_sealed.startsWith('enc:v1:')).toBe(true);
        expect(row.status).toBe(1);
      }
      expect(rows.map((row) => row.key_hash)).toEqual([secrets.fingerprint(alpha), secrets.fingerprint(beta)]);
      expect(rows.map((row) => row.masked)).toEqual(['sk-m…0001', 'sk-m…0002']);
      const stored = JSON.stringify(await t.db.query('SELECT to_jsonb(k)::text AS row FROM channel_keys k'));
      expect(stored).not.toContain(alpha);
      expect(stored).not.toContain(beta);

      const one = await admin.get(`/api/channel/${id}`);
      expect(one.body.data).toMatchObject({
        key: '',
        multi_key_mode: 'random',
        channel_info: { is_multi_key: true, multi_key_size: 2, multi_key_mode: 'random', multi_key_enabled: 2, multi_key_auto_disabled: 0, multi_key_manual_disabled: 0 },
      });
      const replies = [one, await admin.get('/api/channel/').query({ page_size: 100 }), await admin.get('/api/channel/search').query({ keyword: 'mk' }), await manage({ channel_id: id, action: 'get_key_status' })];
      for (const reply of replies) {
        expect(reply.body.success).toBe(true);
        for (const secret of [alpha, beta, rows[0].key_hash, rows[0].key_sealed]) expect(reply.text).not.toContain(secret);
      }
    });

    it('takes polling as the way to pick keys', async () => {
      const id = await multi(['sk-mk-polling-000000001'], { multi_key_mode: 'polling' });
      expect(await channel(id)).toMatchObject({ multi_key_mode: 'polling' });
    });

    it('takes the Vertex AI keys as a JSON array of service accounts, each stored as its own JSON', async () => {
      const first = serviceAccount('one@gw-project.iam.gserviceaccount.com');
      const second = serviceAccount('two@gw-project.iam.gserviceaccount.com');
      const id = await multi([JSON.stringify([first, second, first], null, 2)], { type: 41, other: 'us-central1', models: 'gemini-1.5-pro' });
      expect(await clearKeysOf(id)).toEqual([JSON.stringify(first), JSON.stringify(second)]);
      expect((await keysOf(id)).map((row) => row.masked)).toEqual([first.client_email, second.client_email]);
      expect(await everything()).not.toContain('MIIEvgIBADANBgkqhkiG9w0BAQEFAASC');

      // A lone object over several lines is one key; keys added one compact object per line, the same account once.
      const lone = await multi([JSON.stringify(first, null, 2)], { type: 41, other: 'us-central1', models: 'gemini-1.5-pro' });
      expect(await clearKeysOf(lone)).toEqual([JSON.stringify(first)]);
      const third = serviceAccount('three@gw-project.iam.gserviceaccount.com');
      const added = await admin.put('/api/channel/').send({ id: lone, key: [first, third].map((account) => JSON.stringify(account)).join('\n') });
      expect(added.body.success, added.body.message).toBe(true);
      expect(await clearKeysOf(lone)).toEqual([JSON.stringify(first), JSON.stringify(third)]);
    });

    it('refuses bad input with a Chinese message and creates nothing', async () => {
      const before = await counts();
      const vertex = { type: 41, other: 'us-central1', models: 'gemini-1.5-pro' };
      const refused: Array<[Record<string, unknown>, string]> = [
        [{ key: 'sk-x-000000000001', multi_key_mode: 'round-robin' }, '多密钥模式只能是 random（随机）或 polling（轮询）'],
        [{ key: 'sk-x-000000000001', multi_key_mode: 7 }, '多密钥模式只能是 random（随机）或 polling（轮询）'],
        [{ key: 'sk-x-000000000001', mode: 'several' }, '创建方式只能是 single、batch 或 multi_to_single'],
        [{ key: 'sk-x-000000000001', mode: 'batch', multi_key_mode: 'random' }, '只有以 multi_to_single 方式创建的渠道才能设置多密钥模式'],
        [{ key: ' \n \n' }, '请填写渠道名称和渠道密钥！'],
        [{ key: ['sk-x-000000000001'] }, '渠道密钥必须是字符串'],
        [{ key: '[{"client_email": 1}', ...vertex }, 'Vertex AI 的多个密钥须为服务账号 JSON 对象组成的 JSON 数组'],
        [{ key: '["not an object"]', ...vertex }, 'Vertex AI 的多个密钥须为服务账号 JSON 对象组成的 JSON 数组'],
        [{ key: JSON.stringify([serviceAccount('ok@p.iam.gserviceaccount.com'), { client_email: 'x' }]), ...vertex }, '第 2 个密钥：Vertex AI 密钥必须是服务账号 JSON 密钥（含 client_email、private_key 与 project_id）'],
        [{ key: 'sk-x-000000000001', copy_from: 'abc' }, '渠道不存在，请刷新后重试'],
      ];
      for (const [fields, message] of refused) {
        const reply = await create(fields);
        expect(reply.body, JSON.stringify(fields)).toMatchObject({ success: false, message });
      }
      const nul = await create({ key: 'sk-x-0000\u00000000001' });
      expect(nul.status).toBe(400);
      expect(nul.body).toMatchObject({ success: false, message: '参数中不能包含空字符' });
      expect(await counts()).toEqual(before);
    });

    it('copies every key of a multi-key channel, and makes a multi-key channel of a single-key one', async () => {
      const source = await multi(['sk-copy-source-0000001', 'sk-copy-source-0000002'], { multi_key_mode: 'polling' });
      await manage({ channel_id: source, action: 'disable_key', key_id: (await keysOf(source))[0].id });
      const copy = (await create({ key: '', copy_from: source, mode: undefined, name: 'copy' })).body.data.ids[0];
      expect(await channel(copy)).toMatchObject({ key_sealed: '', multi_key_mode: 'polling' });
      expect(await clearKeysOf(copy)).toEqual(['sk-copy-source-0000001', 'sk-copy-source-0000002']);
      // The copy starts with every key enabled, as if the same keys had been pasted.
      expect((await keysOf(copy)).map((row) => row.status)).toEqual([1, 1]);

      const lone = await single('sk-copy-single-000001');
      const converted = (await create({ key: '', copy_from: lone, name: 'from-single' })).body.data.ids[0];
      expect(await channel(converted)).toMatchObject({ key_sealed: '', multi_key_mode: 'random' });
      expect(await clearKeysOf(converted)).toEqual(['sk-copy-single-000001']);
    });

    it('keeps the one channel per line of the batch mode', async () => {
      const reply = await create({ key: 'sk-batch-0000000001\nsk-batch-0000000002', mode: 'batch' });
      expect(reply.body.data.ids).toHaveLength(2);
      for (const id of reply.body.data.ids) {
        expect(await channel(id)).toMatchObject({ multi_key_mode: '' });
        expect(await keysOf(id)).toEqual([]);
      }
    });
  });

  describe('update', () => {
    it('appends new keys, skipping the ones it holds, counters kept', async () => {
      const id = await multi(['sk-append-0000000001']);
      await t.db.query('UPDATE channel_keys SET request_count = 7 WHERE channel_id = $1', [id]);
      const reply = await admin.put('/api/channel/').send({ id, key: 'sk-append-0000000001\nsk-append-0000000002\nsk-append-0000000002' });
      expect(reply.body.success, reply.body.message).toBe(true);
      expect(reply.body.data).toMatchObject({ key: '', multi_key_mode: 'random', channel_info: { multi_key_size: 2, multi_key_enabled: 2 } });
      expect(await clearKeysOf(id)).toEqual(['sk-append-0000000001', 'sk-append-0000000002']);
      expect((await keysOf(id)).map((row) => row.request_count)).toEqual(['7', '0']);
      expect(reply.text).not.toContain('sk-append-0000000002');
    });

    it('replaces the keys: the dropped ones go, the kept ones keep their counters and status', async () => {
      const id = await multi(['sk-replace-keep-00001', 'sk-replace-drop-00001']);
      const [kept] = await keysOf(id);
      await t.db.query('UPDATE channel_keys SET request_count = 3, status = 2 WHERE id = $1', [kept.id]);
      const reply = await admin.put('/api/channel/').send({ id, key: 'sk-replace-keep-00001\nsk-replace-new-000001', key_mode: 'replace' });
      expect(reply.body.success, reply.body.message).toBe(true);
      expect(await clearKeysOf(id)).toEqual(['sk-replace-keep-00001', 'sk-replace-new-000001']);
      expect((await keysOf(id))[0]).toMatchObject({ id: kept.id, request_count: '3', status: 2 });
      expect(reply.body.data.channel_info).toMatchObject({ multi_key_size: 2, multi_key_enabled: 1, multi_key_manual_disabled: 1 });
    });

    it('keeps the keys when the edit carries none, and switches between random and polling', async () => {
      const id = await multi(['sk-switch-0000000001']);
      expect((await admin.put('/api/channel/').send({ id, name: 'renamed', key: '', key_mode: 'replace' })).body.success).toBe(true);
      expect((await admin.put('/api/channel/').send({ id, multi_key_mode: 'polling' })).body.data).toMatchObject({ name: 'renamed', multi_key_mode: 'polling' });
      expect(await clearKeysOf(id)).toEqual(['sk-switch-0000000001']);
    });

    it('turns a single-key channel into a multi-key one: its key first, then the given ones', async () => {
      const id = await single('sk-convert-single-0001');
      const same = await admin.put('/api/channel/').send({ id, name: 'still single', multi_key_mode: '' });
      expect(same.body.data).toMatchObject({ multi_key_mode: '', channel_info: { is_multi_key: false, multi_key_size: 0 } });
      const reply = await admin.put('/api/channel/').send({ id, multi_key_mode: 'random', key: 'sk-convert-added-00002' });
      expect(reply.body.success, reply.body.message).toBe(true);
      expect(reply.body.data.channel_info).toMatchObject({ is_multi_key: true, multi_key_size: 2, multi_key_enabled: 2 });
      expect(await channel(id)).toMatchObject({ key_sealed: '', multi_key_mode: 'random' });
      expect(await clearKeysOf(id)).toEqual(['sk-convert-single-0001', 'sk-convert-added-00002']);
    });

    it('refuses going back to a single key, a bad key mode or bad keys, changing nothing', async () => {
      const id = await multi(['sk-refuse-update-0001']);
      const before = await everything();
      const refused: Array<[Record<string, unknown>, string]> = [
        [{ multi_key_mode: '' }, '多密钥渠道不能改回单密钥渠道'],
        [{ multi_key_mode: 'sticky' }, '多密钥模式只能是 random（随机）或 polling（轮询）'],
        [{ key: 'sk-refuse-update-0002', key_mode: 'merge' }, '密钥更新方式只能是 append（追加）或 replace（替换）'],
        [{ key: 'app|secret', type: 18 }, '讯飞星火密钥格式为 APIPassword 或 APPID|APISecret|APIKey'],
        [{ key: 12 }, '渠道密钥必须是字符串'],
      ];
      for (const [fields, message] of refused) {
        expect((await admin.put('/api/channel/').send({ id, name: 'changed', ...fields })).body, JSON.stringify(fields)).toMatchObject({ success: false, message });
      }
      expect((await admin.put('/api/channel/').send({ id, key: 'sk-\u0000' })).status).toBe(400);
      expect(await everything()).toBe(before);
    });
  });

  describe('multi_key/manage', () => {
    it('lists the keys by page and status, with the counts, never the keys', async () => {
      const id = await multi(['sk-list-000000000001', 'sk-list-000000000002', 'sk-list-000000000003']);
      const [first, second] = await keysOf(id);
      await manage({ channel_id: id, action: 'disable_key', key_id: first.id });
      await autoDisableKey(t.app.get(DataSource), id, second.id, 'HTTP 401: dead');

      const all = await manage({ channel_id: id, action: 'get_key_status' });
      expect(all.body.data).toMatchObject({ total: 3, page: 1, page_size: 50, enabled: 1, auto_disabled: 1, manual_disabled: 1 });
      expect(Object.keys(all.body.data.items[0]).sort()).toEqual(['created_time', 'id', 'last_error', 'masked', 'request_count', 'status', 'status_reason', 'status_time', 'token_count', 'used_time']);
      expect(all.body.data.items[1]).toMatchObject({ id: second.id, masked: 'sk-l…0002', status: 3, status_reason: 'HTTP 401: dead', last_error: 'HTTP 401: dead' });

      const paged = await manage({ channel_id: id, action: 'get_key_status', page: 2, page_size: 2 });
      expect(paged.body.data).toMatchObject({ total: 3, page: 2, page_size: 2 });
      expect(paged.body.data.items.map((item: { masked: string }) => item.masked)).toEqual(['sk-l…0003']);
      const auto = await manage({ channel_id: id, action: 'get_key_status', status: 3 });
      expect(auto.body.data).toMatchObject({ total: 1, enabled: 1 });
      expect(auto.body.data.items.map((item: { id: number }) => item.id)).toEqual([second.id]);
    });

    it('enables, disables and deletes one key; the last key cannot go', async () => {
      const id = await multi(['sk-one-key-000000001', 'sk-one-key-000000002']);
      const [first, second] = await keysOf(id);
      expect((await manage({ channel_id: id, action: 'disable_key', key_id: first.id })).body).toMatchObject({ success: true, data: null });
      expect((await keysOf(id))[0]).toMatchObject({ status: 2 });
      expect((await manage({ channel_id: id, action: 'enable_key', key_id: first.id })).body.success).toBe(true);
      expect((await keysOf(id))[0]).toMatchObject({ status: 1 });
      expect((await manage({ channel_id: id, action: 'delete_key', key_id: first.id })).body.success).toBe(true);
      expect((await keysOf(id)).map((row) => row.id)).toEqual([second.id]);
      expect((await manage({ channel_id: id, action: 'delete_key', key_id: second.id })).body).toMatchObject({ success: false, message: '至少保留一个密钥' });
      // Disabling every key by hand is allowed: the channel stays as it is.
      expect((await manage({ channel_id: id, action: 'disable_key', key_id: second.id })).body.success).toBe(true);
      expect(await channel(id)).toMatchObject({ status: 1 });
      expect(await keysOf(id)).toHaveLength(1);
    });

    it('enables and disables every key, and deletes the auto-disabled ones, saying how many', async () => {
      const id = await multi(['sk-all-keys-00000001', 'sk-all-keys-00000002', 'sk-all-keys-00000003']);
      const [first, second] = await keysOf(id);
      expect((await manage({ channel_id: id, action: 'disable_all_keys' })).body.data).toEqual({ affected: 3 });
      expect((await manage({ channel_id: id, action: 'disable_all_keys' })).body.data).toEqual({ affected: 0 });
      expect((await manage({ channel_id: id, action: 'enable_all_keys' })).body.data).toEqual({ affected: 3 });
      const db = t.app.get(DataSource);
      await autoDisableKey(db, id, first.id, 'HTTP 401: dead');
      await autoDisableKey(db, id, second.id, 'HTTP 401: dead');
      expect((await manage({ channel_id: id, action: 'delete_disabled_keys' })).body.data).toEqual({ affected: 2 });
      expect((await keysOf(id)).map((row) => row.status)).toEqual([1]);
      const [last] = await keysOf(id);
      await autoDisableKey(db, id, last.id, 'HTTP 401: dead');
      expect((await manage({ channel_id: id, action: 'delete_disabled_keys' })).body).toMatchObject({ success: false, message: '至少保留一个密钥' });
      expect(await keysOf(id)).toHaveLength(1);
    });

    it('refuses a key of another channel, a single-key channel, unknown actions and bad fields, changing nothing', async () => {
      const id = await multi(['sk-guarded-000000001']);
      const other = await multi(['sk-guarded-other-0001']);
      const lone = await single('sk-guarded-single-001');
      const [otherKey] = await keysOf(other);
      const before = await everything();
      const refused: Array<[Record<string, unknown>, string]> = [
        ...['enable_key', 'disable_key', 'delete_key'].map((action): [Record<string, unknown>, string] => [{ channel_id: id, action, key_id: otherKey.id }, '该密钥不存在']),
        [{ channel_id: id, action: 'disable_key' }, '请指定密钥（key_id）'],
        [{ channel_id: id, action: 'disable_key', key_id: 'first' }, '该密钥不存在'],
        [{ channel_id: lone, action: 'get_key_status' }, '该渠道不是多密钥渠道'],
        [{ channel_id: lone, action: 'disable_all_keys' }, '该渠道不是多密钥渠道'],
        [{ channel_id: lone, action: 'retest_disabled_keys' }, '该渠道不是多密钥渠道'],
        [{ channel_id: 999_999, action: 'enable_all_keys' }, '渠道不存在，请刷新后重试'],
        [{ channel_id: 'abc', action: 'enable_all_keys' }, '渠道不存在，请刷新后重试'],
        [{ action: 'enable_all_keys' }, '请指定渠道（channel_id）'],
        [{ channel_id: id, action: 'drop_everything' }, '未知的操作，可用的操作：get_key_status、enable_key、disable_key、delete_key、enable_all_keys、disable_all_keys、delete_disabled_keys、retest_disabled_keys'],
        [{ channel_id: id, action: ['enable_all_keys'] }, '未知的操作，可用的操作：get_key_status、enable_key、disable_key、delete_key、enable_all_keys、disable_all_keys、delete_disabled_keys、retest_disabled_keys'],
        [{ channel_id: id }, '未知的操作，可用的操作：get_key_status、enable_key、disable_key、delete_key、enable_all_keys、disable_all_keys、delete_disabled_keys、retest_disabled_keys'],
        [{ channel_id: id, action: 'get_key_status', status: 7 }, '密钥状态只能是 1（启用）、2（手动禁用）或 3（自动禁用）'],
        [{ channel_id: id, action: 'get_key_status', page_size: 500 }, '每页条数必须在 1 到 100 之间'],
        [{ channel_id: id, action: 'get_key_status', page: 0 }, '页码必须是不小于 1 的整数'],
      ];
      for (const [body, message] of refused) {
        expect((await manage(body)).body, JSON.stringify(body)).toMatchObject({ success: false, message });
      }
      const nul = await manage({ channel_id: id, action: 'enable_all_keys\u0000' });
      expect(nul.status).toBe(400);
      expect(nul.body).toMatchObject({ success: false, message: '参数中不能包含空字符' });
      expect(await everything()).toBe(before);
    });

    it('is for administrators only, as is the retest of every channel', async () => {
      const id = await multi(['sk-admins-only-00001']);
      const [key] = await keysOf(id);
      const { agent } = await t.signUp('mk-plain-user');
      const before = await everything();
      const calls = (client: TestAgent) => [
        client.post('/api/channel/multi_key/manage').send({ channel_id: id, action: 'get_key_status' }),
        client.post('/api/channel/multi_key/manage').send({ channel_id: id, action: 'delete_key', key_id: key.id }),
        client.post('/api/channel/multi_key/retest'),
        client.get(`/api/channel/test/${id}`).query({ key_id: key.id }),
        client.post('/api/channel/').send({ type: 1, name: 'x', key: 'sk-x-0000000001', models: 'gpt-4o', groups: ['default'], mode: 'multi_to_single' }),
        client.put('/api/channel/').send({ id, key: 'sk-x-0000000002' }),
      ];
      for (const [index, reply] of (await Promise.all(calls(agent))).entries()) {
        expect(reply.status, `call ${index}`).toBe(403);
        expect(reply.body.success).toBe(false);
      }
      for (const [index, reply] of (await Promise.all(calls(t.http()))).entries()) expect(reply.status, `call ${index}`).toBe(401);
      expect(await everything()).toBe(before);
    });
  });

  describe('channel status follows its keys', () => {
    it('the gateway disabling the last enabled key disables the channel and its abilities; enabling a key brings them back', async () => {
      const id = await multi(['sk-follow-0000000001', 'sk-follow-0000000002'], { models: 'gpt-4o,gpt-4o-mini' });
      const [first, second] = await keysOf(id);
      const db = t.app.get(DataSource);
      expect(await autoDisableKey(db, id, first.id, 'HTTP 401: first dead')).toEqual({ keyDisabled: true, channelDisabled: false });
      expect(await autoDisableKey(db, id, first.id, 'HTTP 401: again')).toEqual({ keyDisabled: false, channelDisabled: false });
      expect(await autoDisableKey(db, id + 1_000_000, second.id, 'HTTP 401: no such channel')).toEqual({ keyDisabled: false, channelDisabled: false });
      expect(await channel(id)).toMatchObject({ status: 1 });
      expect(await autoDisableKey(db, id, second.id, 'HTTP 401: second dead')).toEqual({ keyDisabled: true, channelDisabled: true });

      const disabled = await channel(id);
      expect(disabled.status).toBe(3);
      expect(JSON.parse(disabled.other_info)).toMatchObject({ status_reason: '所有密钥均已被禁用', status_time: expect.any(Number) });
      expect(await abilitiesEnabled(id)).toEqual([false, false]);
      expect((await keysOf(id)).map((row) => [row.status, row.status_reason, row.last_error])).toEqual([
        [3, 'HTTP 401: first dead', 'HTTP 401: first dead'],
        [3, 'HTTP 401: second dead', 'HTTP 401: second dead'],
      ]);
      expect((await admin.get(`/api/channel/${id}`)).body.data.channel_info).toMatchObject({ multi_key_enabled: 0, multi_key_auto_disabled: 2 });

      expect((await manage({ channel_id: id, action: 'enable_key', key_id: second.id })).body.success).toBe(true);
      expect(await channel(id)).toMatchObject({ status: 1, other_info: '' });
      expect(await abilitiesEnabled(id)).toEqual([true, true]);
    });

    it('new keys bring back a channel disabled for want of keys, not one disabled by hand', async () => {
      const db = t.app.get(DataSource);
      const id = await multi(['sk-revive-0000000001']);
      await autoDisableKey(db, id, (await keysOf(id))[0].id, 'HTTP 401: dead');
      expect(await channel(id)).toMatchObject({ status: 3 });
      expect((await admin.put('/api/channel/').send({ id, key: 'sk-revive-0000000002' })).body.data).toMatchObject({ status: 1, channel_info: { multi_key_enabled: 1 } });
      expect(await abilitiesEnabled(id)).toEqual([true]);

      const manual = await multi(['sk-manual-0000000001'], { status: 2 });
      const [key] = await keysOf(manual);
      await manage({ channel_id: manual, action: 'disable_key', key_id: key.id });
      await manage({ channel_id: manual, action: 'enable_key', key_id: key.id });
      expect(await channel(manual)).toMatchObject({ status: 2 });
      // A channel disabled by hand stays as it is when the gateway disables its last key.
      expect(await autoDisableKey(db, manual, key.id, 'HTTP 401: dead')).toEqual({ keyDisabled: true, channelDisabled: false });
      expect(await channel(manual)).toMatchObject({ status: 2, other_info: '' });
    });

    it('a key disabled by hand is not the gateway’s to disable', async () => {
      const id = await multi(['sk-by-hand-000000001', 'sk-by-hand-000000002']);
      const [key] = await keysOf(id);
      await manage({ channel_id: id, action: 'disable_key', key_id: key.id });
      expect(await autoDisableKey(t.app.get(DataSource), id, key.id, 'HTTP 401: dead')).toEqual({ keyDisabled: false, channelDisabled: false });
      expect((await keysOf(id))[0]).toMatchObject({ status: 2, last_error: '' });
    });
  });

  it('lists every channel with its key counts (tag mode too), all 0 for a single-key channel', async () => {
    const id = await multi(['sk-counts-0000000001', 'sk-counts-0000000002', 'sk-counts-0000000003'], { tag: 'mk-counts' });
    const lone = await single('sk-counts-single-0001');
    const [first, second] = await keysOf(id);
    await manage({ channel_id: id, action: 'disable_key', key_id: first.id });
    await autoDisableKey(t.app.get(DataSource), id, second.id, 'HTTP 401: dead');
    const expected = { is_multi_key: true, multi_key_size: 3, multi_key_mode: 'random', multi_key_enabled: 1, multi_key_auto_disabled: 1, multi_key_manual_disabled: 1 };

    const list = (await admin.get('/api/channel/').query({ page_size: 100 })).body.data.items;
    expect(list.find((row: { id: number }) => row.id === id).channel_info).toEqual(expected);
    expect(list.find((row: { id: number }) => row.id === lone)).toMatchObject({
      multi_key_mode: '',
      channel_info: { is_multi_key: false, multi_key_size: 0, multi_key_mode: '', multi_key_enabled: 0, multi_key_auto_disabled: 0, multi_key_manual_disabled: 0 },
    });
    const found = (await admin.get('/api/channel/search').query({ keyword: String(id) })).body.data.items;
    expect(found.find((row: { id: number }) => row.id === id).channel_info).toEqual(expected);
    const tagged = (await admin.get('/api/channel/').query({ page_size: 100, tag_mode: true })).body.data.items;
    expect(tagged.find((row: { tag: string }) => row.tag === 'mk-counts').children[0].channel_info).toEqual(expected);
  });
});
