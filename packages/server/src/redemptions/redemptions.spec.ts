import { createHash } from 'node:crypto';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';

const CODE = /^[0-9a-f]{32}$/;
const VIEW_FIELDS = ['created_time', 'expired_time', 'id', 'key', 'name', 'quota', 'redeemed_time', 'status', 'used_user_id'];
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const now = () => Math.floor(Date.now() / 1000);

interface CodeRow {
  id: number;
  creator_id: number;
  name: string;
  key_hash: string;
  key_sealed: string;
  status: number;
  quota: string;
  created_time: string;
  redeemed_time: string;
  used_user_id: number;
  expired_time: string;
}

describe('redemption codes, administration (integration)', () => {
  let t: TestApp;
  let root: TestAgent;
  let admin: { agent: TestAgent; userId: number };
  let otherAdmin: TestAgent;
  let user: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    root = (await t.login('root', ROOT_PASSWORD)).agent;
    admin = await t.signUp('code-admin');
    const second = await t.signUp('code-admin-2');
    await t.db.query('UPDATE users SET role = 10 WHERE id = ANY($1)', [[admin.userId, second.userId]]);
    otherAdmin = second.agent;
    user = (await t.signUp('code-user')).agent;
  });
  afterAll(async () => {
    await t.close();
  });

  const rows = (): Promise<CodeRow[]> => t.db.query('SELECT * FROM redemptions ORDER BY id');
  const row = async (id: number): Promise<CodeRow> => (await t.db.query('SELECT * FROM redemptions WHERE id = $1', [id]))[0];
  const create = (body: object, agent: TestAgent = admin.agent) => agent.post('/api/redemption/').send(body);
  /** Creates codes through the API and answers their rows, oldest first. */
  const createRows = async (body: object, agent?: TestAgent): Promise<CodeRow[]> => {
    const reply = await create(body, agent);
    expect(reply.body.success, reply.body.message).toBe(true);
    const hashes = (reply.body.data as string[]).map(sha256);
    const found: CodeRow[] = await t.db.query('SELECT * FROM redemptions WHERE key_hash = ANY($1) ORDER BY id', [hashes]);
    expect(found).toHaveLength(hashes.length);
    return found;
  };

  describe('create and list', () => {
    beforeEach(async () => {
      await t.db.query('DELETE FROM redemptions');
    });

    it('creates count codes of 32 hex characters, stored only as hash and sealed copy, answered once', async () => {
      const before = now();
      const reply = await create({ name: '  春节活动  ', quota: 500000, count: 3 });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ success: true, message: '' });
      const codes = reply.body.data as string[];
      expect(codes).toHaveLength(3);
      for (const code of codes) expect(code).toMatch(CODE);
      expect(new Set(codes).size).toBe(3);

      const stored = await rows();
      expect(stored.map((r) => r.key_hash)).toEqual(codes.map(sha256));
      for (const r of stored) {
        expect(r).toMatchObject({ creator_id: admin.userId, name: '春节活动', status: 1, quota: '500000', redeemed_time: '0', used_user_id: 0, expired_time: '0' });
        expect(Number(r.created_time)).toBeGreaterThanOrEqual(before);
        expect(Number(r.created_time)).toBeLessThanOrEqual(now());
        expect(r.key_sealed.startsWith('enc:v1:')).toBe(true);
        expect(codes.some((code) => r.key_sealed.includes(code))).toBe(false);
      }
    });

    it('lists every code newest first with its full key, paged by p and page_size', async () => {
      const first = (await create({ name: 'a', quota: 1, count: 2 })).body.data as string[];
      const second = (await create({ name: 'b', quota: 2, count: 1 }, root)).body.data as string[];
      const all = [...first, ...second];

      const page0 = await admin.agent.get('/api/redemption/?p=0&page_size=2');
      expect(page0.body.success).toBe(true);
      expect(page0.body.data).toMatchObject({ total: 3, page: 0, page_size: 2 });
      expect(page0.body.data.items.map((item: { key: string }) => item.key)).toEqual([all[2], all[1]]);
      expect(Object.keys(page0.body.data.items[0]).sort()).toEqual(VIEW_FIELDS);
      const [newest] = await t.db.query('SELECT id, created_time FROM redemptions ORDER BY id DESC LIMIT 1');
      expect(page0.body.data.items[0]).toEqual({
        id: newest.id,
        name: 'b',
        key: all[2],
        status: 1,
        quota: 2,
        created_time: Number(newest.created_time),
        redeemed_time: 0,
        used_user_id: 0,
        expired_time: 0,
      });

      const page1 = await admin.agent.get('/api/redemption/?p=1&page_size=2');
      expect(page1.body.data.items.map((item: { key: string }) => item.key)).toEqual([all[0]]);
      const byDefault = await admin.agent.get('/api/redemption/');
      expect(byDefault.body.data).toMatchObject({ total: 3, page: 0, page_size: 10 });
    });

    it('takes a count of 1 by default, up to 100 at once, a future expiry and the largest safe quota', async () => {
      expect((await create({ name: '单个', quota: 7 })).body.data).toHaveLength(1);
      const hundred = await create({ name: '批量', quota: 7, count: 100 });
      expect(hundred.body.data).toHaveLength(100);
      expect(new Set(hundred.body.data).size).toBe(100);
      const expiry = now() + 3600;
      const [expiring] = await createRows({ name: '限时', quota: Number.MAX_SAFE_INTEGER, expired_time: expiry });
      expect(expiring).toMatchObject({ quota: String(Number.MAX_SAFE_INTEGER), expired_time: String(expiry) });
      const [twenty] = await createRows({ name: '名'.repeat(20), quota: 1, expired_time: 0 });
      expect(twenty.name).toBe('名'.repeat(20));
      expect(await rows()).toHaveLength(103);
    });

    it.each([
      [{ quota: 1 }, '请输入名称'],
      [{ name: '   ', quota: 1 }, '请输入名称'],
      [{ name: 5, quota: 1 }, '请输入名称'],
      [{ name: '名'.repeat(21), quota: 1 }, '名称不能超过 20 个字符'],
      [{ name: 'x' }, '请输入额度'],
      [{ name: 'x', quota: 0 }, '额度必须是正整数'],
      [{ name: 'x', quota: -5 }, '额度必须是正整数'],
      [{ name: 'x', quota: 1.5 }, '额度必须是正整数'],
      [{ name: 'x', quota: '100' }, '额度必须是正整数'],
      [{ name: 'x', quota: null }, '请输入额度'],
      [{ name: 'x', quota: 1, count: 0 }, '数量必须是 1 到 100 之间的整数'],
      [{ name: 'x', quota: 1, count: 101 }, '数量必须是 1 到 100 之间的整数'],
      [{ name: 'x', quota: 1, count: 2.5 }, '数量必须是 1 到 100 之间的整数'],
      [{ name: 'x', quota: 1, count: '3' }, '数量必须是 1 到 100 之间的整数'],
      [{ name: 'x', quota: 1, expired_time: -1 }, '过期时间格式错误'],
      [{ name: 'x', quota: 1, expired_time: 'tomorrow' }, '过期时间格式错误'],
      [{ name: 'x', quota: 1, expired_time: 1_800_000_000_000 }, '过期时间格式错误'],
      [{ name: 'x', quota: 1, expired_time: 1_600_000_000 }, '过期时间不能早于当前时间'],
    ])('refuses %j with its message and stores nothing', async (body, message) => {
      const reply = await create(body);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: false, message, data: null });
      expect(await rows()).toEqual([]);
    });

    it('refuses a NUL character or a quota beyond 2^53 − 1 with 400 before storing anything', async () => {
      const nul = await create({ name: 'a\u0000b', quota: 1 });
      expect(nul.status).toBe(400);
      expect(nul.body).toEqual({ success: false, message: '参数中不能包含空字符', data: null });
      const huge = await admin.agent.post('/api/redemption/').set('Content-Type', 'application/json').send('{"name":"x","quota":1e20}');
      expect(huge.status).toBe(400);
      expect(huge.body).toEqual({ success: false, message: '数值超出范围', data: null });
      expect(await rows()).toEqual([]);
    });
  });

  describe('search and get', () => {
    let ids: number[];
    beforeAll(async () => {
      await t.db.query('DELETE FROM redemptions');
      const created = [
        ...(await createRows({ name: '春节活动', quota: 1, count: 2 })),
        ...(await createRows({ name: '中秋100%返利', quota: 2 })),
        ...(await createRows({ name: 'Summer', quota: 3 })),
      ];
      ids = created.map((r) => r.id);
    });

    const searchNames = async (query: Record<string, string | number>) => {
      const reply = await admin.agent.get('/api/redemption/search').query(query);
      expect(reply.body.success, reply.body.message).toBe(true);
      return reply.body.data as { items: Array<{ id: number; name: string }>; total: number };
    };

    it('matches a part of the name, case-insensitively and literally, newest first', async () => {
      expect((await searchNames({ keyword: '春节' })).items.map((item) => item.id)).toEqual([ids[1], ids[0]]);
      expect((await searchNames({ keyword: 'summer' })).items.map((item) => item.name)).toEqual(['Summer']);
      expect((await searchNames({ keyword: '100%' })).items.map((item) => item.name)).toEqual(['中秋100%返利']);
      expect((await searchNames({ keyword: '_' })).total).toBe(0);
    });

    it('matches the id exactly when the keyword is a number', async () => {
      const found = await searchNames({ keyword: String(ids[2]) });
      expect(found.items.map((item) => item.id)).toEqual([ids[2]]);
      expect((await searchNames({ keyword: '99999999999' })).total).toBe(0);
    });

    it('answers every code, paged, for an empty keyword', async () => {
      const found = await searchNames({ keyword: '', p: 1, page_size: 3 });
      expect(found).toMatchObject({ total: 4, page: 1, page_size: 3 });
      expect(found.items.map((item) => item.id)).toEqual([ids[0]]);
    });

    it('refuses a bad page size or an overlong keyword', async () => {
      expect((await admin.agent.get('/api/redemption/search?page_size=101')).body).toEqual({ success: false, message: '每页条数必须在 1 到 100 之间', data: null });
      expect((await admin.agent.get('/api/redemption/?p=-1')).body).toEqual({ success: false, message: '页码不能小于 0', data: null });
      expect((await admin.agent.get('/api/redemption/search').query({ keyword: 'k'.repeat(65) })).body.message).toBe('搜索关键字过长');
    });

    it('gets one code with its full key; an unknown or impossible id is not found', async () => {
      const reply = await admin.agent.get(`/api/redemption/${ids[3]}`);
      expect(reply.body).toMatchObject({ success: true, data: { id: ids[3], name: 'Summer', quota: 3, status: 1 } });
      expect(sha256(reply.body.data.key)).toBe((await row(ids[3])).key_hash);
      for (const bad of [ids[3] + 1000, 0, 'abc', 99999999999]) {
        expect((await admin.agent.get(`/api/redemption/${bad}`)).body, String(bad)).toEqual({ success: false, message: '兑换码不存在', data: null });
      }
    });
  });

  describe('edit, enable and disable, delete', () => {
    let id: number;
    beforeEach(async () => {
      await t.db.query('DELETE FROM redemptions');
      // Made by root: any administrator manages every code.
      [{ id }] = await createRows({ name: '原名', quota: 100 }, root);
    });

    const edit = (body: object, agent: TestAgent = admin.agent) => agent.put('/api/redemption/').send(body);
    const setStatus = (body: object, agent: TestAgent = admin.agent) => agent.put('/api/redemption/?status_only=true').send(body);

    it('edits the name, quota and expiry of an unused code, and answers the code', async () => {
      const expiry = now() + 7200;
      const reply = await edit({ id, name: ' 新名 ', quota: 250, expired_time: expiry });
      expect(reply.body).toMatchObject({ success: true, data: { id, name: '新名', quota: 250, expired_time: expiry, status: 1 } });
      expect(reply.body.data.key).toMatch(CODE);
      expect(await row(id)).toMatchObject({ name: '新名', quota: '250', expired_time: String(expiry), status: 1 });
      // Left out, quota and expiry keep their value; 0 takes the expiry away.
      expect((await edit({ id, name: '再改' }, otherAdmin)).body.data).toMatchObject({ name: '再改', quota: 250, expired_time: expiry });
      expect((await edit({ id, name: '再改', expired_time: 0 })).body.data.expired_time).toBe(0);
    });

    it('keeps an expiry that has passed while other fields change, but refuses a new past one', async () => {
      await t.db.query('UPDATE redemptions SET expired_time = 1600000000 WHERE id = $1', [id]);
      expect((await edit({ id, name: '过期的', expired_time: 1_600_000_000 })).body.success).toBe(true);
      expect((await edit({ id, name: '过期的', expired_time: 1_600_000_001 })).body).toEqual({ success: false, message: '过期时间不能早于当前时间', data: null });
      expect(Number((await row(id)).expired_time)).toBe(1_600_000_000);
    });

    it('refuses to edit a used or disabled code, changing nothing', async () => {
      await t.db.query('UPDATE redemptions SET status = 3, used_user_id = 1, redeemed_time = 1700000000 WHERE id = $1', [id]);
      expect((await edit({ id, name: '改', quota: 1 })).body).toEqual({ success: false, message: '兑换码已被使用，不能编辑', data: null });
      await t.db.query('UPDATE redemptions SET status = 2 WHERE id = $1', [id]);
      expect((await edit({ id, name: '改', quota: 1 })).body).toEqual({ success: false, message: '兑换码已禁用，请先启用再编辑', data: null });
      expect(await row(id)).toMatchObject({ name: '原名', quota: '100' });
    });

    it.each([
      [{ id: undefined, name: '改' }, '兑换码不存在'],
      [{ id: 99999, name: '改' }, '兑换码不存在'],
      [{ id: '1', name: '改' }, '兑换码不存在'],
      [{ id: 99999999999, name: '改' }, '兑换码不存在'],
      [{ name: '' }, '请输入名称'],
      [{ name: '名'.repeat(21) }, '名称不能超过 20 个字符'],
      [{ name: '改', quota: 0 }, '额度必须是正整数'],
      [{ name: '改', expired_time: 'soon' }, '过期时间格式错误'],
    ])('refuses the edit %j with its message', async (body, message) => {
      const reply = await edit({ id, ...body });
      expect(reply.body).toEqual({ success: false, message, data: null });
      expect(await row(id)).toMatchObject({ name: '原名', quota: '100', status: 1 });
    });

    it('disables and enables a code with status_only, touching nothing else', async () => {
      const disabled = await setStatus({ id, status: 2, name: 'ignored', quota: 1 });
      expect(disabled.body).toMatchObject({ success: true, data: { id, status: 2, name: '原名', quota: 100 } });
      expect(await row(id)).toMatchObject({ status: 2, name: '原名', quota: '100' });
      expect((await setStatus({ id, status: 2 }, otherAdmin)).body.data.status).toBe(2);
      expect((await setStatus({ id, status: 1 })).body.data.status).toBe(1);
      expect((await row(id)).status).toBe(1);
    });

    it('refuses to enable or disable a used code, and any status but 1 or 2', async () => {
      for (const status of [3, 0, '1', null]) {
        expect((await setStatus({ id, status })).body, String(status)).toEqual({ success: false, message: '兑换码状态只能设为启用或禁用', data: null });
      }
      await t.db.query('UPDATE redemptions SET status = 3 WHERE id = $1', [id]);
      for (const status of [1, 2]) {
        expect((await setStatus({ id, status })).body).toEqual({ success: false, message: '兑换码已被使用，不能启用或禁用', data: null });
      }
      expect((await row(id)).status).toBe(3);
      expect((await setStatus({ id: id + 1000, status: 1 })).body.message).toBe('兑换码不存在');
    });

    it('deletes a code for good, used or not', async () => {
      const [{ id: used }] = await createRows({ name: '已用', quota: 1 });
      await t.db.query('UPDATE redemptions SET status = 3 WHERE id = $1', [used]);
      for (const target of [id, used]) {
        const reply = await otherAdmin.delete(`/api/redemption/${target}/`);
        expect(reply.body).toEqual({ success: true, message: '', data: null });
      }
      expect(await rows()).toEqual([]);
      expect((await admin.agent.delete(`/api/redemption/${id}/`)).body).toEqual({ success: false, message: '兑换码不存在', data: null });
    });
  });

  describe('roles', () => {
    let id: number;
    beforeAll(async () => {
      await t.db.query('DELETE FROM redemptions');
      [{ id }] = await createRows({ name: '角色', quota: 5 });
    });

    const calls = (codeId: number): Array<[string, (agent: TestAgent) => ReturnType<TestAgent['get']>]> => [
      ['list', (agent) => agent.get('/api/redemption/')],
      ['search', (agent) => agent.get('/api/redemption/search?keyword=角色')],
      ['get', (agent) => agent.get(`/api/redemption/${codeId}`)],
      ['create', (agent) => agent.post('/api/redemption/').send({ name: '越权', quota: 1, count: 2 })],
      ['edit', (agent) => agent.put('/api/redemption/').send({ id: codeId, name: '越权', quota: 999 })],
      ['status', (agent) => agent.put('/api/redemption/?status_only=true').send({ id: codeId, status: 2 })],
      ['delete', (agent) => agent.delete(`/api/redemption/${codeId}/`)],
    ];

    it('refuses an ordinary user with 403 and a guest with 401 on every route, changing nothing', async () => {
      const before = await rows();
      for (const [what, call] of calls(id)) {
        const asUser = await call(user);
        expect(asUser.status, what).toBe(403);
        expect(asUser.body, what).toEqual({ success: false, message: '无权进行此操作，权限不足', data: null });
        expect((await call(t.http())).status, what).toBe(401);
      }
      expect(await rows()).toEqual(before);
    });

    it('lets root and every administrator use every route', async () => {
      for (const agent of [root, admin.agent, otherAdmin]) {
        const [{ id: codeId }] = await createRows({ name: '角色', quota: 5 }, agent);
        for (const [what, call] of calls(codeId)) {
          const reply = await call(agent);
          expect(reply.status, what).toBe(200);
          expect(reply.body.success, `${what}: ${reply.body.message}`).toBe(true);
        }
      }
    });
  });
});
