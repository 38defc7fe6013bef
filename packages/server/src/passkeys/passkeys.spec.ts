import {
  MSG_2FA_PENDING_MISSING,
  MSG_PASSKEY_CHALLENGE_MISSING,
  MSG_PASSKEY_CLONED,
  MSG_PASSKEY_LIMIT,
  MSG_PASSKEY_LOGIN_DISABLED,
  MSG_PASSKEY_NAME_REQUIRED,
  MSG_PASSKEY_NAME_TOO_LONG,
  MSG_PASSKEY_NONE_FOR_2FA,
  MSG_PASSKEY_NOT_FOUND,
  MSG_PASSKEY_RESPONSE_INVALID,
  MSG_PASSKEY_UNKNOWN,
  MSG_PASSKEY_VERIFY_FAILED,
} from '@gw/shared';
import type TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../test/soft-authenticator';
import { ROOT_PASSWORD, startTestApp, type TestApp } from '../../test/test-app';
import { totpCode } from '../../test/totp-code';

const PASSWORD = 'password-123';
const ORIGIN = 'https://gw.example.com';
const RP_ID = 'gw.example.com';
const MSG_NUL = '参数中不能包含空字符';
/** In a bad-body case: replaced by a valid answer of the authenticator, so that only the other field is wrong. */
const VALID = 'valid-response';

describe('passkeys (integration)', () => {
  let t: TestApp;
  let root: TestAgent;
  let rootId: number;
  let seq = 0;
  const userName = () => `pk${++seq}`;

  /** Registers a new passkey of `agent`'s user through begin and finish, as a browser would. */
  async function register(agent: TestAgent, name = 'My laptop', authenticator = new SoftAuthenticator(ORIGIN)) {
    const begin = await agent.post('/api/user/passkey/register/begin').send({});
    expect(begin.body.success, begin.text).toBe(true);
    const finish = await agent.post('/api/user/passkey/register/finish').send({ name, response: authenticator.register(begin.body.data) });
    expect(finish.body, finish.text).toMatchObject({ success: true, message: '通行密钥已添加' });
    return { authenticator, passkeyId: finish.body.data.id as number };
  }

  /** The discoverable sign-in in a new browser: login/begin, then the authenticator's assertion. */
  async function passkeySignIn(authenticator: SoftAuthenticator, tweaks: Parameters<SoftAuthenticator['assert']>[1] = {}) {
    const agent = t.http();
    const begin = await agent.post('/api/user/passkey/login/begin').send({});
    expect(begin.body.success, begin.text).toBe(true);
    const assertion = authenticator.assert(begin.body.data, tweaks);
    const reply = await agent.post('/api/user/passkey/login/finish').send({ response: assertion });
    return { agent, reply, assertion, options: begin.body.data };
  }

  const passkeyRows = (userId: number): Promise<Array<{ id: number; name: string; counter: string; last_used_at: string | null }>> =>
    t.db.query('SELECT id, name, counter, last_used_at FROM passkeys WHERE user_id = $1 ORDER BY id', [userId]);
  const sessionCount = async (userId: number): Promise<number> => Number((await t.db.query('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [userId]))[0].n);

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: root, userId: rootId } = await t.login('root', ROOT_PASSWORD));
    // The relying party is the ServerAddress (requests reach the test server on 127.0.0.1 with a random port).
    expect((await root.put('/api/option/').send({ key: 'ServerAddress', value: ORIGIN })).body.success).toBe(true);
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers a passkey of root, signs in with it without a username and audits admin.login with method passkey', async () => {
    const begin = await root.post('/api/user/passkey/register/begin').send({});
    const options = begin.body.data;
    expect(options.rp).toEqual({ id: RP_ID, name: 'AI 模型网关' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' });
    expect(options.excludeCredentials).toEqual([]);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const finish = await root.post('/api/user/passkey/register/finish').send({ name: '  MacBook  ', response: authenticator.register(options) });
    expect(finish.body).toMatchObject({ success: true, data: { name: 'MacBook', last_used_at: null, device_type: 'singleDevice', backed_up: false } });

    const list = await root.get('/api/user/passkey');
    expect(list.body.data).toEqual([{ id: finish.body.data.id, name: 'MacBook', created_at: expect.any(Number), last_used_at: null, backed_up: false, device_type: 'singleDevice' }]);
    // The next registration excludes the credential the user already has.
    expect((await root.post('/api/user/passkey/register/begin').send({})).body.data.excludeCredentials).toEqual([{ id: authenticator.id, type: 'public-key', transports: ['internal'] }]);

    const { agent, reply, options: loginOptions } = await passkeySignIn(authenticator);
    expect(loginOptions.allowCredentials ?? []).toEqual([]);
    expect(loginOptions.rpId).toBe(RP_ID);
    expect(reply.body, reply.text).toMatchObject({ success: true, data: { id: rootId, username: 'root' } });
    const self = await agent.get('/api/user/self').set('New-Api-User', String(rootId));
    expect(self.body).toMatchObject({ success: true, data: { username: 'root' } });

    const audits: Array<{ after: Record<string, unknown> }> = await t.db.query(`SELECT after FROM audit_logs WHERE action = 'admin.login' AND target_id = $1 ORDER BY id`, [String(rootId)]);
    expect(audits.at(-1)!.after).toEqual({ method: 'passkey' });
    const [row] = await passkeyRows(rootId);
    expect(Number(row.counter)).toBe(1);
    expect(row.last_used_at).not.toBeNull();
  });

  it('refuses a replayed assertion: the challenge is used once, and a new challenge does not match the old signature', async () => {
    const { agent } = await t.signUp(userName(), PASSWORD);
    const { authenticator } = await register(agent);
    const first = await passkeySignIn(authenticator);
    expect(first.reply.body.success).toBe(true);
    const again = await first.agent.post('/api/user/passkey/login/finish').send({ response: first.assertion });
    expect(again.body).toMatchObject({ success: false, message: MSG_PASSKEY_CHALLENGE_MISSING });
    await first.agent.post('/api/user/passkey/login/begin').send({});
    const replayed = await first.agent.post('/api/user/passkey/login/finish').send({ response: first.assertion });
    expect(replayed.body).toMatchObject({ success: false, message: MSG_PASSKEY_VERIFY_FAILED });
  });

  it('refuses another origin or rpId, and a failed answer uses the challenge up', async () => {
    const { agent, userId } = await t.signUp(userName(), PASSWORD);
    const begin = await agent.post('/api/user/passkey/register/begin').send({});
    const phishing = await agent.post('/api/user/passkey/register/finish').send({ name: 'x', response: new SoftAuthenticator('https://evil.example').register(begin.body.data) });
    expect(phishing.body).toMatchObject({ success: false, message: MSG_PASSKEY_VERIFY_FAILED });
    expect(await passkeyRows(userId)).toEqual([]);

    const { authenticator } = await register(agent);
    const sessions = await sessionCount(userId);
    for (const tweaks of [{ origin: 'https://evil.example' }, { origin: 'http://gw.example.com' }, { rpId: 'evil.example' }]) {
      const { reply, agent: browser, assertion } = await passkeySignIn(authenticator, tweaks);
      expect(reply.body, JSON.stringify(tweaks)).toMatchObject({ success: false, message: MSG_PASSKEY_VERIFY_FAILED });
      // The challenge went with the failure: the same browser cannot try again with it.
      expect((await browser.post('/api/user/passkey/login/finish').send({ response: assertion })).body.message).toBe(MSG_PASSKEY_CHALLENGE_MISSING);
    }
    expect(await sessionCount(userId)).toBe(sessions);
  });

  it('refuses a counter that did not grow (a cloned authenticator), and without user verification', async () => {
    const { agent, userId } = await t.signUp(userName(), PASSWORD);
    const { authenticator } = await register(agent);
    authenticator.counter = 5;
    expect((await passkeySignIn(authenticator)).reply.body.success).toBe(true);
    expect(Number((await passkeyRows(userId))[0].counter)).toBe(6);
    for (const counter of [3, 6]) {
      const { reply } = await passkeySignIn(authenticator, { counter });
      expect(reply.body, String(counter)).toMatchObject({ success: false, message: MSG_PASSKEY_CLONED });
    }
    expect(Number((await passkeyRows(userId))[0].counter)).toBe(6);
    const { reply } = await passkeySignIn(authenticator, { noUserVerification: true });
    expect(reply.body).toMatchObject({ success: false, message: MSG_PASSKEY_VERIFY_FAILED });
    expect((await passkeySignIn(authenticator)).reply.body.success).toBe(true);
  });

  it('refuses a challenge issued to another browser, and an unknown credential', async () => {
    const { agent } = await t.signUp(userName(), PASSWORD);
    const { authenticator } = await register(agent);
    const alice = t.http();
    const begin = await alice.post('/api/user/passkey/login/begin').send({});
    const mallory = t.http();
    const stolen = await mallory.post('/api/user/passkey/login/finish').send({ response: authenticator.assert(begin.body.data) });
    expect(stolen.body).toMatchObject({ success: false, message: MSG_PASSKEY_CHALLENGE_MISSING });
    // Mallory's own challenge does not make Alice's signed one valid either.
    await mallory.post('/api/user/passkey/login/begin').send({});
    expect((await mallory.post('/api/user/passkey/login/finish').send({ response: authenticator.assert(begin.body.data) })).body.message).toBe(MSG_PASSKEY_VERIFY_FAILED);

    const { reply } = await passkeySignIn(new SoftAuthenticator(ORIGIN));
    expect(reply.body).toMatchObject({ success: false, message: MSG_PASSKEY_UNKNOWN });
  });

  it("renames and deletes the caller's own passkeys only: another user's id answers like a missing one", async () => {
    const alice = await t.signUp(userName(), PASSWORD);
    const bob = await t.signUp(userName(), PASSWORD);
    const { passkeyId } = await register(alice.agent, 'alice key');
    for (const id of [passkeyId, 99_999_999]) {
      expect((await bob.agent.put(`/api/user/passkey/${id}`).send({ name: 'mine now' })).body).toMatchObject({ success: false, message: MSG_PASSKEY_NOT_FOUND });
      expect((await bob.agent.delete(`/api/user/passkey/${id}`)).body).toMatchObject({ success: false, message: MSG_PASSKEY_NOT_FOUND });
    }
    expect((await bob.agent.put('/api/user/passkey/abc').send({ name: 'x' })).body).toMatchObject({ success: false, message: MSG_PASSKEY_NOT_FOUND });
    expect((await passkeyRows(alice.userId)).map((row) => row.name)).toEqual(['alice key']);

    expect((await alice.agent.put(`/api/user/passkey/${passkeyId}`).send({ name: ' 办公电脑 ' })).body).toMatchObject({ success: true, message: '通行密钥已重命名' });
    expect((await passkeyRows(alice.userId)).map((row) => row.name)).toEqual(['办公电脑']);
    expect((await alice.agent.delete(`/api/user/passkey/${passkeyId}`)).body).toMatchObject({ success: true, message: '通行密钥已删除' });
    expect(await passkeyRows(alice.userId)).toEqual([]);
  });

  it('completes a 2FA sign-in with a passkey of that user instead of the code', async () => {
    const username = userName();
    const { agent, userId } = await t.signUp(username, PASSWORD);
    const secret = (await agent.post('/api/user/2fa/setup').send({})).body.data.secret as string;
    expect((await agent.post('/api/user/2fa/enable').send({ code: totpCode(secret) })).body.success).toBe(true);

    // Without a passkey the reply offers none and the passkey step refuses.
    const plain = t.http();
    expect((await plain.post('/api/user/login').send({ username, password: PASSWORD })).body.data).toEqual({ require_2fa: true });
    expect((await plain.post('/api/user/login/2fa/passkey/begin').send({})).body).toMatchObject({ success: false, message: MSG_PASSKEY_NONE_FOR_2FA });

    const { authenticator } = await register(agent);
    const other = await register((await t.signUp(userName(), PASSWORD)).agent);
    const browser = t.http();
    expect((await browser.post('/api/user/login').send({ username, password: PASSWORD })).body.data).toEqual({ require_2fa: true, passkey: true });
    const begin = await browser.post('/api/user/login/2fa/passkey/begin').send({});
    expect(begin.body.data.allowCredentials).toEqual([{ id: authenticator.id, type: 'public-key', transports: ['internal'] }]);
    // Another user's passkey does not finish this user's sign-in.
    const wrong = await browser.post('/api/user/login/2fa/passkey/finish').send({ response: other.authenticator.assert(begin.body.data) });
    expect(wrong.body).toMatchObject({ success: false, message: MSG_PASSKEY_UNKNOWN });
    expect(await sessionCount(userId)).toBe(1);

    const again = await browser.post('/api/user/login/2fa/passkey/begin').send({});
    const done = await browser.post('/api/user/login/2fa/passkey/finish').send({ response: authenticator.assert(again.body.data) });
    expect(done.body, done.text).toMatchObject({ success: true, data: { id: userId, username } });
    expect((await browser.get('/api/user/self').set('New-Api-User', String(userId))).body.success).toBe(true);
    // The pending sign-in is used up.
    expect((await browser.post('/api/user/login/2fa/passkey/begin').send({})).body).toMatchObject({ success: false, message: MSG_2FA_PENDING_MISSING });
    expect((await t.http().post('/api/user/login/2fa/passkey/begin').send({})).body).toMatchObject({ success: false, message: MSG_2FA_PENDING_MISSING });

    // Root's reset of the user's 2FA leaves their passkeys.
    expect((await root.delete(`/api/user/${userId}/2fa`)).body.success).toBe(true);
    expect(await passkeyRows(userId)).toHaveLength(1);
  });

  it('refuses the passkey sign-in while PasskeyLoginEnabled is off; registration stays allowed', async () => {
    const { agent } = await t.signUp(userName(), PASSWORD);
    const { authenticator } = await register(agent);
    const browser = t.http();
    const begin = await browser.post('/api/user/passkey/login/begin').send({});
    const setOption = async (value: string) => expect((await root.put('/api/option/').send({ key: 'PasskeyLoginEnabled', value })).body.success).toBe(true);
    await setOption('false');
    try {
      expect((await t.http().get('/api/status')).body.data.passkey_login).toBe(false);
      expect((await browser.post('/api/user/passkey/login/finish').send({ response: authenticator.assert(begin.body.data) })).body).toMatchObject({ success: false, message: MSG_PASSKEY_LOGIN_DISABLED });
      expect((await t.http().post('/api/user/passkey/login/begin').send({})).body).toMatchObject({ success: false, message: MSG_PASSKEY_LOGIN_DISABLED });
      await register(agent, 'second');
    } finally {
      await setOption('true');
    }
    expect((await t.http().get('/api/status')).body.data.passkey_login).toBe(true);
  });

  it('refuses disabled and deregistered users', async () => {
    const disabled = await t.signUp(userName(), PASSWORD);
    const { authenticator: disabledKey } = await register(disabled.agent);
    expect((await root.post('/api/user/manage').send({ id: disabled.userId, action: 'disable' })).body.success).toBe(true);
    const refused = (await passkeySignIn(disabledKey)).reply;
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toBe('用户已被封禁');

    const deleted = await t.signUp(userName(), PASSWORD);
    const { authenticator: deletedKey } = await register(deleted.agent);
    expect((await deleted.agent.delete('/api/user/self')).body.success).toBe(true);
    expect((await passkeySignIn(deletedKey)).reply.body).toMatchObject({ success: false, message: MSG_PASSKEY_UNKNOWN });
    expect(await sessionCount(deleted.userId)).toBe(0);
  });

  it('holds at most 10 passkeys per user', async () => {
    const { agent, userId } = await t.signUp(userName(), PASSWORD);
    for (let index = 0; index < 10; index++) await register(agent, `key ${index}`);
    expect((await agent.post('/api/user/passkey/register/begin').send({})).body).toMatchObject({ success: false, message: MSG_PASSKEY_LIMIT });
    expect(await passkeyRows(userId)).toHaveLength(10);
  });

  it('refuses bad bodies with a clear message, adding nothing', async () => {
    const { agent, userId } = await t.signUp(userName(), PASSWORD);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const attempts: Array<[Record<string, unknown>, string]> = [
      [{ name: 'x' }, MSG_PASSKEY_RESPONSE_INVALID],
      [{ name: 'x', response: 'abc' }, MSG_PASSKEY_RESPONSE_INVALID],
      [{ name: 'x', response: 42 }, MSG_PASSKEY_RESPONSE_INVALID],
      [{ name: 'x', response: {} }, MSG_PASSKEY_VERIFY_FAILED],
      [{ name: 'x', response: { id: 'a'.repeat(5000), response: [] } }, MSG_PASSKEY_VERIFY_FAILED],
      [{ name: '   ', response: VALID }, MSG_PASSKEY_NAME_REQUIRED],
      [{ response: VALID }, MSG_PASSKEY_NAME_REQUIRED],
      [{ name: 42, response: VALID }, MSG_PASSKEY_NAME_REQUIRED],
      [{ name: 'x'.repeat(100_000), response: VALID }, MSG_PASSKEY_NAME_TOO_LONG],
      [{ name: 'a\u0000b', response: VALID }, MSG_NUL],
    ];
    for (const [body, message] of attempts) {
      const begin = await agent.post('/api/user/passkey/register/begin').send({});
      const sent = body.response === VALID ? { ...body, response: authenticator.register(begin.body.data) } : body;
      const reply = await agent.post('/api/user/passkey/register/finish').send(sent);
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
      expect(reply.body, JSON.stringify(body).slice(0, 80)).toMatchObject({ success: false, message });
    }
    expect(await passkeyRows(userId)).toEqual([]);

    const browser = t.http();
    for (const body of [{}, { response: null }, { response: 'x' }, { response: ['a'] }, { response: { id: 'a\u0000' } }]) {
      const reply = await browser.post('/api/user/passkey/login/finish').send(body);
      expect(reply.status, JSON.stringify(body)).toBeLessThan(500);
      expect(reply.body.success, JSON.stringify(body)).toBe(false);
      expect([MSG_PASSKEY_RESPONSE_INVALID, MSG_NUL, MSG_PASSKEY_CHALLENGE_MISSING]).toContain(reply.body.message);
    }
    expect((await agent.put('/api/user/passkey/1').send({ name: 'y'.repeat(65) })).body).toMatchObject({ success: false, message: MSG_PASSKEY_NAME_TOO_LONG });
  });
});
