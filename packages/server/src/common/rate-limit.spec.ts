import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisService } from '../redis/redis.service';
import { ROOT_PASSWORD, SecondInstance, startSecondInstance, startTestApp, TestApp } from '../../test/test-app';

const AUTH_LIMIT = 3;
const API_LIMIT = 8;
const LIMITS = { RATE_LIMIT_AUTH: String(AUTH_LIMIT), RATE_LIMIT_API: String(API_LIMIT) };

function expectLimited(reply: Response): void {
  expect(reply.status).toBe(429);
  expect(reply.body).toEqual({ success: false, message: '请求次数过多，请稍后再试', data: null });
}

describe('rate limits (integration)', () => {
  // Counters last a minute, so each scenario runs on its own app (own Redis prefix: own counters).
  const apps: Array<TestApp | SecondInstance> = [];
  const start = async (env: Record<string, string>): Promise<TestApp> => {
    const app = await startTestApp(env);
    apps.push(app);
    return app;
  };
  afterAll(async () => {
    // Second instances first: the first one's close drops the shared database.
    for (const app of apps.reverse()) await app.close();
  });

  const wrongLogin = (t: TestApp, forwardedFor?: string) => {
    const call = t.http().post('/api/user/login');
    if (forwardedFor) call.set('X-Forwarded-For', forwardedFor);
    return call.send({ username: 'root', password: 'wrong-password' });
  };

  describe('one instance, no trusted proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await start(LIMITS);
    });

    it(`refuses the login attempt after RATE_LIMIT_AUTH (${AUTH_LIMIT}) in a minute with 429, even with the right password`, async () => {
      for (let attempt = 1; attempt <= AUTH_LIMIT; attempt++) {
        const reply = await wrongLogin(t);
        expect(reply.status, `attempt ${attempt}`).toBe(200);
        expect(reply.body).toMatchObject({ success: false, message: '用户名或密码错误，或用户已被封禁' });
      }
      const blocked = await t.http().post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD });
      expectLimited(blocked);
      expect(blocked.headers['set-cookie']).toBeUndefined();
      expect(blocked.headers['retry-after']).toBeDefined();
    });

    it('limits registration the same way and creates no account past the limit', async () => {
      const aff_code = await t.inviteCode();
      for (let attempt = 1; attempt <= AUTH_LIMIT; attempt++) {
        const reply = await t.http().post('/api/user/register').send({ username: `flood${attempt}`, password: 'password-123', password2: 'password-123', aff_code });
        expect(reply.body, `registration ${attempt}`).toMatchObject({ success: true });
      }
      const blocked = await t.http().post('/api/user/register').send({ username: 'flood-extra', password: 'password-123', password2: 'password-123', aff_code });
      expectLimited(blocked);
      expect(await t.db.query('SELECT id FROM users WHERE username = $1', ['flood-extra'])).toEqual([]);
    });

    it(`applies the looser RATE_LIMIT_API (${API_LIMIT}) to other console routes`, async () => {
      // Login is blocked by now; the other routes still answer up to their own limit.
      for (let call = 1; call <= API_LIMIT; call++) {
        const reply = await t.http().get('/api/status');
        expect(reply.status, `call ${call}`).toBe(200);
      }
      expectLimited(await t.http().get('/api/status'));
    });

    it('counts requests that fail authentication too', async () => {
      for (let call = 1; call <= API_LIMIT; call++) expect((await t.http().get('/api/user/self')).status).toBe(401);
      expectLimited(await t.http().get('/api/user/self'));
    });

    it('ignores X-Forwarded-For: clients cannot get a fresh counter by inventing addresses', async () => {
      for (let call = 1; call <= API_LIMIT; call++) {
        const reply = await t.http().get('/api/notice').set('X-Forwarded-For', `198.51.100.${call}`);
        expect(reply.status).toBe(200);
      }
      expectLimited(await t.http().get('/api/notice').set('X-Forwarded-For', '198.51.100.200'));
    });
  });

  describe('behind a trusted proxy (TRUSTED_PROXIES=loopback)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await start({ ...LIMITS, TRUSTED_PROXIES: 'loopback' });
    });

    it('counts each client address from X-Forwarded-For on its own', async () => {
      for (let attempt = 1; attempt <= AUTH_LIMIT; attempt++) expect((await wrongLogin(t, '203.0.113.7')).status).toBe(200);
      expectLimited(await wrongLogin(t, '203.0.113.7'));

      const otherClient = await t.http().post('/api/user/login').set('X-Forwarded-For', '203.0.113.8').send({ username: 'root', password: ROOT_PASSWORD });
      expect(otherClient.status).toBeLessThan(300);
      expect(otherClient.body).toMatchObject({ success: true, data: { id: 1 } });
      // The proxy itself (no header) is one more client with its own counter.
      expect((await wrongLogin(t)).status).toBe(200);
    });

    it('records the client address from X-Forwarded-For on the session', async () => {
      await t.http().post('/api/user/login').set('X-Forwarded-For', '203.0.113.9').send({ username: 'root', password: ROOT_PASSWORD });
      const rows: Array<{ ip: string }> = await t.db.query('SELECT ip FROM sessions');
      expect(rows.map((row) => row.ip)).toContain('203.0.113.9');
    });
  });

  describe('several instances (DESIGN.md §7)', () => {
    let t: TestApp;
    let b: SecondInstance;
    beforeAll(async () => {
      t = await start(LIMITS);
      b = await startSecondInstance(t);
      apps.push(b);
    });

    it('shares the counters in Redis between instances', async () => {
      for (let attempt = 1; attempt <= AUTH_LIMIT - 1; attempt++) expect((await wrongLogin(t)).status).toBe(200);
      const onB = await b.http().post('/api/user/login').send({ username: 'root', password: 'wrong-password' });
      expect(onB.status).toBe(200);
      // The limit is reached across both instances: each one now refuses.
      expectLimited(await wrongLogin(t));
      expectLimited(await b.http().post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD }));

      const keys = await t.app.get(RedisService).client.keys(`${t.config.redisPrefix}:throttle:*`);
      expect(keys.length).toBeGreaterThan(0);
    });
  });
});
