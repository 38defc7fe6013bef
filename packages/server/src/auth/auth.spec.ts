import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';

const sessionCookie = (setCookie: string[] | string | undefined): string => {
  const cookies = Array.isArray(setCookie) ? setCookie : [setCookie ?? ''];
  const cookie = cookies.find((value) => value.startsWith('session='));
  if (!cookie) throw new Error('no session cookie set');
  return cookie.split(';')[0];
};

describe('authentication and sessions (integration)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sets an HttpOnly, SameSite=Lax session cookie and a new session id at every login', async () => {
    const first = await t.http().post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD });
    const second = await t.http().post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD });
    const raw = ([] as string[]).concat(first.headers['set-cookie'] ?? []).join(';');
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(sessionCookie(first.headers['set-cookie'])).not.toBe(sessionCookie(second.headers['set-cookie']));
  });

  it('stores only a hash of the session id', async () => {
    const reply = await t.http().post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD });
    const cookie = decodeURIComponent(sessionCookie(reply.headers['set-cookie']).slice('session='.length));
    const id = cookie.slice(2, cookie.lastIndexOf('.')); // signed cookie: s:<id>.<signature>
    const rows = await t.db.query('SELECT id_hash FROM sessions');
    const hashes = rows.map((row: { id_hash: string }) => row.id_hash);
    expect(hashes).toContain(createHash('sha256').update(id).digest('hex'));
    expect(hashes).not.toContain(id);
  });

  it('rejects a wrong password with one message for every failure', async () => {
    const wrong = await t.http().post('/api/user/login').send({ username: 'root', password: 'not-the-password' });
    const unknown = await t.http().post('/api/user/login').send({ username: 'nobody', password: 'not-the-password' });
    expect(wrong.body).toMatchObject({ success: false, message: '用户名或密码错误，或用户已被封禁' });
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('requires the spec messages for empty fields', async () => {
    expect((await t.http().post('/api/user/login').send({ password: 'x' })).body.message).toBe('请输入用户名');
    expect((await t.http().post('/api/user/login').send({ username: 'root' })).body.message).toBe('请输入密码');
  });

  it('kills the session on the server at logout: the old cookie no longer works', async () => {
    const login = await t.http().post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD });
    const cookie = sessionCookie(login.headers['set-cookie']);
    const before = await t.http().get('/api/user/self').set('Cookie', cookie).set('New-Api-User', '1');
    expect(before.status).toBe(200);
    // A GET (a link or an image on another site) signs nobody out.
    expect((await t.http().get('/api/user/logout').set('Cookie', cookie)).body.success).toBe(false);
    expect((await t.http().get('/api/user/self').set('Cookie', cookie).set('New-Api-User', '1')).status).toBe(200);
    const logout = await t.http().post('/api/user/logout').set('Cookie', cookie);
    expect(logout.body.success).toBe(true);
    const after = await t.http().get('/api/user/self').set('Cookie', cookie).set('New-Api-User', '1');
    expect(after.status).toBe(401);
  });

  it('tells the sessions of calls made at once apart: two of one user, an ended one, an unknown one', async () => {
    const login = async () => sessionCookie((await t.http().post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD })).headers['set-cookie']);
    const [first, second, ended] = [await login(), await login(), await login()];
    await t.http().post('/api/user/logout').set('Cookie', ended);
    const self = (cookie: string) => t.http().get('/api/user/self').set('Cookie', cookie).set('New-Api-User', '1');
    // Sent together: those that arrive in one turn are read in one query (Authenticator's batch).
    const replies = await Promise.all([self(first), self(ended), self(second), self('session=s%3Anobody.forged')]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 401, 200, 401]);
    expect(replies[0].body.data.id).toBe(1);
    expect(replies[2].body.data.id).toBe(1);
  });

  it('requires New-Api-User to name the signed-in user', async () => {
    const { agent } = await t.login('root', ROOT_PASSWORD);
    expect((await agent.get('/api/user/self').set('New-Api-User', '2')).status).toBe(401);
    const login = await t.http().post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD });
    const bare = await t.http().get('/api/user/self').set('Cookie', sessionCookie(login.headers['set-cookie']));
    expect(bare.status).toBe(401);
  });

  it('stops every session of a disabled user at once, and refuses their login', async () => {
    const { agent, userId } = await t.signUp('disabled1');
    expect((await agent.get('/api/user/self')).status).toBe(200);
    await t.db.query('UPDATE users SET status = 2 WHERE id = $1', [userId]);
    const reply = await agent.get('/api/user/self');
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe('用户已被封禁');
    const login = await t.http().post('/api/user/login').send({ username: 'disabled1', password: 'password-123' });
    expect(login.body.success).toBe(false);
  });

  it('stops the sessions of a user who deleted their account', async () => {
    const { agent } = await t.signUp('leaving1');
    const other = await t.login('leaving1', 'password-123');
    const reply = await agent.delete('/api/user/self');
    expect(reply.body).toMatchObject({ success: true, message: '账户已删除！' });
    expect((await other.agent.get('/api/user/self')).status).toBe(401);
    expect((await t.http().post('/api/user/login').send({ username: 'leaving1', password: 'password-123' })).body.success).toBe(false);
  });

  it('does not let root delete itself', async () => {
    const { agent } = await t.login('root', ROOT_PASSWORD);
    expect((await agent.delete('/api/user/self')).body).toMatchObject({ success: false, message: '不能删除超级管理员账户' });
  });

  describe('system access token', () => {
    it('authenticates scripts with Authorization + New-Api-User and is stored only as a hash', async () => {
      const { agent, userId } = await t.signUp('scripter');
      const token = (await agent.get('/api/user/token')).body.data as string;
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const self = await t.http().get('/api/user/self').set('Authorization', token).set('New-Api-User', String(userId));
      expect(self.body).toMatchObject({ success: true, data: { username: 'scripter' } });
      const bearer = await t.http().get('/api/user/self').set('Authorization', `Bearer ${token}`).set('New-Api-User', String(userId));
      expect(bearer.status).toBe(200);
      const [row] = await t.db.query('SELECT access_token_hash FROM users WHERE id = $1', [userId]);
      expect(row.access_token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(self.body)).not.toContain(token);
    });

    it('regenerating the token makes the old one stop working', async () => {
      const { agent, userId } = await t.signUp('rotator');
      const first = (await agent.get('/api/user/token')).body.data as string;
      const second = (await agent.get('/api/user/token')).body.data as string;
      expect(second).not.toBe(first);
      expect((await t.http().get('/api/user/self').set('Authorization', first).set('New-Api-User', String(userId))).status).toBe(401);
      expect((await t.http().get('/api/user/self').set('Authorization', second).set('New-Api-User', String(userId))).status).toBe(200);
    });

    it('refuses a token presented for another user id', async () => {
      const { agent, userId } = await t.signUp('mismatch');
      const token = (await agent.get('/api/user/token')).body.data as string;
      expect((await t.http().get('/api/user/self').set('Authorization', token).set('New-Api-User', '1')).status).toBe(401);
      expect((await t.http().get('/api/user/self').set('Authorization', token)).status).toBe(401);
      expect(userId).not.toBe(1);
    });
  });

  describe('roles', () => {
    it('gives 403 to a signed-in user without the role and 401 to a guest', async () => {
      const { agent, userId } = await t.signUp('plainuser');
      expect((await agent.get('/api/option/')).status).toBe(403);
      // Administrators read the options (the settings tabs show them read-only); only role 100 saves them.
      await t.db.query('UPDATE users SET role = 10 WHERE id = $1', [userId]);
      expect((await agent.get('/api/option/')).status).toBe(200);
      expect((await agent.put('/api/option/').send({ key: 'Notice', value: 'x' })).status).toBe(403);
      await t.db.query('UPDATE users SET role = 100 WHERE id = $1', [userId]);
      expect((await agent.put('/api/option/').send({ key: 'Notice', value: 'x' })).status).toBe(200);
      // Release notes are edited by the root user (id 1) only, not by any role-100 user.
      expect((await agent.post('/api/update/').send({ title: 't', content: 'c' })).status).toBe(403);
      expect((await t.http().get('/api/option/')).status).toBe(401);
    });
  });

  it('changing the password signs out the other sessions but keeps this one', async () => {
    const { agent } = await t.signUp('changer');
    const other = await t.login('changer', 'password-123');
    const reply = await agent.put('/api/user/self').send({ password: 'new-password-1' });
    expect(reply.body).toMatchObject({ success: true, message: '密码修改成功！' });
    expect((await agent.get('/api/user/self')).status).toBe(200);
    expect((await other.agent.get('/api/user/self')).status).toBe(401);
    await t.login('changer', 'new-password-1');
  });

  it('applies the password rules to a password change', async () => {
    const { agent } = await t.signUp('shortpw');
    expect((await agent.put('/api/user/self').send({ password: 'short' })).body.message).toBe('密码长度不得小于 8 位！');
    expect((await agent.put('/api/user/self').send({ password: 'x'.repeat(21) })).body.message).toBe('密码长度不得大于 20 位！');
    await t.login('shortpw', 'password-123');
  });
});
