import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';

const AUTH_LIMIT = 3;
let accounts = 0;

/** Spellings of a console path that a client might try to slip past a check on `/api/`. */
const variantsOf = (path: string): string[] => [
  path.toUpperCase(),
  path.replace('/api/', '/Api/'),
  path.replace('/api/', '/API/'),
  `/${path}`,
  path.replace('/api/', '/api//'),
  path.replace(/\/([^/]+)$/, '//$1'),
];

function expectEnvelope(reply: Response): void {
  expect(Object.keys(reply.body).sort()).toEqual(['data', 'message', 'success']);
}

/** A path other than the declared one is no route at all (404 in the envelope). */
function expectNoRoute(reply: Response): void {
  expect(reply.status).toBe(404);
  expect(reply.body).toEqual({ success: false, message: '接口不存在', data: null });
}

describe('paths in another letter case or with doubled slashes (integration)', () => {
  let t: TestApp;
  /** Its own app: the login counters of the other tests would spend this one's limit. */
  let limited: TestApp;
  beforeAll(async () => {
    [t, limited] = await Promise.all([startTestApp(), startTestApp({ RATE_LIMIT_AUTH: String(AUTH_LIMIT) })]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), limited.close()]);
  });

  it.each(variantsOf('/api/user/login'))('serves no login at %s, so none escapes the login limit', async (path) => {
    const reply = await limited.http().post(path).send({ username: 'root', password: ROOT_PASSWORD });
    expectNoRoute(reply);
    expect(reply.headers['set-cookie']).toBeUndefined();
  });

  it.each(variantsOf('/api/user/register'))('creates no account through %s', async (path) => {
    const username = `case${++accounts}`;
    const aff_code = await t.inviteCode();
    expectNoRoute(await t.http().post(path).send({ username, password: 'password-123', password2: 'password-123', aff_code }));
    expect(await t.db.query('SELECT id FROM users WHERE username = $1', [username])).toEqual([]);
  });

  it.each([...variantsOf('/api/status'), ...variantsOf('/api/user/self')])('answers GET %s in the envelope, with no data', async (path) => {
    const { agent } = await t.login('root', ROOT_PASSWORD);
    const reply = await agent.get(path);
    expectNoRoute(reply);
    expectEnvelope(reply);
  });

  it.each(variantsOf('/api/channel/'))('applies the access rules at %s: a plain user gets no channel list', async (path) => {
    const { agent } = await t.signUp(`plain${++accounts}`);
    const reply = await agent.get(path);
    expect([403, 404]).toContain(reply.status);
    expect(reply.body.success).toBe(false);
    expect(reply.body.data).toBeNull();
  });

  it('counts a trailing slash toward the same login limit', async () => {
    const login = '/api/user/login';
    for (let attempt = 1; attempt <= AUTH_LIMIT; attempt++) {
      const reply = await limited.http().post(attempt % 2 ? `${login}/` : login).send({ username: 'root', password: 'wrong-password' });
      expect(reply.status, `attempt ${attempt}`).toBe(200);
    }
    for (const path of [login, `${login}/`]) {
      const blocked = await limited.http().post(path).send({ username: 'root', password: ROOT_PASSWORD });
      expect(blocked.status).toBe(429);
      expect(blocked.headers['set-cookie']).toBeUndefined();
    }
  });
});
