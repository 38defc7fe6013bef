import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startSecondInstance, startTestApp, TestApp } from '../../test/test-app';
import { MSG_CROSS_SITE } from './same-origin.guard';

const CROSS_SITE = { success: false, message: MSG_CROSS_SITE };

describe('cross-site requests to the console API (integration)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const sessionCookie = async () => {
    const reply = await t.http().post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD });
    return ([] as string[]).concat(reply.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith('session='))!.split(';')[0];
  };

  it('refuses a login posted from another site and sets no cookie', async () => {
    const form = await t.http().post('/api/user/login').set('Origin', 'https://evil.example').type('form').send({ username: 'root', password: ROOT_PASSWORD });
    expect(form.status).toBe(403);
    expect(form.body).toEqual({ ...CROSS_SITE, data: null });
    expect(form.headers['set-cookie']).toBeUndefined();
    const noOrigin = await t.http().post('/api/user/login').set('Sec-Fetch-Site', 'cross-site').send({ username: 'root', password: ROOT_PASSWORD });
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.headers['set-cookie']).toBeUndefined();
    const sandboxed = await t.http().post('/api/user/login').set('Origin', 'null').send({ username: 'root', password: ROOT_PASSWORD });
    expect(sandboxed.status).toBe(403);
  });

  it('refuses a registration posted from another site', async () => {
    const reply = await t.http().post('/api/user/register').set('Origin', 'https://evil.example').send({ username: 'csrfuser', password: 'password-123', password2: 'password-123' });
    expect(reply.body).toMatchObject(CROSS_SITE);
    expect(await t.db.query(`SELECT id FROM users WHERE username = 'csrfuser'`)).toEqual([]);
  });

  it('accepts the same site, by Host or by X-Forwarded-Host from a trusted proxy, and requests without Origin', async () => {
    const host = await t.http().post('/api/user/login').set('Host', 'gw.example:8443').set('Origin', 'https://gw.example:8443').send({ username: 'root', password: ROOT_PASSWORD });
    expect(host.body.success).toBe(true);
    expect(host.headers['set-cookie']).toBeDefined();
    const defaultPort = await t.http().post('/api/user/login').set('Host', 'GW.example:443').set('Origin', 'https://gw.example').send({ username: 'root', password: ROOT_PASSWORD });
    expect(defaultPort.body.success).toBe(true);
    const script = await t.http().post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD });
    expect(script.body.success).toBe(true);
    // X-Forwarded-Host is believed only from TRUSTED_PROXIES.
    const forwarded = (http: () => ReturnType<TestApp['http']>) =>
      http().post('/api/user/login').set('Host', '127.0.0.1:3000').set('X-Forwarded-Host', 'gw.example').set('Origin', 'https://gw.example').send({ username: 'root', password: ROOT_PASSWORD });
    expect((await forwarded(t.http)).status).toBe(403);
    const behindProxy = await startSecondInstance(t, { TRUSTED_PROXIES: 'loopback' });
    try {
      expect((await forwarded(behindProxy.http)).body.success).toBe(true);
    } finally {
      await behindProxy.close();
    }
  });

  it('accepts the ServerAddress origin when a proxy rewrites Host', async () => {
    const { agent } = await t.login('root', ROOT_PASSWORD);
    expect((await agent.put('/api/option/').send({ key: 'ServerAddress', value: 'https://console.example' })).body.success).toBe(true);
    try {
      const reply = await t.http().post('/api/user/login').set('Host', '127.0.0.1:3000').set('Origin', 'https://console.example').send({ username: 'root', password: ROOT_PASSWORD });
      expect(reply.body.success).toBe(true);
      expect((await t.http().post('/api/user/login').set('Host', '127.0.0.1:3000').set('Origin', 'http://console.example').send({ username: 'root', password: ROOT_PASSWORD })).status).toBe(403);
    } finally {
      await agent.put('/api/option/').send({ key: 'ServerAddress', value: '' });
    }
  });

  it('refuses a cookie-authenticated write from another site and changes nothing', async () => {
    const cookie = await sessionCookie();
    const before = (await t.db.query('SELECT password_hash FROM users WHERE id = 1'))[0].password_hash;
    const write = await t
      .http()
      .put('/api/user/self')
      .set('Cookie', cookie)
      .set('New-Api-User', '1')
      .set('Origin', 'https://sibling.example')
      .send({ password: 'changed-by-attacker' });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject(CROSS_SITE);
    expect((await t.db.query('SELECT password_hash FROM users WHERE id = 1'))[0].password_hash).toBe(before);
    // A cookie-carrying read from another site's script is refused too; the same site's is not.
    expect((await t.http().get('/api/user/self').set('Cookie', cookie).set('New-Api-User', '1').set('Origin', 'https://sibling.example')).status).toBe(403);
    const own = await t.http().get('/api/user/self').set('Host', 'gw.example').set('Cookie', cookie).set('New-Api-User', '1').set('Origin', 'https://gw.example');
    expect(own.status).toBe(200);
  });

  it('refuses a logout from another site: the session survives', async () => {
    const cookie = await sessionCookie();
    expect((await t.http().post('/api/user/logout').set('Cookie', cookie).set('Origin', 'https://evil.example')).status).toBe(403);
    expect((await t.http().get('/api/user/self').set('Cookie', cookie).set('New-Api-User', '1')).status).toBe(200);
  });
});
