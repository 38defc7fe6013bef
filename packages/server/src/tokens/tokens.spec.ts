import { createHash } from 'node:crypto';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestApp } from '../../test/test-app';
import { TokensService } from './tokens.service';

const KEY = /^sk-[A-Za-z0-9]{48}$/;
const VIEW_FIELDS = [
  'accessed_time',
  'allow_ips',
  'created_time',
  'expired_time',
  'group',
  'id',
  'key',
  'model_limits',
  'model_limits_enabled',
  'name',
  'rate_limit_enabled',
  'rate_per_minute',
  'remain_quota',
  'status',
  'unlimited_quota',
  'used_quota',
];
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const now = () => Math.floor(Date.now() / 1000);

interface TokenRow {
  id: number;
  user_id: number;
  name: string;
  key_hash: string;
  key_sealed: string;
  status: number;
  remain_quota: string;
  expired_time: string;
  [column: string]: unknown;
}

describe('tokens (integration)', () => {
  let t: TestApp;
  let alice: { agent: TestAgent; userId: number };
  let bob: { agent: TestAgent; userId: number };

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.signUp('tok-alice');
    bob = await t.signUp('tok-bob');
  });
  afterAll(async () => {
    await t.close();
  });

  const setQuota = (userId: number, quota: number) => t.db.query('UPDATE users SET quota = $1 WHERE id = $2', [quota, userId]);
  const row = async (id: number): Promise<TokenRow | undefined> => (await t.db.query('SELECT * FROM tokens WHERE id = $1', [id]))[0];
  const rowsOf = (userId: number): Promise<TokenRow[]> => t.db.query('SELECT * FROM tokens WHERE user_id = $1 ORDER BY id', [userId]);
  const create = (agent: TestAgent, body: Record<string, unknown>) => agent.post('/api/token/').send(body);
  /** Creates one token through the API and returns its view. */
  const createOne = async (agent: TestAgent, body: Record<string, unknown> = {}) => {
    const reply = await create(agent, { name: 'token', unlimited_quota: true, ...body });
    expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ success: true });
    return reply.body.data[0];
  };

  describe('create', () => {
    it('creates one token with a fresh sk- key, keeping only its hash and a sealed copy', async () => {
      await setQuota(alice.userId, 10_000_000);
      const before = now();
      const reply = await create(alice.agent, { name: '  my app  ', remain_quota: 500_000, group: 'vip', expired_time: before + 86_400 });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ success: true, message: '' });
      expect(reply.body.data).toHaveLength(1);
      const token = reply.body.data[0];
      expect(Object.keys(token).sort()).toEqual(VIEW_FIELDS);
      expect(token).toMatchObject({
        name: 'my app',
        status: 1,
        remain_quota: 500_000,
        used_quota: 0,
        unlimited_quota: false,
        accessed_time: 0,
        expired_time: before + 86_400,
        model_limits_enabled: false,
        model_limits: '',
        allow_ips: '',
        group: 'vip',
        rate_limit_enabled: false,
        rate_per_minute: 0,
      });
      expect(token.key).toMatch(KEY);
      expect(token.created_time).toBeGreaterThanOrEqual(before);

      const stored = (await row(token.id))!;
      expect(stored.user_id).toBe(alice.userId);
      expect(stored.key_hash).toBe(sha256(token.key));
      expect(stored.key_sealed.startsWith('enc:v1:')).toBe(true);
      expect(JSON.stringify(stored)).not.toContain(token.key.slice(3));
      expect((await alice.agent.get(`/api/token/${token.id}`)).body.data.key).toBe(token.key);
    });

    it('creates a batch in one go: the first keeps the name, the others get 6 random alphanumerics', async () => {
      const reply = await create(alice.agent, { name: 'batch', unlimited_quota: true, count: 5 });
      expect(reply.body.success).toBe(true);
      const tokens: Array<{ id: number; name: string; key: string }> = reply.body.data;
      expect(tokens).toHaveLength(5);
      expect(tokens[0].name).toBe('batch');
      for (const token of tokens.slice(1)) expect(token.name).toMatch(/^batch[A-Za-z0-9]{6}$/);
      for (const token of tokens) expect(token.key).toMatch(KEY);
      expect(new Set(tokens.map((token) => token.key)).size).toBe(5);
      const stored = await Promise.all(tokens.map((token) => row(token.id)));
      expect(stored.map((token) => token!.key_hash)).toEqual(tokens.map((token) => sha256(token.key)));
      expect(new Set(stored.map((token) => token!.key_sealed)).size).toBe(5);
    });

    it('caps the quota of the whole batch by the balance, creating nothing over it', async () => {
      const { agent, userId } = await t.signUp('tok-capped');
      await setQuota(userId, 1000);
      const over = await create(agent, { name: 'too much', remain_quota: 400, count: 3 });
      expect(over.body).toMatchObject({ success: false, data: null });
      expect(over.body.message).toContain('超过账户余额');
      const single = await create(agent, { name: 'one too much', remain_quota: 1001 });
      expect(single.body.success).toBe(false);
      expect(await rowsOf(userId)).toEqual([]);

      const fits = await create(agent, { name: 'fits', remain_quota: 300, count: 3 });
      expect(fits.body.success).toBe(true);
      expect((await rowsOf(userId)).map((token) => Number(token.remain_quota))).toEqual([300, 300, 300]);
    });

    it('lets an unlimited token ignore the balance', async () => {
      const { agent, userId } = await t.signUp('tok-unlimited');
      await setQuota(userId, 0);
      const reply = await create(agent, { name: 'unlimited', unlimited_quota: true, remain_quota: 1_000_000_000, count: 2 });
      expect(reply.body.success).toBe(true);
      expect(reply.body.data.map((token: { status: number }) => token.status)).toEqual([1, 1]);
      expect(await rowsOf(userId)).toHaveLength(2);
    });

    it('marks a limited token without quota exhausted from the start', async () => {
      const token = await createOne(alice.agent, { name: 'empty', unlimited_quota: false, remain_quota: 0 });
      expect(token.status).toBe(4);
      expect((await row(token.id))!.status).toBe(4);
    });

    it.each([
      [{}, '请输入令牌名称'],
      [{ name: '   ' }, '请输入令牌名称'],
      [{ name: 42 }, '请输入令牌名称'],
      [{ name: 'x'.repeat(51) }, '令牌名称不能超过 50 个字符'],
      [{ name: 'n', expired_time: '2030-01-01' }, '过期时间格式错误'],
      [{ name: 'n', expired_time: 0 }, '过期时间格式错误'],
      [{ name: 'n', expired_time: -2 }, '过期时间格式错误'],
      [{ name: 'n', expired_time: Date.now() + 86_400_000 }, '过期时间格式错误'],
      [{ name: 'n', expired_time: 1_600_000_000 }, '过期时间不能早于当前时间'],
      [{ name: 'n', remain_quota: -1 }, '剩余额度不能小于 0'],
      [{ name: 'n', remain_quota: '100' }, '剩余额度必须是整数'],
      [{ name: 'n', remain_quota: 1.5 }, '剩余额度必须是整数'],
      [{ name: 'n', unlimited_quota: 'yes' }, '无限额度必须是 true 或 false'],
      [{ name: 'n', count: 0 }, '令牌数量必须是 1 到 100 之间的整数'],
      [{ name: 'n', count: 101 }, '令牌数量必须是 1 到 100 之间的整数'],
      [{ name: 'n', count: 2.5 }, '令牌数量必须是 1 到 100 之间的整数'],
      [{ name: 'n', rate_limit_enabled: true }, '启用速率限制时，每分钟请求次数至少为 1'],
      [{ name: 'n', rate_limit_enabled: true, rate_per_minute: 0 }, '启用速率限制时，每分钟请求次数至少为 1'],
      [{ name: 'n', rate_per_minute: 'fast' }, '每分钟请求次数必须是整数'],
      [{ name: 'n', model_limits_enabled: true, model_limits: ' , ' }, '启用模型限制时，请至少填写一个模型'],
      [{ name: 'n', model_limits: ['gpt-4o'] }, '模型限制必须是以逗号分隔的模型名称'],
      [{ name: 'n', allow_ips: '1.2.3.4\nexample.com' }, 'IP 白名单格式错误：example.com（每行一个 IP 地址或 CIDR 网段）'],
      [{ name: 'n', allow_ips: '10.0.0.0/33' }, 'IP 白名单格式错误：10.0.0.0/33（每行一个 IP 地址或 CIDR 网段）'],
      [{ name: 'n', group: 'svip' }, '分组不存在或无权使用'],
    ])('refuses %j with "%s" and creates nothing', async (body, message) => {
      const before = await rowsOf(alice.userId);
      const reply = await create(alice.agent, { unlimited_quota: true, ...body });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: false, message, data: null });
      expect(await rowsOf(alice.userId)).toEqual(before);
    });

    it('normalises model limits, allowed IPs and a rate limit that is off, and drops unknown fields', async () => {
      const token = await createOne(alice.agent, {
        name: 'normalised',
        model_limits_enabled: true,
        model_limits: ' gpt-4o, claude-3 ,gpt-4o,, ',
        allow_ips: ' 1.2.3.4\r\n\r\n10.0.0.0/8\r\n::1\n',
        rate_limit_enabled: false,
        rate_per_minute: 30,
        status: 3,
        used_quota: 99,
        user_id: bob.userId,
        key: 'sk-chosen',
        key_hash: 'x',
      });
      expect(token).toMatchObject({ model_limits: 'gpt-4o,claude-3', allow_ips: '1.2.3.4\n10.0.0.0/8\n::1', rate_per_minute: 0, status: 1, used_quota: 0 });
      expect(token.key).toMatch(KEY);
      const stored = (await row(token.id))!;
      expect(stored).toMatchObject({ user_id: alice.userId, model_limits: 'gpt-4o,claude-3', allow_ips: '1.2.3.4\n10.0.0.0/8\n::1', rate_per_minute: 0 });
      expect(stored.key_hash).toBe(sha256(token.key));
    });

    it('keeps a rate limit that is on, and accepts the user group and an empty group', async () => {
      const limited = await createOne(alice.agent, { name: 'rate', rate_limit_enabled: true, rate_per_minute: 60, group: 'default' });
      expect(limited).toMatchObject({ rate_limit_enabled: true, rate_per_minute: 60, group: 'default' });
      expect((await createOne(alice.agent, { name: 'no group', group: '' })).group).toBe('');
    });
  });

  describe('list', () => {
    it('pages the own tokens newest first', async () => {
      const { agent } = await t.signUp('tok-pager');
      const ids: number[] = [];
      for (let index = 0; index < 12; index++) ids.push((await createOne(agent, { name: `page-${index}` })).id);
      const newestFirst = [...ids].reverse();

      const first = await agent.get('/api/token/').query({ p: 0, size: 5 });
      expect(first.body).toMatchObject({ success: true, data: { total: 12, page: 0, page_size: 5 } });
      expect(first.body.data.items.map((token: { id: number }) => token.id)).toEqual(newestFirst.slice(0, 5));
      expect(Object.keys(first.body.data.items[0]).sort()).toEqual(VIEW_FIELDS);
      const last = await agent.get('/api/token/').query({ p: 2, size: 5 });
      expect(last.body.data.items.map((token: { id: number }) => token.id)).toEqual(newestFirst.slice(10));
      const beyond = await agent.get('/api/token/').query({ p: 9, size: 5 });
      expect(beyond.body.data).toEqual({ items: [], total: 12, page: 9, page_size: 5 });

      const defaults = await agent.get('/api/token/');
      expect(defaults.body.data).toMatchObject({ total: 12, page: 0, page_size: 10 });
      expect(defaults.body.data.items).toHaveLength(10);
      expect((await agent.get('/api/token/').query({ size: 100 })).body.data.items).toHaveLength(12);
    });

    it.each([
      [{ size: 101 }, '每页条数必须在 1 到 100 之间'],
      [{ size: 0 }, '每页条数必须在 1 到 100 之间'],
      [{ size: 'ten' }, '每页条数必须是整数'],
      [{ p: -1 }, '页码不能小于 0'],
      [{ p: 1.5 }, '页码必须是整数'],
      [{ p: 1e20 }, '页码过大'],
    ])('refuses paging %j', async (query, message) => {
      const reply = await alice.agent.get('/api/token/').query(query);
      expect(reply.body).toEqual({ success: false, message, data: null });
    });
  });

  describe('search', () => {
    let searcher: { agent: TestAgent; userId: number };
    let keys: Record<string, string>;
    beforeAll(async () => {
      searcher = await t.signUp('tok-searcher');
      keys = {};
      for (const name of ['Prod-Server', 'prod-worker', 'staging', '100%_off', '100xyoff']) keys[name] = (await createOne(searcher.agent, { name })).key;
    });
    const search = (query: Record<string, string>) => searcher.agent.get('/api/token/search').query(query);
    const names = (reply: { body: { data: { items: Array<{ name: string }> } } }) => reply.body.data.items.map((token) => token.name);

    it('finds own tokens whose name contains the keyword, case-insensitively, newest first', async () => {
      const reply = await search({ keyword: 'PROD' });
      expect(reply.body).toMatchObject({ success: true, data: { total: 2 } });
      expect(names(reply)).toEqual(['prod-worker', 'Prod-Server']);
      expect(Object.keys(reply.body.data).sort()).toEqual(['items', 'page', 'page_size', 'total']);
    });

    it('takes % and _ in the keyword literally', async () => {
      expect(names(await search({ keyword: '%' }))).toEqual(['100%_off']);
      expect(names(await search({ keyword: '0_o' }))).toEqual([]);
      expect(names(await search({ keyword: '%_' }))).toEqual(['100%_off']);
    });

    it('finds a token by its full key, with or without sk-', async () => {
      const key = keys.staging;
      expect(names(await search({ token: key }))).toEqual(['staging']);
      expect(names(await search({ token: key.slice(3) }))).toEqual(['staging']);
      expect(names(await search({ token: ` ${key} ` }))).toEqual(['staging']);
      expect(names(await search({ token: key, keyword: 'stag' }))).toEqual(['staging']);
      expect(names(await search({ token: key, keyword: 'prod' }))).toEqual([]);
    });

    it('finds nothing for a partial or malformed key', async () => {
      expect((await search({ token: keys.staging.slice(0, 20) })).body.data).toEqual({ items: [], total: 0, page: 0, page_size: 10 });
      expect((await search({ token: 'sk-%' })).body.data).toEqual({ items: [], total: 0, page: 0, page_size: 10 });
    });

    it('returns every own token without filters', async () => {
      expect((await search({})).body.data.total).toBe(5);
    });

    it('answers one page of the matches (p, size) with the total, like the list', async () => {
      const first = await search({ p: '0', size: '2' });
      expect(first.body.data).toMatchObject({ total: 5, page: 0, page_size: 2 });
      expect(names(first)).toEqual(['100xyoff', '100%_off']);
      const last = await search({ p: '2', size: '2' });
      expect(names(last)).toEqual(['Prod-Server']);
      expect(names(await search({ keyword: 'prod', p: '1', size: '1' }))).toEqual(['Prod-Server']);
      expect((await search({ keyword: 'prod', size: '1' })).body.data.total).toBe(2);
      expect((await search({ size: '101' })).body.message).toBe('每页条数必须在 1 到 100 之间');
    });

    it('validates its query', async () => {
      expect((await search({ keyword: 'x'.repeat(65) })).body).toEqual({ success: false, message: '搜索关键字过长', data: null });
      const twice = await searcher.agent.get('/api/token/search?keyword=a&keyword=b');
      expect(twice.body).toEqual({ success: false, message: '搜索关键字必须是字符串', data: null });
    });
  });

  describe('get', () => {
    it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers "令牌不存在" for id %s', async (id) => {
      const reply = await alice.agent.get(`/api/token/${id}`);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: false, message: '令牌不存在', data: null });
    });
  });

  describe('update', () => {
    it('saves every editable field and ignores the rest', async () => {
      await setQuota(alice.userId, 10_000_000);
      const token = await createOne(alice.agent, { name: 'before', unlimited_quota: false, remain_quota: 1000 });
      const expiry = now() + 3600;
      const reply = await alice.agent.put('/api/token/').send({
        id: token.id,
        name: 'after',
        remain_quota: 2000,
        unlimited_quota: false,
        expired_time: expiry,
        model_limits_enabled: true,
        model_limits: 'gpt-4o,gpt-4o, o3',
        allow_ips: '192.168.0.0/16\r\n',
        group: 'vip',
        rate_limit_enabled: true,
        rate_per_minute: 20,
        status: 2,
        used_quota: 5,
        key: 'sk-other',
        created_time: 1,
      });
      expect(reply.body).toMatchObject({ success: true, data: { id: token.id, key: token.key, status: 1, used_quota: 0, created_time: token.created_time } });
      const expected = {
        name: 'after',
        remain_quota: 2000,
        expired_time: expiry,
        model_limits_enabled: true,
        model_limits: 'gpt-4o,o3',
        allow_ips: '192.168.0.0/16',
        group: 'vip',
        rate_limit_enabled: true,
        rate_per_minute: 20,
      };
      expect(reply.body.data).toMatchObject(expected);
      expect((await alice.agent.get(`/api/token/${token.id}`)).body.data).toEqual(reply.body.data);
      const stored = (await row(token.id))!;
      expect({ ...stored, remain_quota: Number(stored.remain_quota), expired_time: Number(stored.expired_time) }).toMatchObject({ ...expected, status: 1 });
      expect(stored.key_hash).toBe(sha256(token.key));
    });

    it('keeps the fields left out, and resets the rate when the rate limit is turned off', async () => {
      const token = await createOne(alice.agent, { name: 'partial', rate_limit_enabled: true, rate_per_minute: 10, allow_ips: '1.1.1.1' });
      const reply = await alice.agent.put('/api/token/').send({ id: token.id, name: 'renamed', rate_limit_enabled: false });
      expect(reply.body.data).toMatchObject({ name: 'renamed', allow_ips: '1.1.1.1', unlimited_quota: true, rate_limit_enabled: false, rate_per_minute: 0 });
    });

    it('enables an expired token again when its expiry moves into the future', async () => {
      const token = await createOne(alice.agent, { name: 'expired' });
      const past = now() - 60;
      await t.db.query('UPDATE tokens SET status = 3, expired_time = $1 WHERE id = $2', [past, token.id]);
      expect((await alice.agent.get(`/api/token/${token.id}`)).body.data.status).toBe(3);

      // The edit form sends the stored past expiry back: editing other fields keeps it and the status.
      const kept = await alice.agent.put('/api/token/').send({ id: token.id, name: 'still expired', expired_time: past });
      expect(kept.body.data).toMatchObject({ name: 'still expired', status: 3, expired_time: past });
      const earlier = await alice.agent.put('/api/token/').send({ id: token.id, name: 'still expired', expired_time: past - 10 });
      expect(earlier.body).toMatchObject({ success: false, message: '过期时间不能早于当前时间' });

      const reply = await alice.agent.put('/api/token/').send({ id: token.id, name: 'revived', expired_time: -1 });
      expect(reply.body.data).toMatchObject({ status: 1, expired_time: -1 });
      expect((await row(token.id))!.status).toBe(1);
    });

    it('enables an exhausted token again when it gets quota, within the balance', async () => {
      await setQuota(alice.userId, 5000);
      const token = await createOne(alice.agent, { name: 'exhausted', unlimited_quota: false, remain_quota: 100 });
      await t.db.query('UPDATE tokens SET status = 4, remain_quota = 0 WHERE id = $1', [token.id]);

      const over = await alice.agent.put('/api/token/').send({ id: token.id, name: 'exhausted', remain_quota: 5001 });
      expect(over.body.success).toBe(false);
      expect(over.body.message).toContain('超过账户余额');
      expect((await row(token.id))!.status).toBe(4);

      const reply = await alice.agent.put('/api/token/').send({ id: token.id, name: 'exhausted', remain_quota: 5000 });
      expect(reply.body.data).toMatchObject({ status: 1, remain_quota: 5000 });
      expect((await row(token.id))!.status).toBe(1);

      // Lowering a quota that the balance no longer covers is always allowed.
      await setQuota(alice.userId, 10);
      expect((await alice.agent.put('/api/token/').send({ id: token.id, name: 'lowered', remain_quota: 4000 })).body.success).toBe(true);
      await setQuota(alice.userId, 10_000_000);
    });

    it('keeps a disabled token disabled', async () => {
      const token = await createOne(alice.agent, { name: 'off' });
      await alice.agent.put('/api/token/?status_only=true').send({ id: token.id, status: 2 });
      const reply = await alice.agent.put('/api/token/').send({ id: token.id, name: 'still off', expired_time: now() + 60 });
      expect(reply.body.data).toMatchObject({ name: 'still off', status: 2 });
    });

    it('validates like create', async () => {
      const token = await createOne(alice.agent, { name: 'strict' });
      const before = await row(token.id);
      for (const [body, message] of [
        [{ id: token.id }, '请输入令牌名称'],
        [{ id: token.id, name: 'x', allow_ips: 'nope' }, 'IP 白名单格式错误：nope（每行一个 IP 地址或 CIDR 网段）'],
        [{ id: token.id, name: 'x', rate_limit_enabled: true }, '启用速率限制时，每分钟请求次数至少为 1'],
        [{ id: token.id, name: 'x', group: 'svip' }, '分组不存在或无权使用'],
        [{ id: 'one', name: 'x' }, '令牌不存在'],
        [{ name: 'x' }, '令牌不存在'],
        [{ id: 99999999999, name: 'x' }, '令牌不存在'],
      ] as const) {
        const reply = await alice.agent.put('/api/token/').send(body);
        expect(reply.body, JSON.stringify(body)).toEqual({ success: false, message, data: null });
      }
      expect(await row(token.id)).toEqual(before);
    });
  });

  describe('status only', () => {
    it('disables and enables a token, changing nothing else', async () => {
      const token = await createOne(alice.agent, { name: 'toggle' });
      const off = await alice.agent.put('/api/token/?status_only=true').send({ id: token.id, status: 2, name: 'ignored' });
      expect(off.body).toMatchObject({ success: true, data: { id: token.id, status: 2, name: 'toggle', key: token.key } });
      expect((await row(token.id))!).toMatchObject({ status: 2, name: 'toggle' });
      const on = await alice.agent.put('/api/token/?status_only=true').send({ id: token.id, status: 1 });
      expect(on.body.data.status).toBe(1);
      expect((await row(token.id))!.status).toBe(1);
    });

    it.each([3, 4, 0, '1', null])('refuses status %j', async (status) => {
      const token = await createOne(alice.agent, { name: 'only 1 or 2' });
      const reply = await alice.agent.put('/api/token/?status_only=true').send({ id: token.id, status });
      expect(reply.body).toEqual({ success: false, message: '令牌状态只能设为启用或禁用', data: null });
      expect((await row(token.id))!.status).toBe(1);
    });

    it('refuses to enable an expired or exhausted token', async () => {
      const expired = await createOne(alice.agent, { name: 'expired' });
      await t.db.query('UPDATE tokens SET status = 3, expired_time = $1 WHERE id = $2', [now() - 1, expired.id]);
      const exhausted = await createOne(alice.agent, { name: 'exhausted', unlimited_quota: false, remain_quota: 10 });
      await t.db.query('UPDATE tokens SET status = 4, remain_quota = 0 WHERE id = $1', [exhausted.id]);
      // Disabled by hand, then its time ran out: enabling it is refused too.
      const lapsed = await createOne(alice.agent, { name: 'lapsed' });
      await t.db.query('UPDATE tokens SET status = 2, expired_time = $1 WHERE id = $2', [now() - 1, lapsed.id]);

      for (const [id, status, message] of [
        [expired.id, 3, '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期'],
        [lapsed.id, 2, '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期'],
        [exhausted.id, 4, '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度'],
      ] as const) {
        const reply = await alice.agent.put('/api/token/?status_only=true').send({ id, status: 1 });
        expect(reply.body).toEqual({ success: false, message, data: null });
        expect((await row(id))!.status).toBe(status);
      }
      // Disabling them is fine.
      expect((await alice.agent.put('/api/token/?status_only=true').send({ id: expired.id, status: 2 })).body.data.status).toBe(2);
    });
  });

  describe('delete', () => {
    it('deletes an own token (with or without the trailing slash)', async () => {
      const first = await createOne(alice.agent, { name: 'gone' });
      const second = await createOne(alice.agent, { name: 'gone too' });
      expect((await alice.agent.delete(`/api/token/${first.id}/`)).body).toEqual({ success: true, message: '', data: null });
      expect((await alice.agent.delete(`/api/token/${second.id}`)).body).toEqual({ success: true, message: '', data: null });
      expect(await row(first.id)).toBeUndefined();
      expect(await row(second.id)).toBeUndefined();
      expect((await alice.agent.delete(`/api/token/${first.id}/`)).body).toEqual({ success: false, message: '令牌不存在', data: null });
      expect((await alice.agent.get(`/api/token/${first.id}`)).body).toEqual({ success: false, message: '令牌不存在', data: null });
    });
  });

  describe('ownership', () => {
    it("never lets another user read, change or delete a token: it does not exist for them", async () => {
      const token = await createOne(alice.agent, { name: 'alice-secret', unlimited_quota: false, remain_quota: 1000 });
      const before = await row(token.id);
      const notFound = { success: false, message: '令牌不存在', data: null };

      expect((await bob.agent.get(`/api/token/${token.id}`)).body).toEqual(notFound);
      const list = await bob.agent.get('/api/token/').query({ size: 100 });
      expect(list.body.data.items.map((item: { id: number }) => item.id)).not.toContain(token.id);
      expect(JSON.stringify(list.body)).not.toContain(token.key);
      expect((await bob.agent.get('/api/token/search').query({ token: token.key })).body.data).toEqual({ items: [], total: 0, page: 0, page_size: 10 });
      expect((await bob.agent.get('/api/token/search').query({ keyword: 'alice-secret' })).body.data).toEqual({ items: [], total: 0, page: 0, page_size: 10 });

      const update = await bob.agent.put('/api/token/').send({ id: token.id, name: 'bob was here', unlimited_quota: true });
      expect(update.body).toEqual(notFound);
      expect((await bob.agent.put('/api/token/?status_only=true').send({ id: token.id, status: 2 })).body).toEqual(notFound);
      expect((await bob.agent.delete(`/api/token/${token.id}/`)).body).toEqual(notFound);

      expect(await row(token.id)).toEqual(before);
      expect((await alice.agent.get(`/api/token/${token.id}`)).body.data).toMatchObject({ name: 'alice-secret', status: 1 });
    });

    it.each([
      ['get', '/api/token/'],
      ['get', '/api/token/search?keyword=a'],
      ['get', '/api/token/1'],
      ['post', '/api/token/'],
      ['put', '/api/token/'],
      ['put', '/api/token/?status_only=true'],
      ['delete', '/api/token/1/'],
    ] as const)('answers 401 to a guest on %s %s', async (method, path) => {
      const before = await t.db.query('SELECT * FROM tokens ORDER BY id');
      const reply = await t.http()[method](path).send({ id: 1, name: 'guest', status: 2 });
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ success: false, data: null });
      expect(await t.db.query('SELECT * FROM tokens ORDER BY id')).toEqual(before);
    });
  });

  describe('findUsableByKey (for the relay)', () => {
    it('finds an enabled, valid token and its owner by key, and nothing else', async () => {
      const sut = t.app.get(TokensService);
      const token = await createOne(alice.agent, { name: 'relay' });
      const found = await sut.findUsableByKey(token.key);
      expect(found).toMatchObject({ id: token.id, user_id: alice.userId, name: 'relay' });
      expect((await sut.findUsableByKey(token.key.slice(3)))?.id).toBe(token.id);
      // Another key: change the last character (to one it is not).
      const otherKey = `${token.key.slice(0, -1)}${token.key.endsWith('x') ? 'y' : 'x'}`;
      expect(await sut.findUsableByKey(otherKey)).toBeUndefined();
      expect(await sut.findUsableByKey('garbage')).toBeUndefined();

      for (const update of ['status = 2', `expired_time = ${now() - 1}`, 'unlimited_quota = false, remain_quota = 0']) {
        await t.db.query(`UPDATE tokens SET ${update} WHERE id = $1`, [token.id]);
        expect(await sut.findUsableByKey(token.key), update).toBeUndefined();
        await t.db.query('UPDATE tokens SET status = 1, expired_time = -1, unlimited_quota = true WHERE id = $1', [token.id]);
      }
      expect((await sut.findUsableByKey(token.key))?.id).toBe(token.id);
    });
  });
});
