import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_KEY } from '../../src/auth/access.decorator';
import { MSG_CROSS_SITE } from '../../src/auth/same-origin.guard';
import { collectRoutes } from '../routes';
import { ROOT_PASSWORD, startTestApp, type TestApp } from '../test-app';

/**
 * Fault and attack item 7 of issue 19, in one place: session ids rotate at login, logout ends the
 * session on the server, idle and absolute timeouts hold, and no cookie-authenticated call — a GET
 * that changes state included — can be made by another site. The route checks are generated from
 * the running application's routes, so a new route is covered the day it lands.
 */

const IDLE_MINUTES = 60;
const MAX_MINUTES = 600;
const EVIL_ORIGIN = 'https://evil.example';

const sessionCookie = (setCookie: string[] | string | undefined): string => {
  const cookie = ([] as string[]).concat(setCookie ?? []).find((value) => value.startsWith('session='));
  if (!cookie) throw new Error('no session cookie set');
  return cookie.split(';')[0];
};

describe('session rules (reliability)', () => {
  let t: TestApp;
  const now = () => Math.floor(Date.now() / 1000);
  const login = async (cookie?: string) => {
    const call = t.http().post('/api/user/login');
    if (cookie) call.set('Cookie', cookie);
    const reply = await call.send({ username: 'root', password: ROOT_PASSWORD });
    return { cookie: sessionCookie(reply.headers['set-cookie']), setCookie: ([] as string[]).concat(reply.headers['set-cookie'] ?? []).join(';') };
  };
  const self = (cookie: string) => t.http().get('/api/user/self').set('Cookie', cookie).set('New-Api-User', '1');
  const sessionRows = async () =>
    (await t.db.query('SELECT created_at::integer AS created_at, expires_at::integer AS expires_at FROM sessions ORDER BY created_at DESC, expires_at DESC')) as Array<{
      created_at: number;
      expires_at: number;
    }>;

  /** Non-public routes, their path parameters filled with 1 (the guard answers before any handler runs). */
  const memberRoutes = () =>
    collectRoutes(t)
      .filter(({ handler, controller }) => (Reflect.getMetadata(ACCESS_KEY, handler) ?? Reflect.getMetadata(ACCESS_KEY, controller)) !== 'public')
      .map((route) => ({ ...route, url: route.path.replace(/:[A-Za-z_]+/g, '1') }));
  const call = (method: string, url: string) => t.http()[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](url);

  beforeAll(async () => {
    t = await startTestApp({ SESSION_IDLE_MINUTES: String(IDLE_MINUTES), SESSION_MAX_MINUTES: String(MAX_MINUTES) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('rotates the session id at every login and closes the one the browser came with', async () => {
    const first = await login();
    const second = await login(first.cookie);
    expect(second.cookie).not.toBe(first.cookie);
    expect((await self(first.cookie)).status).toBe(401);
    expect((await self(second.cookie)).status).toBe(200);
  });

  it('ends the session on the server at logout: the replayed cookie is refused', async () => {
    const { cookie } = await login();
    expect((await t.http().post('/api/user/logout').set('Cookie', cookie)).body.success).toBe(true);
    const replay = await self(cookie);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('未登录或登录已过期，请重新登录');
  });

  it('opens a session for SESSION_IDLE_MINUTES of quiet, in a cookie kept for SESSION_MAX_MINUTES', async () => {
    await t.db.query('DELETE FROM sessions');
    const { setCookie } = await login();
    const [row] = await sessionRows();
    expect(row.expires_at - row.created_at).toBe(IDLE_MINUTES * 60);
    expect(setCookie).toContain(`Max-Age=${MAX_MINUTES * 60}`);
  });

  it('refuses a session left idle past its idle end', async () => {
    const { cookie } = await login();
    await t.db.query('UPDATE sessions SET expires_at = $1', [now() - 1]);
    const reply = await self(cookie);
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe('未登录或登录已过期，请重新登录');
  });

  it('moves the idle end forward while the session is used, never past the absolute end', async () => {
    await t.db.query('DELETE FROM sessions');
    const { cookie } = await login();
    // About to idle out: a request gives it a full idle period again.
    await t.db.query('UPDATE sessions SET expires_at = $1', [now() + 30]);
    expect((await self(cookie)).status).toBe(200);
    await expect.poll(async () => (await sessionRows())[0].expires_at - now(), { timeout: 5_000 }).toBeGreaterThan(IDLE_MINUTES * 60 - 60);

    // Half an hour before the absolute end (less than the idle period): used again, it ends there, however busy.
    const createdAt = now() - MAX_MINUTES * 60 + 1800;
    await t.db.query('UPDATE sessions SET created_at = $1, expires_at = $2', [createdAt, now() + 30]);
    expect((await self(cookie)).status).toBe(200);
    await expect.poll(async () => (await sessionRows())[0].expires_at, { timeout: 5_000 }).toBe(createdAt + MAX_MINUTES * 60);
    await t.db.query('UPDATE sessions SET expires_at = $1', [now() - 1]);
    expect((await self(cookie)).status).toBe(401);
  });

  it('refuses the session cookie without New-Api-User on every route that needs a user: no form or link of another site gets in', async () => {
    const { cookie } = await login();
    const routes = memberRoutes();
    expect(routes.length).toBeGreaterThan(100);
    const admitted: string[] = [];
    for (const route of routes) {
      const reply = await call(route.method, route.url).set('Cookie', cookie);
      if (reply.status !== 401) admitted.push(`${route.route} → ${reply.status}`);
    }
    expect(admitted).toEqual([]);
    // The same cookie with its header still works: the refusals above are the header's doing.
    expect((await self(cookie)).status).toBe(200);
  });

  it('refuses every console call carrying the session from another origin, GETs that change state included', async () => {
    const { cookie } = await login();
    const consoleRoutes = memberRoutes().filter((route) => route.path.startsWith('/api/'));
    const admitted: string[] = [];
    for (const route of consoleRoutes) {
      const reply = await call(route.method, route.url).set('Cookie', cookie).set('New-Api-User', '1').set('Origin', EVIL_ORIGIN);
      if (reply.status !== 403 || reply.body.message !== MSG_CROSS_SITE) admitted.push(`${route.route} → ${reply.status}`);
    }
    expect(admitted).toEqual([]);
  });

  it('grants no other origin the right to send New-Api-User: the browser blocks the header across sites', async () => {
    for (const path of ['/api/user/self', '/relay/v1/talking/', '/pg/chat/completions', '/api/token/']) {
      const preflight = await t
        .http()
        .options(path)
        .set('Origin', EVIL_ORIGIN)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'new-api-user,content-type');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
    }
  });
});
