import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_LIMIT, MSG_LOGIN_LOCKED } from '../../src/users/login-attempts';
import { ROOT_PASSWORD, startTestApp, type TestApp } from '../test-app';

/**
 * Fault and attack item 8 of issue 19: password guessing and code sending, from one client that
 * invents X-Forwarded-For addresses (no trusted proxy: the header is ignored) and from many real
 * clients behind a trusted proxy taking turns on one account (the per-account limit).
 */

const AUTH_LIMIT = 4;
const RATE_LIMITED = { success: false, message: '请求次数过多，请稍后再试', data: null };

const expectLimited = (reply: Response) => {
  expect(reply.status).toBe(429);
  expect(reply.body).toEqual(RATE_LIMITED);
};

/** A fresh documentation address (RFC 5737) per call. */
let nextAddress = 0;
const rotatingAddress = () => `198.51.${Math.floor(nextAddress / 250) % 250}.${(nextAddress++ % 250) + 1}`;

describe('brute force (reliability)', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  describe('one client rotating X-Forwarded-For, no trusted proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ RATE_LIMIT_AUTH: String(AUTH_LIMIT) });
      apps.push(t);
    });

    // Each route has its own counter per client, so each can be tried from a fresh count.
    const guesses: Array<[string, (address: string) => Promise<Response>, (address: string) => Promise<Response>]> = [
      [
        'password sign-in',
        (address) => t.http().post('/api/user/login').set('X-Forwarded-For', address).send({ username: 'root', password: 'guess-123' }),
        (address) => t.http().post('/api/user/login').set('X-Forwarded-For', address).send({ username: 'root', password: ROOT_PASSWORD }),
      ],
      [
        'sending a registration code',
        (address) => t.http().get('/api/verification').query({ email: `guess${nextAddress}@example.com` }).set('X-Forwarded-For', address),
        (address) => t.http().get('/api/verification').query({ email: 'last@example.com' }).set('X-Forwarded-For', address),
      ],
      [
        'sending a password reset',
        (address) => t.http().get('/api/reset_password').query({ email: `guess${nextAddress}@example.com` }).set('X-Forwarded-For', address),
        (address) => t.http().get('/api/reset_password').query({ email: 'last@example.com' }).set('X-Forwarded-For', address),
      ],
      [
        'resetting with a guessed link',
        (address) => t.http().post('/api/user/reset').set('X-Forwarded-For', address).send({ email: 'root@example.com', token: `guess-${nextAddress}` }),
        (address) => t.http().post('/api/user/reset').set('X-Forwarded-For', address).send({ email: 'root@example.com', token: 'last' }),
      ],
      [
        'registering accounts',
        (address) => t.http().post('/api/user/register').set('X-Forwarded-For', address).send({ username: `bot${nextAddress}`, password: 'password-123' }),
        (address) => t.http().post('/api/user/register').set('X-Forwarded-For', address).send({ username: 'botlast', password: 'password-123' }),
      ],
    ];

    it.each(guesses)('limits %s to RATE_LIMIT_AUTH a minute whatever address each request claims', async (_name, guess, last) => {
      for (let attempt = 0; attempt < AUTH_LIMIT; attempt++) expect((await guess(rotatingAddress())).status).not.toBe(429);
      for (let attempt = 0; attempt < 3; attempt++) expectLimited(await guess(rotatingAddress()));
      // Past the limit even a request that would succeed waits: the limit tells no guesser anything.
      expectLimited(await last(rotatingAddress()));
    });

    it('created no account past the limit', async () => {
      const [{ count }] = await t.db.query(`SELECT count(*)::integer AS count FROM users WHERE username LIKE 'bot%'`);
      expect(count).toBeLessThanOrEqual(AUTH_LIMIT);
    });
  });

  describe('many clients behind a trusted proxy taking turns on one account', () => {
    let t: TestApp;
    beforeAll(async () => {
      // Each real client stays under its own limit: only the per-account limit can stop them.
      t = await startTestApp({ RATE_LIMIT_AUTH: '3', TRUSTED_PROXIES: 'loopback' });
      apps.push(t);
      await t.signUp('bystander', 'bystander-pass-1');
    });

    const login = (username: string, password: string) =>
      t.http().post('/api/user/login').set('X-Forwarded-For', rotatingAddress()).send({ username, password });

    it(`locks the account after ${LOGIN_FAILURE_LIMIT} failures, even for the right password, and leaves other accounts alone`, async () => {
      // Sent at once: the limit holds when the guesses race each other.
      const replies = await Promise.all(Array.from({ length: LOGIN_FAILURE_LIMIT + 5 }, () => login('root', 'guess-123')));
      const failed = replies.filter((reply) => reply.status === 200 && reply.body.message === '用户名或密码错误，或用户已被封禁');
      const locked = replies.filter((reply) => reply.status === 429);
      expect(failed).toHaveLength(LOGIN_FAILURE_LIMIT);
      expect(locked).toHaveLength(5);
      for (const reply of locked) expect(reply.body).toEqual({ success: false, message: MSG_LOGIN_LOCKED, data: null });

      const right = await login('root', ROOT_PASSWORD);
      expect(right.status).toBe(429);
      expect(right.headers['set-cookie']).toBeUndefined();
      expect((await t.db.query('SELECT count(*)::integer AS count FROM sessions WHERE user_id = 1'))[0].count).toBe(0);

      const other = await login('bystander', 'bystander-pass-1');
      expect(other.body.success).toBe(true);
    });

    it('does not count successful sign-ins against the account', async () => {
      for (let attempt = 0; attempt < LOGIN_FAILURE_LIMIT + 2; attempt++) expect((await login('bystander', 'bystander-pass-1')).body.success).toBe(true);
    });
  });
});
