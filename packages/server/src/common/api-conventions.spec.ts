import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';

const CHINESE = /[\u4e00-\u9fa5]/;

/** Nothing of the server's insides: no stack frames, error class names, file paths or SQL. */
function expectNoInternals(reply: Response): void {
  const text = reply.text;
  expect(text).not.toMatch(/Error/);
  expect(text).not.toMatch(/\bat \S+ \(/);
  expect(text).not.toMatch(/\.(ts|js):\d+/);
  expect(text).not.toMatch(/\/(work|home|usr|app|node_modules)\//);
  expect(text).not.toMatch(/SELECT|relation|update_notes/i);
  expect(text).not.toMatch(/stack|statusCode/);
}

/** The console envelope of DESIGN.md §4, and nothing else. */
function expectEnvelope(reply: Response, success: boolean): void {
  expect(reply.headers['content-type']).toMatch(/application\/json/);
  expect(Object.keys(reply.body).sort()).toEqual(['data', 'message', 'success']);
  expect(reply.body.success).toBe(success);
  expect(typeof reply.body.message).toBe('string');
}

describe('console API conventions (integration)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('wraps a successful reply in {success, message, data}', async () => {
    const status = await t.http().get('/api/status');
    expect(status.status).toBe(200);
    expectEnvelope(status, true);
    expect(status.body.message).toBe('');
    expect(status.body.data.system_name).toBeTypeOf('string');

    const { agent } = await t.login('root', ROOT_PASSWORD);
    const self = await agent.get('/api/user/self');
    expectEnvelope(self, true);
    expect(self.body.data).toMatchObject({ id: 1, username: 'root' });
  });

  it.each([
    ['get', '/api/no-such-route'],
    ['get', '/api/user/no/such/thing'],
    ['post', '/api/status'],
    ['delete', '/api/option/'],
  ] as const)('answers an unknown %s %s with 404 in the envelope', async (method, path) => {
    const reply = await t.http()[method](path);
    expect(reply.status).toBe(404);
    expectEnvelope(reply, false);
    expect(reply.body).toEqual({ success: false, message: '接口不存在', data: null });
    expectNoInternals(reply);
  });

  it('answers a malformed JSON body with a 4xx envelope and no internals', async () => {
    for (const path of ['/api/user/login', '/api/user/register']) {
      const reply = await t.http().post(path).set('Content-Type', 'application/json').send('{"username": "root", "password":');
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expectEnvelope(reply, false);
      expect(reply.body.message).toMatch(CHINESE);
      expect(reply.body.data).toBeNull();
      expectNoInternals(reply);
      expect(reply.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers a body over the size limit with 413 in the envelope', async () => {
    const reply = await t
      .http()
      .post('/api/user/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ username: 'root', password: 'x'.repeat(11 * 1024 * 1024) }));
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ success: false, message: '请求内容过大', data: null });
    expectNoInternals(reply);
  });

  it.each([
    ['an unknown charset', 'application/json; charset=latin9', undefined, 415],
    ['a body that does not decompress', 'application/json', 'br', 400],
  ])('answers %s as a client error in the envelope', async (_case, contentType, encoding, status) => {
    const call = t.http().post('/api/user/login').set('Content-Type', contentType);
    if (encoding) call.set('Content-Encoding', encoding);
    const reply = await call.send('{"username":"root","password":"x"}');
    expect(reply.status).toBe(status);
    expectEnvelope(reply, false);
    expect(reply.body.message).toMatch(CHINESE);
    expectNoInternals(reply);
  });

  it('drops fields a DTO does not declare: registering with role 100 makes a normal user', async () => {
    const reply = await t
      .http()
      .post('/api/user/register')
      .send({ username: 'sneaky', password: 'password-123', password2: 'password-123', aff_code: await t.inviteCode(), role: 100, quota: 999_999_999, status: 1, group: 'svip', id: 4242 });
    expect(reply.body).toMatchObject({ success: true });
    const [row] = await t.db.query('SELECT id, role, quota, "group" FROM users WHERE username = $1', ['sneaky']);
    expect(row.role).toBe(1);
    expect(Number(row.quota)).toBe(0);
    expect(row.group).toBe('default');
    expect(row.id).not.toBe(4242);
    const { agent } = await t.login('sneaky', 'password-123');
    expect((await agent.get('/api/option/')).status).toBe(403);
  });

  it('rejects a wrong type with success false and a Chinese message', async () => {
    for (const body of [
      { username: 123, password: ROOT_PASSWORD },
      { username: ['root'], password: ROOT_PASSWORD },
      { username: 'root', password: { $ne: '' } },
      { username: { $gt: '' }, password: ROOT_PASSWORD },
    ]) {
      const reply = await t.http().post('/api/user/login').send(body);
      expect(reply.status, JSON.stringify(body)).toBe(200);
      expectEnvelope(reply, false);
      expect(reply.body.message).toMatch(CHINESE);
      expect(reply.body.data).toBeNull();
      expect(reply.headers['set-cookie']).toBeUndefined();
    }
    const register = await t.http().post('/api/user/register').send({ username: 'typed', password: 12345678901 });
    expect(register.body.success).toBe(false);
    expect(register.body.message).toMatch(CHINESE);
    expect(await t.db.query('SELECT id FROM users WHERE username = $1', ['typed'])).toEqual([]);
  });

  it('answers an internal failure with 500 in the envelope and never a stack trace', async () => {
    const { agent } = await t.login('root', ROOT_PASSWORD);
    await t.db.query('ALTER TABLE update_notes RENAME TO update_notes_hidden');
    try {
      const reply = await agent.get('/api/update/');
      expect(reply.status).toBe(500);
      expect(reply.body).toEqual({ success: false, message: '服务器内部错误，请联系管理员', data: null });
      expectNoInternals(reply);
    } finally {
      await t.db.query('ALTER TABLE update_notes_hidden RENAME TO update_notes');
    }
    expect((await agent.get('/api/update/')).body).toEqual({ success: true, message: '', data: [] });
  });

  it('answers 401 and 403 in the envelope', async () => {
    const guest = await t.http().get('/api/user/self');
    expect(guest.status).toBe(401);
    expectEnvelope(guest, false);
    expect(guest.body.message).toMatch(CHINESE);
    const { agent } = await t.signUp('plain-user');
    const forbidden = await agent.get('/api/option/');
    expect(forbidden.status).toBe(403);
    expectEnvelope(forbidden, false);
    expect(forbidden.body.message).toMatch(CHINESE);
  });
});
