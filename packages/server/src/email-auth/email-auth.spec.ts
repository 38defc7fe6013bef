import { createHash } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptionsService } from '../options/options.service';
import { MockSmtpServer } from '../../test/mock-smtp-server';
import { MockTurnstile } from '../../test/mock-turnstile';
import { startTestApp, TestApp } from '../../test/test-app';

const TURNSTILE_SECRET = 'turnstile-secret-key';
const SERVER_ADDRESS = 'https://gw.example.com';
const MSG_CODE_SENT = '验证码发送成功，请检查你的邮箱！';
const MSG_CODE_INVALID = '验证码错误或已过期';
const MSG_RESET_SENT = '如果该邮箱地址已注册，重置邮件已发送，请检查邮箱！';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const codeOf = (mail: ParsedMail) => /验证码为：([A-Z0-9]{6})/.exec(mail.text ?? '')![1];
const resetLinkOf = (mail: ParsedMail) => new URL(/(https:\/\/\S+\/user\/reset\?\S+)/.exec(mail.text ?? '')![1]);

describe('e-mail sign-in and Turnstile (integration)', () => {
  let t: TestApp;
  let options: OptionsService;
  const smtp = new MockSmtpServer();
  const turnstile = new MockTurnstile(TURNSTILE_SECRET);

  beforeAll(async () => {
    await smtp.start();
    await turnstile.start();
    t = await startTestApp({ OUTBOUND_ALLOW_PRIVATE: 'turnstile', TURNSTILE_VERIFY_URL: turnstile.url });
    options = t.app.get(OptionsService);
    for (const [key, value] of Object.entries({
      SMTPServer: '127.0.0.1',
      SMTPPort: String(smtp.port),
      SMTPAccount: 'mailer@example.com',
      SMTPToken: 'smtp-password',
      SMTPFrom: 'noreply@example.com',
      ServerAddress: SERVER_ADDRESS,
      TurnstileSecretKey: TURNSTILE_SECRET,
    })) {
      await options.set(key, value);
    }
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    await turnstile.stop();
  });

  const sendCode = (email: string, agent = t.http(), query: Record<string, string> = {}) => agent.get('/api/verification').query({ email, ...query });
  const register = async (body: Record<string, unknown>, query: Record<string, string> = {}) =>
    t.http().post('/api/user/register').query(query).send({ password: 'password-123', password2: 'password-123', aff_code: await t.inviteCode(), ...body });
  const userRow = async (username: string) => (await t.db.query('SELECT * FROM users WHERE username = $1', [username]))[0];
  const challenges = (email: string) => t.db.query('SELECT * FROM email_challenges WHERE email = $1 ORDER BY id', [email]);
  /** Moves the address's rows back in time, as if `seconds` had passed (no waiting in tests). */
  const age = (email: string, seconds: number) => t.db.query('UPDATE email_challenges SET created_at = created_at - $2 WHERE email = $1', [email, seconds]);
  const requestCode = async (email: string, agent = t.http()) => {
    const mailbox = email.toLowerCase();
    const before = smtp.to(mailbox).length;
    const reply = await sendCode(email, agent);
    expect(reply.body).toMatchObject({ success: true, message: MSG_CODE_SENT });
    const mails = smtp.to(mailbox);
    expect(mails).toHaveLength(before + 1);
    return codeOf(mails.at(-1)!);
  };

  describe('verification codes and registration', () => {
    beforeAll(() => options.set('EmailVerificationEnabled', 'true'));
    afterAll(() => options.set('EmailVerificationEnabled', 'false'));

    it('mails a 6-character code over the SMTP options and registers with it, once', async () => {
      const code = await requestCode('New.User@Example.com');
      const mail = smtp.to('new.user@example.com')[0];
      expect(mail.from?.value[0].address).toBe('noreply@example.com');
      expect(smtp.logins).toContain('mailer@example.com');
      expect(code).toMatch(/^[A-Z0-9]{6}$/);
      const [row] = await challenges('new.user@example.com');
      expect(row).toMatchObject({ purpose: 'verify', secret_hash: sha256(code), used_at: null });
      expect(Number(row.expires_at) - Number(row.created_at)).toBe(600);

      expect((await register({ username: 'newuser', email: 'new.user@example.com' })).body.message).toBe('管理员开启了邮箱验证，请输入邮箱地址和验证码');
      const ok = await register({ username: 'newuser', email: 'New.User@example.com', verification_code: code.toLowerCase() });
      expect(ok.body).toMatchObject({ success: true, message: '注册成功！' });
      expect(await userRow('newuser')).toMatchObject({ email: 'new.user@example.com' });
      await t.login('newuser', 'password-123');

      const reuse = await register({ username: 'newuser2', email: 'new.user@example.com', verification_code: code });
      expect(reuse.body).toMatchObject({ success: false, message: MSG_CODE_INVALID });
      expect(await userRow('newuser2')).toBeUndefined();
    });

    it('refuses another code to the same address within 30 s, and keeps one active code per address', async () => {
      const first = await requestCode('twice@example.com');
      const again = await sendCode('twice@example.com');
      expect(again.body.success).toBe(false);
      expect(again.body.message).toMatch(/^发送过于频繁，请 \d+ 秒后再试$/);
      expect(smtp.to('twice@example.com')).toHaveLength(1);

      await age('twice@example.com', 31);
      const second = await requestCode('twice@example.com');
      expect((await register({ username: 'twice', email: 'twice@example.com', verification_code: first })).body.message).toBe(MSG_CODE_INVALID);
      expect((await register({ username: 'twice', email: 'twice@example.com', verification_code: second })).body.success).toBe(true);
    });

    it('refuses an expired code', async () => {
      const code = await requestCode('late@example.com');
      await t.db.query('UPDATE email_challenges SET expires_at = created_at - 1 WHERE email = $1', ['late@example.com']);
      const reply = await register({ username: 'late', email: 'late@example.com', verification_code: code });
      expect(reply.body).toMatchObject({ success: false, message: MSG_CODE_INVALID });
      expect(await userRow('late')).toBeUndefined();
    });

    it('voids the code after 5 wrong guesses', async () => {
      const code = await requestCode('guess@example.com');
      const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
      for (let i = 0; i < 5; i++) {
        expect((await register({ username: 'guess', email: 'guess@example.com', verification_code: wrong })).body.message).toBe(MSG_CODE_INVALID);
      }
      expect((await register({ username: 'guess', email: 'guess@example.com', verification_code: code })).body.message).toBe(MSG_CODE_INVALID);
      expect(await userRow('guess')).toBeUndefined();
    });

    it('gives the code back when registration fails for another reason', async () => {
      const code = await requestCode('retry@example.com');
      const taken = await register({ username: 'newuser', email: 'retry@example.com', verification_code: code });
      expect(taken.body).toMatchObject({ success: false, message: '用户名已存在' });
      expect((await register({ username: 'retry', email: 'retry@example.com', verification_code: code })).body.success).toBe(true);
    });

    it('refuses an address that another account holds, only once the code proves the caller reads it', async () => {
      await age('new.user@example.com', 31);
      const code = await requestCode('NEW.USER@EXAMPLE.COM');
      const reply = await register({ username: 'copycat', email: 'new.user@example.com', verification_code: code });
      expect(reply.body).toMatchObject({ success: false, message: '邮箱地址已被占用' });
      expect(await userRow('copycat')).toBeUndefined();
    });

    it('applies the domain whitelist and the alias restriction before sending anything', async () => {
      await options.set('EmailDomainRestrictionEnabled', 'true');
      await options.set('EmailDomainWhitelist', 'example.com,qq.com');
      const outside = await sendCode('someone@elsewhere.org');
      expect(outside.body).toMatchObject({ success: false, message: '管理员启用了邮箱域名白名单，您的邮箱地址的域名不在白名单中' });
      await options.set('EmailDomainRestrictionEnabled', 'false');

      await options.set('EmailAliasRestrictionEnabled', 'true');
      const alias = await sendCode('someone+tag@example.com');
      expect(alias.body).toMatchObject({ success: false, message: '管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝' });
      await options.set('EmailAliasRestrictionEnabled', 'false');

      expect(smtp.to('someone@elsewhere.org')).toHaveLength(0);
      expect(smtp.to('someone+tag@example.com')).toHaveLength(0);
      expect(await challenges('someone@elsewhere.org')).toHaveLength(0);
      expect(await challenges('someone+tag@example.com')).toHaveLength(0);
    });

    it('reports a mail that could not be sent and lets the user ask again at once', async () => {
      // Port 1: nothing listens there and no test can bind it, so the connection is refused.
      await options.set('SMTPPort', '1');
      const reply = await sendCode('unlucky@example.com');
      expect(reply.body).toMatchObject({ success: false, message: '邮件发送失败，请稍后重试或联系管理员' });
      expect(await challenges('unlucky@example.com')).toHaveLength(0);
      await options.set('SMTPPort', String(smtp.port));
      await requestCode('unlucky@example.com');
    });

    it('refuses to send when no SMTP server is configured', async () => {
      await options.set('SMTPServer', '');
      const reply = await sendCode('nosmtp@example.com');
      expect(reply.body).toMatchObject({ success: false, message: 'SMTP 服务器未配置，请联系管理员' });
      await options.set('SMTPServer', '127.0.0.1');
    });
  });

  describe('e-mail binding', () => {
    it('binds a verified address to the signed-in account', async () => {
      const { agent } = await t.signUp('binder');
      const code = await requestCode('binder@example.com', agent);
      const reply = await agent.get('/api/oauth/email/bind').query({ email: 'binder@example.com', code });
      expect(reply.body).toMatchObject({ success: true, message: '邮箱账户绑定成功！' });
      expect((await agent.get('/api/user/self')).body.data.email).toBe('binder@example.com');
      const reuse = await agent.get('/api/oauth/email/bind').query({ email: 'binder@example.com', code });
      expect(reuse.body).toMatchObject({ success: false, message: MSG_CODE_INVALID });
    });

    it('refuses an address bound to another user', async () => {
      const { agent } = await t.signUp('intruder');
      await age('binder@example.com', 31);
      const code = await requestCode('Binder@example.com', agent);
      const reply = await agent.get('/api/oauth/email/bind').query({ email: 'binder@example.com', code });
      expect(reply.body).toMatchObject({ success: false, message: '邮箱地址已被占用' });
      expect(await userRow('intruder')).toMatchObject({ email: '' });
    });

    it('needs a signed-in user and both fields', async () => {
      expect((await t.http().get('/api/oauth/email/bind').query({ email: 'x@example.com', code: 'ABCDEF' })).status).toBe(401);
      const { agent } = await t.signUp('fields');
      expect((await agent.get('/api/oauth/email/bind').query({ email: 'x@example.com' })).body.message).toBe('请输入邮箱验证码！');
    });
  });

  describe('password reset', () => {
    it('mails a single-use link; following it sets a new password shown once and ends old sessions', async () => {
      const { agent } = await t.signUp('forgetful', 'old-password-1');
      const code = await requestCode('forgetful@example.com', agent);
      await agent.get('/api/oauth/email/bind').query({ email: 'forgetful@example.com', code });

      const reply = await t.http().get('/api/reset_password').query({ email: 'Forgetful@Example.com' });
      expect(reply.body).toMatchObject({ success: true, message: MSG_RESET_SENT });
      const [mail] = await smtp.waitFor('forgetful@example.com', 2).then((mails) => mails.slice(1));
      const link = resetLinkOf(mail);
      expect(link.origin + link.pathname).toBe(`${SERVER_ADDRESS}/user/reset`);
      expect(link.searchParams.get('email')).toBe('forgetful@example.com');
      const token = link.searchParams.get('token')!;
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
      const [row] = (await challenges('forgetful@example.com')).filter((r: { purpose: string }) => r.purpose === 'reset');
      expect(row.secret_hash).toBe(sha256(token));
      expect(Number(row.expires_at) - Number(row.created_at)).toBe(900);

      const confirm = await t.http().post('/api/user/reset').send({ email: 'forgetful@example.com', token });
      expect(confirm.body.success).toBe(true);
      const password = confirm.body.data as string;
      expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
      await t.login('forgetful', password);
      await expect(t.login('forgetful', 'old-password-1')).rejects.toThrow();
      expect((await agent.get('/api/user/self')).status).toBe(401);

      const reuse = await t.http().post('/api/user/reset').send({ email: 'forgetful@example.com', token });
      expect(reuse.body).toMatchObject({ success: false, message: '重置链接非法或已过期' });
    });

    it('refuses an expired link and a token for another address', async () => {
      await t.db.query(`UPDATE email_challenges SET created_at = created_at - 31 WHERE email = 'forgetful@example.com'`);
      await t.http().get('/api/reset_password').query({ email: 'forgetful@example.com' });
      const [mail] = (await smtp.waitFor('forgetful@example.com', 3)).slice(2);
      const token = resetLinkOf(mail).searchParams.get('token')!;
      expect((await t.http().post('/api/user/reset').send({ email: 'binder@example.com', token })).body.success).toBe(false);
      await t.db.query(`UPDATE email_challenges SET expires_at = created_at - 1 WHERE email = 'forgetful@example.com' AND purpose = 'reset'`);
      const expired = await t.http().post('/api/user/reset').send({ email: 'forgetful@example.com', token });
      expect(expired.body).toMatchObject({ success: false, message: '重置链接非法或已过期' });
    });

    it('answers an unknown address exactly as a known one, and sends nothing', async () => {
      const reply = await t.http().get('/api/reset_password').query({ email: 'nobody@example.com' });
      expect(reply.body).toMatchObject({ success: true, message: MSG_RESET_SENT });
      expect(await challenges('nobody@example.com')).toHaveLength(0);
    });

    it('holds back a second link within 30 s without saying so', async () => {
      const before = (await challenges('binder@example.com')).filter((r: { purpose: string }) => r.purpose === 'reset').length;
      expect((await t.http().get('/api/reset_password').query({ email: 'binder@example.com' })).body.message).toBe(MSG_RESET_SENT);
      expect((await t.http().get('/api/reset_password').query({ email: 'binder@example.com' })).body.message).toBe(MSG_RESET_SENT);
      const after = (await challenges('binder@example.com')).filter((r: { purpose: string }) => r.purpose === 'reset').length;
      expect(after - before).toBe(1);
    });
  });

  describe('Turnstile', () => {
    beforeAll(async () => {
      await options.set('EmailVerificationEnabled', 'true');
      await options.set('TurnstileCheckEnabled', 'true');
    });
    afterAll(async () => {
      await options.set('TurnstileCheckEnabled', 'false');
      await options.set('EmailVerificationEnabled', 'false');
    });

    it('refuses a missing or failing token before anything happens', async () => {
      const callsBefore = turnstile.calls.length;
      const missing = await sendCode('robot@example.com');
      expect(missing.body).toMatchObject({ success: false, message: 'Turnstile token 为空' });
      expect(turnstile.calls.length).toBe(callsBefore);

      const failing = await sendCode('robot@example.com', t.http(), { turnstile: 'forged-token' });
      expect(failing.body).toMatchObject({ success: false, message: 'Turnstile 校验失败，请刷新重试！' });
      expect(turnstile.calls.at(-1)).toMatchObject({ secret: TURNSTILE_SECRET, response: 'forged-token' });
      expect(turnstile.calls.at(-1)!.remoteip).toContain('127.0.0.1');
      expect(smtp.to('robot@example.com')).toHaveLength(0);
      expect(await challenges('robot@example.com')).toHaveLength(0);

      // Refused before the body is even validated: the Turnstile message, not the missing username's.
      expect((await t.http().post('/api/user/register').send({})).body.message).toBe('Turnstile token 为空');
      const bot = await register({ username: 'robot', email: 'robot@example.com', verification_code: 'ABCDEF' }, { turnstile: 'forged-token' });
      expect(bot.body).toMatchObject({ success: false, message: 'Turnstile 校验失败，请刷新重试！' });
      expect(await userRow('robot')).toBeUndefined();

      expect((await t.http().get('/api/reset_password').query({ email: 'binder@example.com' })).body.message).toBe('Turnstile token 为空');
      expect((await t.http().post('/api/user/login').send({ username: 'binder', password: 'password-123' })).body.message).toBe('Turnstile token 为空');
    });

    it('lets a passing token send a code and register with it (one siteverify call per token and client)', async () => {
      turnstile.validTokens.add('human-token');
      const callsBefore = turnstile.calls.length;
      const sent = await sendCode('human@example.com', t.http(), { turnstile: 'human-token' });
      expect(sent.body).toMatchObject({ success: true, message: MSG_CODE_SENT });
      const code = codeOf(smtp.to('human@example.com')[0]);
      const ok = await register({ username: 'human', email: 'human@example.com', verification_code: code }, { turnstile: 'human-token' });
      expect(ok.body).toMatchObject({ success: true, message: '注册成功！' });
      expect(turnstile.calls.length - callsBefore).toBe(1);
    });

    it('checks login and the reset request too', async () => {
      turnstile.validTokens.add('login-token');
      const login = await t.http().post('/api/user/login').query({ turnstile: 'login-token' }).send({ username: 'human', password: 'password-123' });
      expect(login.body).toMatchObject({ success: true });
      turnstile.validTokens.add('reset-token');
      const reset = await t.http().get('/api/reset_password').query({ email: 'human@example.com', turnstile: 'reset-token' });
      expect(reset.body).toMatchObject({ success: true, message: MSG_RESET_SENT });
      expect((await challenges('human@example.com')).some((r: { purpose: string }) => r.purpose === 'reset')).toBe(true);
    });

    it('refuses when the verify endpoint cannot be reached', async () => {
      const sut = await startTestApp({ TURNSTILE_VERIFY_URL: turnstile.url });
      try {
        await sut.app.get(OptionsService).set('TurnstileCheckEnabled', 'true');
        // Without OUTBOUND_ALLOW_PRIVATE=turnstile the policy refuses the loopback address.
        const reply = await sut.http().post('/api/user/login').query({ turnstile: 'any' }).send({ username: 'root', password: 'x' });
        expect(reply.body).toMatchObject({ success: false, message: 'Turnstile 校验失败，请刷新重试！' });
      } finally {
        await sut.close();
      }
    });
  });
});
