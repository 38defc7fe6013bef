import type { Response, Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, collectRoutes } from '../../test/routes';
import { ROOT_PASSWORD, startSecondInstance, startTestApp, TestApp } from '../../test/test-app';
import { MSG_CROSS_SITE } from './same-origin.guard';

const CROSS_SITE = { success: false, message: MSG_CROSS_SITE };
const EVIL_ORIGIN = 'http://evil.example';

/** The refusal's message, in the console's envelope or in OpenAI's error shape (relay paths). */
const messageOf = (reply: Response): unknown => reply.body?.message ?? reply.body?.error?.message;

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

  describe('cookie-authenticated routes outside /api/ (relay paths and the doors that skip Nest)', () => {
    it('refuses the session cookie from another site on every route of the application and on the compare chat', async () => {
      const cookie = await sessionCookie();
      const routes = collectRoutes(t);
      expect(routes.length).toBeGreaterThan(150);
      const admitted: string[] = [];
      for (const route of routes) {
        const reply = await callRoute(t.http(), route).set('Cookie', cookie).set('New-Api-User', '1').set('Origin', EVIL_ORIGIN);
        if (reply.status !== 403 || messageOf(reply) !== MSG_CROSS_SITE) admitted.push(`${route.route} → ${reply.status}`);
      }
      expect(admitted).toEqual([]);
      // The compare chat's answers come from a door in front of Nest (talkings/console-chat-door.ts).
      const chat = await t
        .http()
        .post('/v1/chat/completions')
        .set('Cookie', cookie)
        .set('New-Api-User', '1')
        .set('Origin', EVIL_ORIGIN)
        .send({ model: 'gpt-4o', conversation_id: 1, talking_id: 1, messages: [{ role: 'user', content: 'hi' }] });
      expect(chat.status).toBe(403);
      expect(chat.body).toEqual({ error: { message: MSG_CROSS_SITE, type: 'invalid_request_error', code: null } });
    });

    it('refuses a talking deleted or listed from another site: the talking survives', async () => {
      const cookie = await sessionCookie();
      const created = await t.http().post('/relay/v1/talking/').set('Cookie', cookie).set('New-Api-User', '1').send({ name: '跨站测试' });
      const id = created.body.data.id as number;
      const removed = await t.http().delete(`/relay/v1/talking/${id}`).set('Cookie', cookie).set('New-Api-User', '1').set('Origin', EVIL_ORIGIN);
      expect(removed.status).toBe(403);
      expect(removed.body).toMatchObject(CROSS_SITE);
      expect(await t.db.query('SELECT id FROM talkings WHERE id = $1', [id])).toEqual([{ id }]);
      const listed = await t.http().get('/relay/v1/talking/').set('Cookie', cookie).set('New-Api-User', '1').set('Origin', EVIL_ORIGIN);
      expect(listed.status).toBe(403);
      expect(JSON.stringify(listed.body)).not.toContain('跨站测试');
      // The console's own page still reads and deletes it.
      const own = (call: Test) => call.set('Host', 'gw.example').set('Cookie', cookie).set('New-Api-User', '1').set('Origin', 'https://gw.example');
      expect((await own(t.http().get('/relay/v1/talking/'))).body.success).toBe(true);
      expect((await own(t.http().delete(`/relay/v1/talking/${id}`))).body.success).toBe(true);
    });

    it('refuses model parameters saved from another site: nothing is stored', async () => {
      const cookie = await sessionCookie();
      const saved = await t
        .http()
        .post('/v1/models/model_config')
        .set('Cookie', cookie)
        .set('New-Api-User', '1')
        .set('Origin', EVIL_ORIGIN)
        .send({ model_name: 'gpt-4o', config: '{"temperature":2}' });
      expect(saved.status).toBe(403);
      expect(messageOf(saved)).toBe(MSG_CROSS_SITE);
      expect(await t.db.query('SELECT user_id FROM user_model_configs')).toEqual([]);
    });

    it('refuses the playground and the compare chat from another site, even marked only by Sec-Fetch-Site', async () => {
      const cookie = await sessionCookie();
      const body = { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] };
      for (const path of ['/pg/chat/completions', '/v1/chat/completions']) {
        const byOrigin = await t.http().post(path).set('Cookie', cookie).set('New-Api-User', '1').set('Origin', EVIL_ORIGIN).send(body);
        expect(byOrigin.status, path).toBe(403);
        expect(messageOf(byOrigin), path).toBe(MSG_CROSS_SITE);
        const byFetchSite = await t.http().post(path).set('Cookie', cookie).set('New-Api-User', '1').set('Sec-Fetch-Site', 'cross-site').send(body);
        expect(byFetchSite.status, path).toBe(403);
      }
    });

    it("leaves the relay's sk- key calls alone: they carry no cookie, whatever their Origin", async () => {
      const cookie = await sessionCookie();
      const created = await t.http().post('/api/token/').set('Cookie', cookie).set('New-Api-User', '1').send({ name: 'cross-site', unlimited_quota: true });
      const key = created.body.data[0].key as string;
      const models = await t.http().get('/v1/models').set('Authorization', `Bearer ${key}`).set('Origin', EVIL_ORIGIN);
      expect(models.status).toBe(200);
      expect(models.body.object).toBe('list');
      // A chat call with a key goes to the relay, which answers about the key, not the site.
      const chat = await t.http().post('/v1/chat/completions').set('Authorization', 'Bearer sk-unknown').set('Origin', EVIL_ORIGIN).send({ model: 'gpt-4o', messages: [] });
      expect(chat.status).toBe(401);
      expect(messageOf(chat)).not.toBe(MSG_CROSS_SITE);
    });
  });
});
