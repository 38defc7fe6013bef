import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';

interface ContactRow {
  id: number;
  name: string;
  phone: string;
  company: string;
  remark: string;
  status: number;
  updated_at: string;
}

const VALID = { name: '张三', phone: '13800138000', company: '示例科技有限公司', remark: '需要医疗问答数据' };

describe('customer contact requests (integration)', () => {
  let t: TestApp;
  let root: TestAgent;
  let admin: TestAgent;
  let user: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    root = (await t.login('root', ROOT_PASSWORD)).agent;
    const promoted = await t.signUp('contact-admin');
    await t.db.query('UPDATE users SET role = 10 WHERE id = $1', [promoted.userId]);
    admin = promoted.agent;
    user = (await t.signUp('contact-user')).agent;
  });
  afterAll(async () => {
    await t.close();
  });

  const rows = (): Promise<ContactRow[]> => t.db.query('SELECT * FROM customer_connects ORDER BY id');
  const submit = (body: unknown) => t.http().post('/api/customer_connect/').send(body as object);

  describe('public submission', () => {
    beforeEach(async () => {
      await t.db.query('DELETE FROM customer_connects');
    });

    it('stores a guest request as pending, stamped with the submission time in unix seconds', async () => {
      const before = Math.floor(Date.now() / 1000);
      const reply = await submit({ ...VALID, name: '  张三  ' });
      const after = Math.floor(Date.now() / 1000);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: true, message: '提交成功，我们会尽快与您联系', data: null });
      const [row, ...rest] = await rows();
      expect(rest).toEqual([]);
      expect(row).toMatchObject({ name: '张三', phone: '13800138000', company: '示例科技有限公司', remark: '需要医疗问答数据', status: 0 });
      expect(Number(row.updated_at)).toBeGreaterThanOrEqual(before);
      expect(Number(row.updated_at)).toBeLessThanOrEqual(after);
    });

    it('takes company and remark as optional, and ignores a status or id the caller sends', async () => {
      const reply = await submit({ name: '李四', phone: '19912345678', status: 2, id: 99999, updated_at: 1 });
      expect(reply.body.success).toBe(true);
      const [row] = await rows();
      expect(row).toMatchObject({ name: '李四', phone: '19912345678', company: '', remark: '', status: 0 });
      expect(row.id).not.toBe(99999);
      expect(Number(row.updated_at)).toBeGreaterThan(1_600_000_000);
    });

    it('accepts every second digit from 3 to 9', async () => {
      for (const second of [3, 4, 5, 6, 7, 8, 9]) {
        const reply = await submit({ ...VALID, phone: `1${second}012345678` });
        expect(reply.body.success, String(second)).toBe(true);
      }
      expect(await rows()).toHaveLength(7);
    });

    it.each([
      [{ ...VALID, name: undefined }, '请输入姓名'],
      [{ ...VALID, name: '   ' }, '请输入姓名'],
      [{ ...VALID, name: 42 }, '请输入姓名'],
      [{ ...VALID, name: '名'.repeat(51) }, '姓名不能超过 50 个字符'],
      [{ ...VALID, phone: undefined }, '请输入手机号'],
      [{ ...VALID, phone: '' }, '请输入手机号'],
      [{ ...VALID, phone: '1380013800' }, '请输入正确的 11 位手机号'],
      [{ ...VALID, phone: '138001380001' }, '请输入正确的 11 位手机号'],
      [{ ...VALID, phone: '12800138000' }, '请输入正确的 11 位手机号'],
      [{ ...VALID, phone: '23800138000' }, '请输入正确的 11 位手机号'],
      [{ ...VALID, phone: '1380013800a' }, '请输入正确的 11 位手机号'],
      [{ ...VALID, phone: '+8613800138000' }, '请输入正确的 11 位手机号'],
      [{ ...VALID, phone: 13800138000 }, '请输入正确的 11 位手机号'],
      [{ ...VALID, company: '司'.repeat(101) }, '公司名称不能超过 100 个字符'],
      [{ ...VALID, company: 7 }, '公司名称必须是字符串'],
      [{ ...VALID, remark: '备'.repeat(501) }, '备注不能超过 500 个字符'],
    ])('refuses %j with its message and stores nothing', async (body, message) => {
      const reply = await submit(body);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: false, message, data: null });
      expect(await rows()).toEqual([]);
    });

    it('takes text at the length limits', async () => {
      const reply = await submit({ name: '名'.repeat(50), phone: '13800138000', company: '司'.repeat(100), remark: '备'.repeat(500) });
      expect(reply.body.success).toBe(true);
      expect(await rows()).toHaveLength(1);
    });

    it('refuses a NUL character with 400 before storing anything', async () => {
      for (const body of [{ ...VALID, name: 'a\u0000b' }, { ...VALID, remark: '\u0000' }]) {
        const reply = await submit(body);
        expect(reply.status).toBe(400);
        expect(reply.body).toEqual({ success: false, message: '参数中不能包含空字符', data: null });
      }
      expect(await rows()).toEqual([]);
    });
  });

  describe('admin list', () => {
    const BASE = 1_750_000_000;
    const DAY = 86_400;
    beforeAll(async () => {
      await t.db.query('DELETE FROM customer_connects');
      // 12 requests, one a day, newest last; status cycles 0, 1, 2, 3.
      for (let i = 0; i < 12; i++) {
        await t.db.query('INSERT INTO customer_connects (name, phone, company, remark, status, updated_at) VALUES ($1, $2, $3, $4, $5, $6)', [
          `客户${i}`,
          `1380000000${i % 10}`,
          i % 2 === 0 ? `公司${i}` : '',
          i % 3 === 0 ? `备注${i}` : '',
          i % 4,
          BASE + i * DAY,
        ]);
      }
    });

    const names = (reply: { body: { data: { data: { list: Array<{ name: string }> } } } }) => reply.body.data.data.list.map((row) => row.name);

    it('answers data.data.list (newest first) and data.total, 10 a page by default', async () => {
      const reply = await admin.post('/api/customer_connect/admin').send({});
      expect(reply.status).toBe(200);
      expect(reply.body.success).toBe(true);
      expect(reply.body.data.total).toBe(12);
      expect(names(reply)).toEqual(['客户11', '客户10', '客户9', '客户8', '客户7', '客户6', '客户5', '客户4', '客户3', '客户2']);
      expect(reply.body.data.data.list[1]).toEqual({
        id: expect.any(Number),
        name: '客户10',
        phone: '13800000000',
        company: '公司10',
        remark: '',
        status: 2,
        updated_at: BASE + 10 * DAY,
      });
    });

    it('pages by page (from 1) and page_size, in the body or the query string', async () => {
      const body = await admin.post('/api/customer_connect/admin').send({ page: 2, page_size: 5 });
      expect(names(body)).toEqual(['客户6', '客户5', '客户4', '客户3', '客户2']);
      expect(body.body.data).toMatchObject({ total: 12, page: 2, page_size: 5 });
      const query = await admin.post('/api/customer_connect/admin?page=3&page_size=5');
      expect(names(query)).toEqual(['客户1', '客户0']);
      expect(query.body.data.total).toBe(12);
    });

    it('filters by status and by a date range on updated_at, both ends included', async () => {
      const pending = await admin.post('/api/customer_connect/admin').send({ status: 0 });
      expect(names(pending)).toEqual(['客户8', '客户4', '客户0']);
      expect(pending.body.data.total).toBe(3);

      const range = await admin.post('/api/customer_connect/admin').send({ dateRange: [BASE + 2 * DAY, BASE + 5 * DAY] });
      expect(names(range)).toEqual(['客户5', '客户4', '客户3', '客户2']);

      const both = await admin.post(`/api/customer_connect/admin?status=1&dateRange=${BASE},${BASE + 6 * DAY}`);
      expect(names(both)).toEqual(['客户5', '客户1']);
      expect(both.body.data.total).toBe(2);

      // The page's all-statuses entry sends nothing, or an empty value.
      const all = await admin.post('/api/customer_connect/admin?status=&dateRange=');
      expect(all.body.data.total).toBe(12);
    });

    it.each([
      [{ page: 0 }, '页码不能小于 1'],
      [{ page_size: 101 }, '每页条数必须在 1 到 100 之间'],
      [{ status: 4 }, '状态值无效'],
      [{ status: 'x' }, '状态值无效'],
      [{ dateRange: [BASE] }, '时间范围格式错误'],
      [{ dateRange: ['a', 'b'] }, '时间范围格式错误'],
      [{ dateRange: 'yesterday' }, '时间范围格式错误'],
      [{ dateRange: [BASE + DAY, BASE] }, '开始时间不能晚于结束时间'],
    ])('refuses %j with a clear message', async (body, message) => {
      const reply = await admin.post('/api/customer_connect/admin').send(body);
      expect(reply.body).toEqual({ success: false, message, data: null });
    });
  });

  describe('status update', () => {
    let id: number;
    beforeEach(async () => {
      await t.db.query('DELETE FROM customer_connects');
      [{ id }] = await t.db.query(`INSERT INTO customer_connects (name, phone, status, updated_at) VALUES ('王五', '13900000000', 0, 1750000000) RETURNING id`);
    });

    it('sets any status from 0 to 3, in any order, and keeps the submission time', async () => {
      for (const status of [2, 1, 3, 0, 3]) {
        const reply = await admin.put('/api/customer_connect/admin/status').send({ id, status });
        expect(reply.body).toMatchObject({ success: true, message: '状态更新成功', data: { id, status, updated_at: 1_750_000_000 } });
        const [row] = await rows();
        expect(row.status).toBe(status);
        expect(Number(row.updated_at)).toBe(1_750_000_000);
      }
    });

    it.each([
      [{ status: 4 }, '状态值无效'],
      [{ status: -1 }, '状态值无效'],
      [{ status: '1' }, '状态值无效'],
      [{ status: null }, '状态值无效'],
    ])('refuses %j and leaves the row alone', async (change, message) => {
      const reply = await admin.put('/api/customer_connect/admin/status').send({ id, ...change });
      expect(reply.body).toEqual({ success: false, message, data: null });
      expect((await rows())[0].status).toBe(0);
    });

    it('says the record does not exist for an unknown or impossible id', async () => {
      for (const badId of [id + 1000, 0, -3, 'abc', 2_147_483_648]) {
        const reply = await admin.put('/api/customer_connect/admin/status').send({ id: badId, status: 1 });
        expect(reply.body, String(badId)).toEqual({ success: false, message: '联系记录不存在', data: null });
      }
      const missing = await admin.put('/api/customer_connect/admin/status').send({ status: 1 });
      expect(missing.body).toEqual({ success: false, message: '联系记录不存在', data: null });
      expect((await rows())[0].status).toBe(0);
    });
  });

  describe('roles', () => {
    it('lets root and administrators read and change the list', async () => {
      expect((await root.post('/api/customer_connect/admin').send({})).body.success).toBe(true);
      expect((await admin.post('/api/customer_connect/admin').send({})).body.success).toBe(true);
    });

    it('refuses an ordinary user with 403 and a guest with 401, changing nothing', async () => {
      await t.db.query('DELETE FROM customer_connects');
      const [{ id }] = await t.db.query(`INSERT INTO customer_connects (name, phone, status, updated_at) VALUES ('赵六', '13700000000', 0, 1750000000) RETURNING id`);
      const list = await user.post('/api/customer_connect/admin').send({});
      expect(list.status).toBe(403);
      expect(list.body).toMatchObject({ success: false, data: null });
      const change = await user.put('/api/customer_connect/admin/status').send({ id, status: 2 });
      expect(change.status).toBe(403);
      expect((await t.http().post('/api/customer_connect/admin').send({})).status).toBe(401);
      expect((await t.http().put('/api/customer_connect/admin/status').send({ id, status: 2 })).status).toBe(401);
      expect((await rows())[0].status).toBe(0);
    });

    it('lets a signed-in user submit a request too', async () => {
      const reply = await user.post('/api/customer_connect/').send(VALID);
      expect(reply.body.success).toBe(true);
    });
  });
});

describe('customer contact submission rate limit (integration)', () => {
  const LIMIT = 3;
  let t: TestApp;
  beforeAll(async () => {
    // Behind a trusted proxy, so that the test can speak for several client addresses.
    t = await startTestApp({ RATE_LIMIT_AUTH: String(LIMIT), TRUSTED_PROXIES: 'loopback' });
  });
  afterAll(async () => {
    await t.close();
  });

  const submitFrom = (address: string, body: object = VALID) => t.http().post('/api/customer_connect/').set('X-Forwarded-For', address).send(body);

  it(`refuses an address's request after ${LIMIT} in a minute with 429, counting refused ones, while other addresses still submit`, async () => {
    expect((await submitFrom('203.0.113.10', { ...VALID, phone: '123' })).body.success).toBe(false);
    for (let attempt = 2; attempt <= LIMIT; attempt++) {
      expect((await submitFrom('203.0.113.10')).body.success, `attempt ${attempt}`).toBe(true);
    }
    const blocked = await submitFrom('203.0.113.10');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ success: false, message: '请求次数过多，请稍后再试', data: null });

    const other = await submitFrom('198.51.100.20');
    expect(other.body.success).toBe(true);
    const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM customer_connects');
    expect(count).toBe(LIMIT - 1 + 1);
  });
});
