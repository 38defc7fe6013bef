import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptionsService } from '../options/options.service';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';

describe('users (integration)', () => {
  let t: TestApp;
  let options: OptionsService;
  beforeAll(async () => {
    t = await startTestApp();
    options = t.app.get(OptionsService);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Invited by root unless the body says otherwise (`aff_code: undefined` sends none). */
  const register = async (body: Record<string, unknown>) => t.http().post('/api/user/register').send({ aff_code: await t.inviteCode(), ...body });
  const userRow = async (username: string) => (await t.db.query('SELECT * FROM users WHERE username = $1', [username]))[0];

  it('created root (id 1, role 100) on first start with INITIAL_ROOT_PASSWORD', async () => {
    const { agent, userId } = await t.login('root', ROOT_PASSWORD);
    expect(userId).toBe(1);
    const self = await agent.get('/api/user/self');
    expect(self.body).toMatchObject({ success: true, data: { id: 1, username: 'root', role: 100, status: 1 } });
    expect(self.body.data).not.toHaveProperty('password_hash');
    expect(self.body.data).not.toHaveProperty('access_token_hash');
  });

  it('answers 401 without a session', async () => {
    const reply = await t.http().get('/api/user/self');
    expect(reply.status).toBe(401);
    expect(reply.body.success).toBe(false);
  });

  describe('register', () => {
    it('registers with the spec fields, hashes the password with argon2id and starts at role 1', async () => {
      const reply = await register({ username: 'alice', password: 'password-1', password2: 'password-1' });
      expect(reply.body).toMatchObject({ success: true, message: '注册成功！' });
      const row = await userRow('alice');
      expect(row).toMatchObject({ role: 1, status: 1, group: 'default' });
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.aff_code).toMatch(/^[A-Za-z0-9]{6}$/);
    });

    it('enforces the password rules and the confirmation', async () => {
      expect((await register({ username: 'bob', password: 'short' })).body.message).toBe('密码长度不得小于 8 位！');
      expect((await register({ username: 'bob', password: 'x'.repeat(21) })).body.message).toBe('密码长度不得大于 20 位！');
      expect((await register({ username: 'bob', password: 'password-1', password2: 'password-2' })).body.message).toBe('两次输入的密码不一致');
      expect((await register({ password: 'password-1' })).body.message).toBe('请输入用户名');
      expect((await register({ username: 'bob' })).body.message).toBe('请输入密码');
      expect(await userRow('bob')).toBeUndefined();
    });

    it('refuses a taken username', async () => {
      await register({ username: 'carol', password: 'password-1' });
      const again = await register({ username: 'carol', password: 'password-2' });
      expect(again.body).toMatchObject({ success: false, message: '用户名已存在' });
    });

    it('follows RegisterEnabled and PasswordRegisterEnabled', async () => {
      await options.set('RegisterEnabled', 'false');
      expect((await register({ username: 'dave', password: 'password-1' })).body).toMatchObject({ success: false, message: '管理员关闭了新用户注册' });
      await options.set('RegisterEnabled', 'true');
      await options.set('PasswordRegisterEnabled', 'false');
      expect((await register({ username: 'dave', password: 'password-1' })).body.success).toBe(false);
      await options.set('PasswordRegisterEnabled', 'true');
      expect(await userRow('dave')).toBeUndefined();
    });

    it('follows PasswordLoginEnabled', async () => {
      await options.set('PasswordLoginEnabled', 'false');
      const reply = await t.http().post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD });
      expect(reply.body).toMatchObject({ success: false, message: '管理员关闭了密码登录' });
      await options.set('PasswordLoginEnabled', 'true');
    });

    it('on a fresh installation admits only with the invitation code of an active account', async () => {
      expect((await t.http().get('/api/status')).body.data.invite_only_register).toBe(true);
      const missing = await register({ username: 'uninvited', password: 'password-1', aff_code: undefined });
      expect(missing.body).toMatchObject({ success: false, message: '本站采用邀请制，注册需要填写邀请码' });
      const unknown = await register({ username: 'uninvited', password: 'password-1', aff_code: 'no-such' });
      expect(unknown.body).toMatchObject({ success: false, message: '邀请码无效，请向邀请人确认' });
      const { userId } = await t.signUp('banned-inviter');
      await t.db.query('UPDATE users SET status = 2 WHERE id = $1', [userId]);
      const [{ aff_code: bannedCode }] = await t.db.query('SELECT aff_code FROM users WHERE id = $1', [userId]);
      const fromBanned = await register({ username: 'uninvited', password: 'password-1', aff_code: bannedCode });
      expect(fromBanned.body).toMatchObject({ success: false, message: '邀请码无效，请向邀请人确认' });
      expect(await userRow('uninvited')).toBeUndefined();
      const invited = await register({ username: 'invited', password: 'password-1', aff_code: ` ${await t.inviteCode()} ` });
      expect(invited.body.success).toBe(true);
      expect((await userRow('invited')).inviter_id).toBe(1);
    });

    it('with InviteOnlyRegisterEnabled off, registers without a code and ignores an unknown one', async () => {
      await options.set('InviteOnlyRegisterEnabled', 'false');
      expect((await t.http().get('/api/status')).body.data.invite_only_register).toBe(false);
      expect((await register({ username: 'walk-in', password: 'password-1', aff_code: undefined })).body.success).toBe(true);
      expect((await register({ username: 'plain', password: 'password-1', aff_code: 'no-such' })).body.success).toBe(true);
      expect((await userRow('walk-in')).inviter_id).toBeNull();
      expect((await userRow('plain')).inviter_id).toBeNull();
      await options.set('InviteOnlyRegisterEnabled', 'true');
    });

    it('credits QuotaForNewUser, and with an inviter code QuotaForInvitee and QuotaForInviter', async () => {
      await options.set('QuotaForNewUser', '1000');
      const { agent } = await t.signUp('inviter');
      await options.set('QuotaForInvitee', '200');
      await options.set('QuotaForInviter', '300');
      const code = (await agent.get('/api/user/aff')).body.data as string;
      await register({ username: 'invitee', password: 'password-1', aff_code: code });
      const inviter = await userRow('inviter');
      const invitee = await userRow('invitee');
      expect(Number(invitee.quota)).toBe(1200);
      expect(invitee.inviter_id).toBe(inviter.id);
      expect(inviter).toMatchObject({ aff_count: 1 });
      expect(Number(inviter.aff_quota)).toBe(300);
      expect(Number(inviter.aff_history_quota)).toBe(300);
      expect(Number(inviter.quota)).toBe(1000);
      const self = await agent.get('/api/user/self');
      expect(self.body.data).toMatchObject({ aff_count: 1, aff_quota: 300, aff_history_quota: 300, quota: 1000 });
      // Later sign-ups here are invited by root; they earn the new-user quota only.
      await options.set('QuotaForInvitee', '0');
      await options.set('QuotaForInviter', '0');
    });
  });

  describe('aff_transfer', () => {
    it('moves invitation rewards into the balance, at least one unit', async () => {
      const { agent, userId } = await t.signUp('earner');
      await t.db.query('UPDATE users SET aff_quota = 1200000 WHERE id = $1', [userId]);
      const tooSmall = await agent.post('/api/user/aff_transfer').send({ quota: 499999 });
      expect(tooSmall.body).toMatchObject({ success: false, message: '划转金额最低为$1.00' });
      const tooMuch = await agent.post('/api/user/aff_transfer').send({ quota: 1300000 });
      expect(tooMuch.body).toMatchObject({ success: false, message: '邀请额度不足！' });
      const ok = await agent.post('/api/user/aff_transfer').send({ quota: 500000 });
      expect(ok.body.success).toBe(true);
      const row = await userRow('earner');
      expect(Number(row.aff_quota)).toBe(700000);
      expect(Number(row.quota)).toBe(500000 + 1000);
    });

    it('never overdraws under concurrent transfers', async () => {
      const { agent, userId } = await t.signUp('racer');
      await t.db.query('UPDATE users SET aff_quota = 1500000, quota = 0 WHERE id = $1', [userId]);
      const replies = await Promise.all(Array.from({ length: 10 }, () => agent.post('/api/user/aff_transfer').send({ quota: 500000 })));
      expect(replies.filter((reply) => reply.body.success)).toHaveLength(3);
      const row = await userRow('racer');
      expect(Number(row.aff_quota)).toBe(0);
      expect(Number(row.quota)).toBe(1500000);
    });

    it('rejects a non-integer amount', async () => {
      const { agent } = await t.signUp('typo');
      expect((await agent.post('/api/user/aff_transfer').send({ quota: 'lots' })).body).toMatchObject({ success: false, message: '划转额度必须是整数' });
    });
  });

  it('shows another user to admins only', async () => {
    const { agent, userId } = await t.signUp('looker');
    expect((await agent.get('/api/user/1')).status).toBe(403);
    const root = await t.login('root', ROOT_PASSWORD);
    expect((await root.agent.get(`/api/user/${userId}`)).body.data).toMatchObject({ id: userId, username: 'looker' });
    expect((await root.agent.get(`/api/user/${userId}`)).body.data).not.toHaveProperty('password_hash');
    expect((await root.agent.get('/api/user/999999')).body).toMatchObject({ success: false, message: '用户不存在' });
    expect((await root.agent.get('/api/user/self')).body.data.username).toBe('root');
  });

  it('returns the usable groups as a map of group to label', async () => {
    const { agent } = await t.signUp('grouper');
    const reply = await agent.get('/api/user/self/groups');
    expect(reply.body.data).toMatchObject({ default: '默认分组' });
  });
});
