import { MSG_2FA_CODE_FORMAT, MSG_2FA_CODE_OR_BACKUP_FORMAT, MSG_2FA_CODE_WRONG, MSG_2FA_LOCKED, MSG_2FA_PENDING_MISSING, MSG_ADMIN_2FA_REQUIRED } from '@gw/shared';
import type TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MockGitHub, type ProviderUser } from '../../test/mock-oauth-providers';
import { ROOT_PASSWORD, startTestApp, type TestApp } from '../../test/test-app';
import { totpCode } from '../../test/totp-code';
import { OptionsService } from '../options/options.service';
import { MSG_NOT_LOWER, MSG_ROOT_PROTECTED } from '../users/user-admin-rules';
import { TwoFactorClock } from './two-factor-clock';

const PASSWORD = 'password-123';
const STEP_MS = 30_000;
/** A fixed time at the start of a 30-second step. */
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

const codeAt = (secret: string, ms: number): string => totpCode(secret, ms);

describe('two-factor sign-in (integration)', () => {
  let t: TestApp;
  let options: OptionsService;
  let root: TestAgent;
  let now = T0;
  let seq = 0;
  const github = new MockGitHub();

  /** Moves the fixed clock on by whole 30-second steps (every accepted code needs a step of its own). */
  const advance = (steps: number) => {
    now += steps * STEP_MS;
  };
  const userName = () => `tf${++seq}`;

  /** A signed-up user with 2FA on (setup + enable at the current time). */
  async function userWith2fa(role = 1) {
    const username = userName();
    const { agent, userId } = await t.signUp(username, PASSWORD);
    if (role !== 1) await t.db.query('UPDATE users SET role = $2 WHERE id = $1', [userId, role]);
    const setup = await agent.post('/api/user/2fa/setup').send({});
    expect(setup.body.success).toBe(true);
    const { secret, backup_codes: backupCodes } = setup.body.data as { secret: string; backup_codes: string[] };
    advance(1);
    const enabled = await agent.post('/api/user/2fa/enable').send({ code: codeAt(secret, now) });
    expect(enabled.body).toMatchObject({ success: true, message: '两步验证已启用' });
    advance(1);
    return { username, agent, userId, secret, backupCodes };
  }

  /** The password step in a new browser: the reply and the browser (not signed in). */
  async function passwordStep(username: string, password = PASSWORD) {
    const agent = t.http();
    const reply = await agent.post('/api/user/login').send({ username, password });
    return { agent, reply };
  }

  /** The audit rows of `action` about user `userId`, oldest first. */
  const auditOf = (action: string, userId: number): Promise<Array<{ actor_id: number; after: Record<string, unknown>; ip: string }>> =>
    t.db.query(`SELECT actor_id, after, ip FROM audit_logs WHERE action = $1 AND target_type = 'user' AND target_id = $2 ORDER BY id`, [action, String(userId)]);

  const cookiesOf = (reply: { headers: Record<string, unknown> }): string[] => (reply.headers['set-cookie'] as string[] | undefined) ?? [];

  beforeAll(async () => {
    await github.start();
    t = await startTestApp({ GITHUB_OAUTH_BASE_URL: github.url, GITHUB_API_BASE_URL: github.url, OUTBOUND_ALLOW_PRIVATE: 'oauth' });
    options = t.app.get(OptionsService);
    t.app.get(TwoFactorClock).now = () => now;
    root = (await t.login('root', ROOT_PASSWORD)).agent;
  });
  afterAll(async () => {
    await t.close();
    await github.stop();
  });
  beforeEach(() => advance(10));

  describe('setup and enable', () => {
    it('stores a pending sealed secret, refuses a wrong code, turns on with the right one and refuses a second setup', async () => {
      const { agent, userId } = await t.signUp(userName(), PASSWORD);
      const setup = await agent.post('/api/user/2fa/setup').send({});
      const { secret, qr_code_data: uri, backup_codes: codes } = setup.body.data;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const parsed = new URL(uri);
      expect(parsed.protocol).toBe('otpauth:');
      expect(decodeURIComponent(parsed.pathname)).toContain(`AI 模型网关:${(await agent.get('/api/user/self')).body.data.username}`);
      expect(parsed.searchParams.get('issuer')).toBe('AI 模型网关');
      expect(parsed.searchParams.get('secret')).toBe(secret);
      expect(codes).toHaveLength(10);
      for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/);

      // Sealed at rest: the raw column never holds the base32 secret, nor do the backup code rows hold the codes.
      const [row] = await t.db.query('SELECT secret_sealed, enabled FROM two_factor WHERE user_id = $1', [userId]);
      expect(row.enabled).toBe(false);
      expect(row.secret_sealed).toMatch(/^enc:v1:/);
      expect(row.secret_sealed).not.toContain(secret);
      const hashes: Array<{ code_hash: string }> = await t.db.query('SELECT code_hash FROM two_factor_backup_codes WHERE user_id = $1', [userId]);
      expect(hashes).toHaveLength(10);
      expect(JSON.stringify(hashes)).not.toContain(codes[0]);

      expect((await agent.get('/api/user/2fa/status')).body.data).toEqual({ enabled: false, locked: false, backup_codes_remaining: 0 });
      const wrong = await agent.post('/api/user/2fa/enable').send({ code: codeAt(secret, now + 5 * STEP_MS) });
      expect(wrong.body).toMatchObject({ success: false, message: MSG_2FA_CODE_WRONG });
      expect((await agent.get('/api/user/2fa/status')).body.data.enabled).toBe(false);

      const right = await agent.post('/api/user/2fa/enable').send({ code: codeAt(secret, now) });
      expect(right.body.success).toBe(true);
      const status = await agent.get('/api/user/2fa/status');
      expect(status.body.data).toEqual({ enabled: true, locked: false, backup_codes_remaining: 10 });

      const again = await agent.post('/api/user/2fa/setup').send({});
      expect(again.body).toMatchObject({ success: false, message: '两步验证已启用，如需重新设置请先停用' });
      // The secret appears in no reply after setup.
      for (const reply of [status, again, await agent.get('/api/user/self')]) expect(JSON.stringify(reply.body)).not.toContain(secret);
    });

    it('refuses codes of the wrong type or shape, and NUL bytes, changing nothing', async () => {
      const { agent, userId } = await t.signUp(userName(), PASSWORD);
      await agent.post('/api/user/2fa/setup').send({});
      for (const code of [123456, '12345', '1234567', 'abcdef', '', null, ['123456'], '12345\u0000']) {
        const reply = await agent.post('/api/user/2fa/enable').send({ code });
        expect(reply.body.success, JSON.stringify(code)).toBe(false);
        expect([MSG_2FA_CODE_FORMAT, '参数中不能包含空字符']).toContain(reply.body.message);
      }
      const missing = await agent.post('/api/user/2fa/enable').send({});
      expect(missing.body).toMatchObject({ success: false, message: MSG_2FA_CODE_FORMAT });
      const [row] = await t.db.query('SELECT enabled FROM two_factor WHERE user_id = $1', [userId]);
      expect(row.enabled).toBe(false);
      const login = await t.http().post('/api/user/login/2fa').send({ code: 'not-a-code' });
      expect(login.body).toMatchObject({ success: false, message: MSG_2FA_CODE_OR_BACKUP_FORMAT });
    });
  });

  describe('sign-in', () => {
    it('answers require_2fa without a session, then signs in with the code; the same code again is refused', async () => {
      const { username, secret, userId } = await userWith2fa();
      const { agent, reply } = await passwordStep(username);
      expect(reply.body).toEqual({ success: true, message: '', data: { require_2fa: true } });
      const cookies = cookiesOf(reply);
      expect(cookies.some((cookie) => cookie.startsWith('session='))).toBe(false);
      const pending = cookies.find((cookie) => cookie.startsWith('pending_2fa='))!;
      expect(pending).toMatch(/HttpOnly/);
      expect(pending).toMatch(/SameSite=Lax/);
      expect((await agent.get('/api/user/self').set('New-Api-User', String(userId))).status).toBe(401);

      const code = codeAt(secret, now);
      const signedIn = await agent.post('/api/user/login/2fa').send({ code });
      expect(signedIn.body).toMatchObject({ success: true, message: '', data: { id: userId, username } });
      expect(cookiesOf(signedIn).some((cookie) => cookie.startsWith('session='))).toBe(true);
      expect((await agent.get('/api/user/self').set('New-Api-User', String(userId))).body.data.id).toBe(userId);
      // Single use: the marker is gone.
      expect((await agent.post('/api/user/login/2fa').send({ code })).body).toMatchObject({ success: false, message: MSG_2FA_PENDING_MISSING });

      // A replay of the accepted code in its window, from another browser.
      const other = await passwordStep(username);
      const replay = await other.agent.post('/api/user/login/2fa').send({ code });
      expect(replay.body).toMatchObject({ success: false, message: MSG_2FA_CODE_WRONG });
    });

    it('audits the sign-ins of administrators, with and without the code step, and no user’s', async () => {
      const admin = await userWith2fa(10);
      const { agent } = await passwordStep(admin.username);
      expect((await agent.post('/api/user/login/2fa').send({ code: codeAt(admin.secret, now) })).body.success).toBe(true);
      const plainAdmin = await t.signUp(userName(), PASSWORD);
      await t.db.query('UPDATE users SET role = 10 WHERE id = $1', [plainAdmin.userId]);
      const [{ username: plainName }] = await t.db.query('SELECT username FROM users WHERE id = $1', [plainAdmin.userId]);
      expect((await passwordStep(plainName)).reply.body.success).toBe(true);
      const user = await userWith2fa();
      advance(1);
      const userStep = await passwordStep(user.username);
      expect((await userStep.agent.post('/api/user/login/2fa').send({ code: codeAt(user.secret, now) })).body.success).toBe(true);

      expect((await auditOf('admin.login', admin.userId)).map((row) => row.after)).toEqual([{ two_factor: true }]);
      expect((await auditOf('admin.login', plainAdmin.userId)).map((row) => row.after)).toEqual([{ two_factor: false }]);
      expect(await auditOf('admin.login', user.userId)).toEqual([]);
    });

    it('accepts the previous and next step (clock drift) but not two steps off', async () => {
      const { username, secret } = await userWith2fa();
      const signIn = async (code: string) => {
        const { agent } = await passwordStep(username);
        return (await agent.post('/api/user/login/2fa').send({ code })).body;
      };
      advance(10);
      expect((await signIn(codeAt(secret, now - STEP_MS))).success).toBe(true);
      advance(10);
      expect((await signIn(codeAt(secret, now + STEP_MS))).success).toBe(true);
      advance(10);
      expect(await signIn(codeAt(secret, now + 2 * STEP_MS))).toMatchObject({ success: false, message: MSG_2FA_CODE_WRONG });
      expect(await signIn(codeAt(secret, now - 2 * STEP_MS))).toMatchObject({ success: false, message: MSG_2FA_CODE_WRONG });
      expect((await signIn(codeAt(secret, now))).success).toBe(true);
    });

    it('accepts one of two concurrent sign-ins with the same code', async () => {
      const { username, secret } = await userWith2fa();
      const [a, b] = await Promise.all([passwordStep(username), passwordStep(username)]);
      const code = codeAt(secret, now);
      const replies = await Promise.all([a.agent.post('/api/user/login/2fa').send({ code }), b.agent.post('/api/user/login/2fa').send({ code })]);
      expect(replies.map((reply) => reply.body.success).sort()).toEqual([false, true]);
    });

    it('locks after 5 wrong codes: the 6th, even right, is refused, until 15 minutes later', async () => {
      const { username, secret, agent: account, userId } = await userWith2fa();
      const { agent } = await passwordStep(username);
      const wrong = String((Number(codeAt(secret, now)) + 1) % 1_000_000).padStart(6, '0');
      const messages: string[] = [];
      for (let i = 0; i < 5; i++) messages.push((await agent.post('/api/user/login/2fa').send({ code: wrong })).body.message);
      expect(messages).toEqual([MSG_2FA_CODE_WRONG, MSG_2FA_CODE_WRONG, MSG_2FA_CODE_WRONG, MSG_2FA_CODE_WRONG, MSG_2FA_LOCKED]);
      // Each wrong code is audited, by the user, with whether it locked; never the code itself.
      const failures = await auditOf('2fa.failed', userId);
      expect(failures.map((row) => row.after)).toEqual([...Array(4).fill({ during: 'sign_in', locked: false }), { during: 'sign_in', locked: true }]);
      expect(failures.every((row) => row.actor_id === userId && row.ip === '127.0.0.1')).toBe(true);
      expect(JSON.stringify(failures)).not.toContain(wrong);
      expect((await account.get('/api/user/2fa/status')).body.data).toMatchObject({ enabled: true, locked: true });
      const right = await agent.post('/api/user/login/2fa').send({ code: codeAt(secret, now) });
      expect(right.body).toMatchObject({ success: false, message: MSG_2FA_LOCKED });
      // Disable and regenerate are locked too.
      expect((await account.post('/api/user/2fa/disable').send({ code: codeAt(secret, now) })).body.message).toBe(MSG_2FA_LOCKED);

      now += 15 * 60_000 - STEP_MS;
      expect((await account.get('/api/user/2fa/status')).body.data.locked).toBe(true);
      advance(1);
      expect((await account.get('/api/user/2fa/status')).body.data.locked).toBe(false);
      const again = await passwordStep(username);
      expect((await again.agent.post('/api/user/login/2fa').send({ code: codeAt(secret, now) })).body.success).toBe(true);
    });

    it('takes a backup code once, and once when sent twice at the same time', async () => {
      const { username, backupCodes } = await userWith2fa();
      const first = await passwordStep(username);
      // Typed in capitals without the dash: the same code.
      expect((await first.agent.post('/api/user/login/2fa').send({ code: backupCodes[0].replace('-', '').toUpperCase() })).body.success).toBe(true);
      const second = await passwordStep(username);
      expect((await second.agent.post('/api/user/login/2fa').send({ code: backupCodes[0] })).body).toMatchObject({ success: false, message: MSG_2FA_CODE_WRONG });

      const [a, b] = await Promise.all([passwordStep(username), passwordStep(username)]);
      const replies = await Promise.all([a.agent.post('/api/user/login/2fa').send({ code: backupCodes[1] }), b.agent.post('/api/user/login/2fa').send({ code: backupCodes[1] })]);
      expect(replies.map((reply) => reply.body.success).sort()).toEqual([false, true]);
    });

    it('refuses the code step without a marker, with an expired one, or from another browser', async () => {
      const { username, secret } = await userWith2fa();
      expect((await t.http().post('/api/user/login/2fa').send({ code: codeAt(secret, now) })).body).toMatchObject({
        success: false,
        message: MSG_2FA_PENDING_MISSING,
      });

      const { agent } = await passwordStep(username);
      // Another browser: the marker lives in the first one's cookie only; a forged (unsigned) cookie counts for nothing.
      const other = t.http();
      expect((await other.post('/api/user/login/2fa').send({ code: codeAt(secret, now) })).body.message).toBe(MSG_2FA_PENDING_MISSING);
      const forged = await t.http().post('/api/user/login/2fa').set('Cookie', 'pending_2fa=abc').send({ code: codeAt(secret, now) });
      expect(forged.body.message).toBe(MSG_2FA_PENDING_MISSING);

      now += 5 * 60_000;
      const expired = await agent.post('/api/user/login/2fa').send({ code: codeAt(secret, now) });
      expect(expired.body).toMatchObject({ success: false, message: MSG_2FA_PENDING_MISSING });
      expect(cookiesOf(expired).some((cookie) => cookie.startsWith('session='))).toBe(false);
    });

    it('stops a GitHub sign-in of a 2FA user at require_2fa, then the code step signs in', async () => {
      await options.set('GitHubOAuthEnabled', 'true');
      await options.set('GitHubClientId', github.clientId);
      await options.set('GitHubClientSecret', github.clientSecret);
      await options.set('ServerAddress', 'http://gateway.test');
      const someone: ProviderUser = { id: 4242, username: 'octo-2fa', name: 'Octo' };
      const signInWithGitHub = async (aff?: string) => {
        const agent = t.http();
        const state = await agent.get('/api/oauth/state').query(aff ? { aff } : {});
        const redirect = await agent.get('/api/oauth/github/authorize').query({ state: state.body.data });
        github.signInAs(someone);
        const provider = await fetch(redirect.headers.location, { redirect: 'manual' });
        const callback = new URL(provider.headers.get('location')!);
        const reply = await agent.get('/api/oauth/github').query({ code: callback.searchParams.get('code'), state: callback.searchParams.get('state') });
        return { agent, reply };
      };
      const first = await signInWithGitHub(await t.inviteCode());
      const userId = first.reply.body.data.id as number;
      first.agent.set('New-Api-User', String(userId));
      const secret = (await first.agent.post('/api/user/2fa/setup').send({})).body.data.secret as string;
      expect((await first.agent.post('/api/user/2fa/enable').send({ code: codeAt(secret, now) })).body.success).toBe(true);
      advance(1);

      const { agent, reply } = await signInWithGitHub();
      expect(reply.body).toEqual({ success: true, message: '', data: { require_2fa: true } });
      expect(cookiesOf(reply).some((cookie) => cookie.startsWith('session='))).toBe(false);
      const done = await agent.post('/api/user/login/2fa').send({ code: codeAt(secret, now) });
      expect(done.body).toMatchObject({ success: true, data: { id: userId } });
    });
  });

  describe('disable and backup codes', () => {
    it('disable needs a valid code; a backup code does', async () => {
      const { agent, secret, backupCodes, userId } = await userWith2fa();
      const wrong = await agent.post('/api/user/2fa/disable').send({ code: codeAt(secret, now + 3 * STEP_MS) });
      expect(wrong.body).toMatchObject({ success: false, message: MSG_2FA_CODE_WRONG });
      expect((await agent.get('/api/user/2fa/status')).body.data.enabled).toBe(true);
      const done = await agent.post('/api/user/2fa/disable').send({ code: backupCodes[3] });
      expect(done.body).toMatchObject({ success: true, message: '两步验证已停用' });
      expect((await agent.get('/api/user/2fa/status')).body.data).toEqual({ enabled: false, locked: false, backup_codes_remaining: 0 });
      expect(await t.db.query('SELECT 1 FROM two_factor_backup_codes WHERE user_id = $1', [userId])).toHaveLength(0);
      expect((await agent.post('/api/user/2fa/disable').send({ code: codeAt(secret, now) })).body.message).toBe('尚未启用两步验证');
    });

    it('regenerating needs a TOTP code; the new codes replace the old ones', async () => {
      const { agent, secret, backupCodes, username } = await userWith2fa();
      expect((await agent.post('/api/user/2fa/backup_codes').send({ code: backupCodes[0] })).body).toMatchObject({ success: false, message: MSG_2FA_CODE_FORMAT });
      expect((await agent.post('/api/user/2fa/backup_codes').send({ code: codeAt(secret, now + 3 * STEP_MS) })).body.success).toBe(false);
      const fresh = await agent.post('/api/user/2fa/backup_codes').send({ code: codeAt(secret, now) });
      expect(fresh.body.success).toBe(true);
      const codes = fresh.body.data.backup_codes as string[];
      expect(codes).toHaveLength(10);
      expect(codes).not.toContain(backupCodes[0]);
      const old = await passwordStep(username);
      expect((await old.agent.post('/api/user/login/2fa').send({ code: backupCodes[0] })).body.success).toBe(false);
      expect((await old.agent.post('/api/user/login/2fa').send({ code: codes[0] })).body.success).toBe(true);
    });
  });

  describe('reset by a super administrator', () => {
    it('root resets a user’s 2FA and signs the user out everywhere', async () => {
      const { agent, userId } = await userWith2fa();
      const list = await root.get('/api/user/search').query({ keyword: String(userId) });
      expect(list.body.data.items[0]).toMatchObject({ id: userId, two_factor_enabled: true });
      const reset = await root.delete(`/api/user/${userId}/2fa`);
      expect(reset.body).toMatchObject({ success: true, message: '已重置该用户的两步验证，其所有登录会话已退出' });
      const [rootRow] = await t.db.query(`SELECT id FROM users WHERE username = 'root'`);
      expect(await auditOf('2fa.reset', userId)).toEqual([expect.objectContaining({ actor_id: rootRow.id })]);
      expect((await agent.get('/api/user/self')).status).toBe(401);
      expect(await t.db.query('SELECT 1 FROM two_factor WHERE user_id = $1', [userId])).toHaveLength(0);
      expect((await root.get(`/api/user/${userId}`)).body.data.two_factor_enabled).toBe(false);
      expect((await root.delete(`/api/user/${userId}/2fa`)).body).toMatchObject({ success: false, message: '该用户未启用两步验证' });
      expect((await root.delete('/api/user/abc/2fa')).body).toMatchObject({ success: false, message: '用户不存在' });
    });

    it('a super administrator cannot reset root’s or an equal’s; an administrator or a user cannot call it', async () => {
      const superAdmin = await userWith2fa(100);
      const otherSuper = await userWith2fa(100);
      const admin = await userWith2fa(10);
      const user = await userWith2fa();
      const [{ id: rootId }] = await t.db.query(`SELECT id FROM users WHERE username = 'root'`);
      await t.db.query(`INSERT INTO two_factor (user_id, secret_sealed, enabled, created_at, updated_at) VALUES ($1, 'enc:v1:x', true, 0, 0) ON CONFLICT DO NOTHING`, [rootId]);
      try {
        expect((await superAdmin.agent.delete(`/api/user/${rootId}/2fa`)).body).toMatchObject({ success: false, message: MSG_ROOT_PROTECTED });
        expect((await superAdmin.agent.delete(`/api/user/${otherSuper.userId}/2fa`)).body).toMatchObject({ success: false, message: MSG_NOT_LOWER });
        expect((await superAdmin.agent.delete(`/api/user/${superAdmin.userId}/2fa`)).body).toMatchObject({ success: false, message: MSG_NOT_LOWER });
        expect((await admin.agent.delete(`/api/user/${rootId}/2fa`)).status).toBe(403);
        expect((await admin.agent.delete(`/api/user/${user.userId}/2fa`)).status).toBe(403);
        expect((await user.agent.delete(`/api/user/${admin.userId}/2fa`)).status).toBe(403);
        expect(await t.db.query('SELECT user_id FROM two_factor WHERE enabled AND user_id = ANY($1)', [[rootId, otherSuper.userId, admin.userId, user.userId]])).toHaveLength(4);
        expect((await superAdmin.agent.delete(`/api/user/${admin.userId}/2fa`)).body.success).toBe(true);
      } finally {
        await t.db.query('DELETE FROM two_factor WHERE user_id = $1', [rootId]);
      }
    });
  });

  describe('TwoFactorRequiredForAdmins', () => {
    it('refuses administrators without 2FA on administrators’ routes only, until they enable it', async () => {
      const { agent, userId } = await t.signUp(userName(), PASSWORD);
      await t.db.query('UPDATE users SET role = 10 WHERE id = $1', [userId]);
      const plain = await t.signUp(userName(), PASSWORD);
      await options.set('TwoFactorRequiredForAdmins', 'true');
      try {
        const refused = await agent.get('/api/user/');
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ success: false, message: MSG_ADMIN_2FA_REQUIRED });
        expect((await agent.get('/api/channel/')).body.message).toBe(MSG_ADMIN_2FA_REQUIRED);
        // Their own account and the 2FA calls stay open; an ordinary user is not concerned.
        expect((await agent.get('/api/user/self')).body.success).toBe(true);
        expect((await plain.agent.get('/api/user/self')).body.success).toBe(true);
        const secret = (await agent.post('/api/user/2fa/setup').send({})).body.data.secret as string;
        expect((await agent.post('/api/user/2fa/enable').send({ code: codeAt(secret, now) })).body.success).toBe(true);
        expect((await agent.get('/api/user/')).body.success).toBe(true);
      } finally {
        await options.set('TwoFactorRequiredForAdmins', 'false');
      }
    });
  });
});
