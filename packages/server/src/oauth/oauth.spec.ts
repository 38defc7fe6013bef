import { createHash, createHmac } from 'node:crypto';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import { MockGitHub, MockLinuxDo, MockWeChatServer, type ProviderUser } from '../../test/mock-oauth-providers';
import { ROOT_PASSWORD, startSecondInstance, startTestApp, TestApp } from '../../test/test-app';
import { MSG_STATE_INVALID, MSG_STATE_OTHER_USER } from './oauth-state.service';

const BOT_TOKEN = '123456:test-bot-token';

/** The Login Widget's data signed as Telegram signs it (data-check-string, key SHA-256(bot token)). */
function telegramData(fields: Record<string, string>, botToken = BOT_TOKEN): Record<string, string> {
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  return { ...fields, hash: createHmac('sha256', secret).update(checkString).digest('hex') };
}

describe('third-party sign-in (integration)', () => {
  let t: TestApp;
  let options: OptionsService;
  const github = new MockGitHub();
  const linuxdo = new MockLinuxDo();
  const wechat = new MockWeChatServer();
  let nextId = 1000;
  const providerUser = (extra: Partial<ProviderUser> = {}): ProviderUser => {
    const id = nextId++;
    return { id, username: `someone${id}`, name: `Someone ${id}`, ...extra };
  };
  const userRows = async (column: string, value: string) => t.db.query(`SELECT * FROM users WHERE ${column} = $1`, [value]);

  beforeAll(async () => {
    await Promise.all([github.start(), linuxdo.start(), wechat.start()]);
    t = await startTestApp({
      GITHUB_OAUTH_BASE_URL: github.url,
      GITHUB_API_BASE_URL: github.url,
      LINUXDO_OAUTH_BASE_URL: linuxdo.url,
      OUTBOUND_ALLOW_PRIVATE: 'oauth',
    });
    options = t.app.get(OptionsService);
    const settings: Record<string, string> = {
      GitHubOAuthEnabled: 'true',
      GitHubClientId: github.clientId,
      GitHubClientSecret: github.clientSecret,
      LinuxDOOAuthEnabled: 'true',
      LinuxDOClientId: linuxdo.clientId,
      LinuxDOClientSecret: linuxdo.clientSecret,
      WeChatAuthEnabled: 'true',
      WeChatServerAddress: wechat.url,
      WeChatServerToken: wechat.token,
      TelegramOAuthEnabled: 'true',
      TelegramBotToken: BOT_TOKEN,
      TelegramBotName: 'test_bot',
      // The callback address sent to the provider; supertest listens on a new port for every request.
      ServerAddress: 'http://gateway.test',
    };
    for (const [key, value] of Object.entries(settings)) await options.set(key as never, value);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([github.stop(), linuxdo.stop(), wechat.stop()]);
  });

  /**
   * What the console does: GET /api/oauth/state, open the authorize redirect, let the provider send
   * the browser back to /oauth/{type}/callback, then pass code and state to GET /api/oauth/{type}.
   * Returns the callback's code and state without calling the API.
   */
  async function authorize(agent: TestAgent, type: 'github' | 'linuxdo', as: ProviderUser, aff?: string) {
    const state = await agent.get('/api/oauth/state').query(aff ? { aff } : {});
    expect(state.body.success).toBe(true);
    const redirect = await agent.get(`/api/oauth/${type}/authorize`).query({ state: state.body.data });
    expect(redirect.status).toBe(302);
    (type === 'github' ? github : linuxdo).signInAs(as);
    const provider = await fetch(redirect.headers.location, { redirect: 'manual' });
    expect(provider.status).toBe(302);
    const callback = new URL(provider.headers.get('location')!);
    expect(callback.pathname).toBe(`/oauth/${type}/callback`);
    return { code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')! };
  }

  async function signInWith(type: 'github' | 'linuxdo', as: ProviderUser, aff?: string) {
    const agent = t.http();
    const params = await authorize(agent, type, as, aff);
    const reply = await agent.get(`/api/oauth/${type}`).query(params);
    return { agent, reply };
  }

  describe('GitHub', () => {
    it('opens GitHub’s authorize page with the client id, state and the console’s callback address', async () => {
      const agent = t.http();
      const state = (await agent.get('/api/oauth/state')).body.data as string;
      const redirect = await agent.get('/api/oauth/github/authorize').query({ state });
      const location = new URL(redirect.headers.location);
      expect(`${location.origin}${location.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
      expect(location.searchParams.get('client_id')).toBe(github.clientId);
      expect(location.searchParams.get('state')).toBe(state);
      expect(location.searchParams.get('redirect_uri')).toBe('http://gateway.test/oauth/github/callback');
    });

    it('registers an invited newcomer, starts a session and rewards the inviter', async () => {
      const before = (await t.db.query('SELECT aff_count FROM users WHERE id = 1'))[0].aff_count;
      const someone = providerUser();
      const { agent, reply } = await signInWith('github', someone, await t.inviteCode());
      expect(reply.body).toMatchObject({ success: true, data: { github_id: String(someone.id), display_name: someone.name, inviter_id: 1 } });
      expect(reply.body.data.username).toMatch(/^github_[0-9a-f]{8}$/);
      const self = await agent.get('/api/user/self').set('New-Api-User', String(reply.body.data.id));
      expect(self.body.data.id).toBe(reply.body.data.id);
      expect((await t.db.query('SELECT aff_count FROM users WHERE id = 1'))[0].aff_count).toBe(before + 1);
      // The exchange carried the client's credentials and the same redirect_uri as the authorize step.
      const exchange = github.tokenRequests.at(-1)!;
      expect(exchange.form.get('client_secret')).toBe(github.clientSecret);
      expect(exchange.form.get('redirect_uri')).toMatch(/\/oauth\/github\/callback$/);
    });

    it('signs the same GitHub account in to the same user the next time', async () => {
      const someone = providerUser();
      const first = await signInWith('github', someone, await t.inviteCode());
      const second = await signInWith('github', someone);
      expect(second.reply.body).toMatchObject({ success: true, data: { id: first.reply.body.data.id } });
      expect(await userRows('github_id', String(someone.id))).toHaveLength(1);
    });

    it('refuses a newcomer without an invitation code while registration is by invitation', async () => {
      const someone = providerUser();
      const { reply } = await signInWith('github', someone);
      expect(reply.body).toMatchObject({ success: false, message: '本站采用邀请制，注册需要填写邀请码' });
      expect(await userRows('github_id', String(someone.id))).toHaveLength(0);
    });

    it('refuses a newcomer when registration is closed, but still signs in bound users', async () => {
      const known = providerUser();
      await signInWith('github', known, await t.inviteCode());
      await options.set('RegisterEnabled', 'false');
      try {
        const newcomer = providerUser();
        const refused = await signInWith('github', newcomer, await t.inviteCode());
        expect(refused.reply.body).toMatchObject({ success: false, message: '管理员关闭了新用户注册' });
        expect(await userRows('github_id', String(newcomer.id))).toHaveLength(0);
        expect((await signInWith('github', known)).reply.body.success).toBe(true);
      } finally {
        await options.set('RegisterEnabled', 'true');
      }
    });

    it('binds the GitHub account to the signed-in user, and refuses it to a second user', async () => {
      const alice = await t.signUp('gh_alice');
      const someone = providerUser();
      const params = await authorize(alice.agent, 'github', someone);
      const bound = await alice.agent.get('/api/oauth/github').query(params);
      expect(bound.body).toMatchObject({ success: true, message: 'bind' });
      expect((await userRows('github_id', String(someone.id)))[0].id).toBe(alice.userId);

      const bob = await t.signUp('gh_bob');
      const bobParams = await authorize(bob.agent, 'github', someone);
      const again = await bob.agent.get('/api/oauth/github').query(bobParams);
      expect(again.body).toMatchObject({ success: false, message: '该 GitHub 账户已被绑定到其他用户' });
      expect((await userRows('github_id', String(someone.id))).map((row: { id: number }) => row.id)).toEqual([alice.userId]);
      // Signing in with that GitHub account still opens Alice's account.
      expect((await signInWith('github', someone)).reply.body.data.id).toBe(alice.userId);
    });

    it('refuses a disabled user', async () => {
      const someone = providerUser();
      const { reply } = await signInWith('github', someone, await t.inviteCode());
      await t.db.query('UPDATE users SET status = 2 WHERE id = $1', [reply.body.data.id]);
      expect((await signInWith('github', someone)).reply.body).toMatchObject({ success: false, message: '用户已被封禁' });
    });

    it('refuses a code the provider does not accept', async () => {
      const agent = t.http();
      const { state } = await authorize(agent, 'github', providerUser());
      const reply = await agent.get('/api/oauth/github').query({ code: 'not-a-code', state });
      expect(reply.body.success).toBe(false);
      expect(reply.body.message).toContain('GitHub 授权失败');
    });

    it('answers with the administrator’s switch when GitHub sign-in is off', async () => {
      await options.set('GitHubOAuthEnabled', 'false');
      try {
        const reply = await t.http().get('/api/oauth/github').query({ code: 'x', state: 'y' });
        expect(reply.body).toMatchObject({ success: false, message: '管理员未开启通过 GitHub 登录以及注册' });
      } finally {
        await options.set('GitHubOAuthEnabled', 'true');
      }
    });
  });

  describe('OAuth state', () => {
    it('refuses a forged state', async () => {
      const agent = t.http();
      const { code } = await authorize(agent, 'github', providerUser());
      const reply = await agent.get('/api/oauth/github').query({ code, state: 'forged-state-value' });
      expect(reply.body).toMatchObject({ success: false, message: MSG_STATE_INVALID });
    });

    it('refuses a state used a second time', async () => {
      const someone = providerUser();
      const agent = t.http();
      const params = await authorize(agent, 'github', someone, await t.inviteCode());
      expect((await agent.get('/api/oauth/github').query(params)).body.success).toBe(true);
      github.signInAs(someone);
      const reused = await agent.get('/api/oauth/github').query(params);
      expect(reused.body).toMatchObject({ success: false, message: MSG_STATE_INVALID });
    });

    it('refuses a state issued to another browser (login CSRF)', async () => {
      const attacker = t.http();
      const params = await authorize(attacker, 'github', providerUser(), await t.inviteCode());
      const victim = t.http();
      const reply = await victim.get('/api/oauth/github').query(params);
      expect(reply.body).toMatchObject({ success: false, message: MSG_STATE_INVALID });
      expect(([] as string[]).concat(reply.headers['set-cookie'] ?? []).some((cookie) => cookie.startsWith('session='))).toBeFalsy();
      // The state is used up by the refused attempt too.
      expect((await attacker.get('/api/oauth/github').query(params)).body.message).toBe(MSG_STATE_INVALID);
    });

    it('refuses a state issued before signing in when used signed in, and the other way round', async () => {
      const carol = await t.signUp('st_carol');
      const asGuest = await authorize(carol.agent.set('New-Api-User', ''), 'github', providerUser());
      carol.agent.set('New-Api-User', String(carol.userId));
      expect((await carol.agent.get('/api/oauth/github').query(asGuest)).body).toMatchObject({ success: false, message: MSG_STATE_OTHER_USER });

      const asCarol = await authorize(carol.agent, 'github', providerUser());
      carol.agent.set('New-Api-User', '');
      expect((await carol.agent.get('/api/oauth/github').query(asCarol)).body).toMatchObject({ success: false, message: MSG_STATE_OTHER_USER });
      carol.agent.set('New-Api-User', String(carol.userId));
    });

    it('keeps only a hash of the state, with the invitation code, and drops it when used', async () => {
      const agent = t.http();
      const state = (await agent.get('/api/oauth/state').query({ aff: 'ABC123' })).body.data as string;
      const rows = await t.db.query('SELECT * FROM oauth_states WHERE aff = $1', ['ABC123']);
      expect(rows).toHaveLength(1);
      expect(rows[0].state_hash).not.toBe(state);
      expect(rows[0].state_hash).toBe(createHash('sha256').update(state).digest('hex'));
      await agent.get('/api/oauth/github').query({ code: 'x', state });
      expect(await t.db.query('SELECT * FROM oauth_states WHERE aff = $1', ['ABC123'])).toHaveLength(0);
    });

    it('refuses the sign-in calls from another site', async () => {
      const reply = await t.http().get('/api/oauth/state').set('Sec-Fetch-Site', 'cross-site');
      expect(reply.status).toBe(403);
    });
  });

  describe('LinuxDO', () => {
    it('registers, signs in again and authenticates the client with HTTP Basic', async () => {
      const someone = providerUser({ trust_level: 2 });
      const first = await signInWith('linuxdo', someone, await t.inviteCode());
      expect(first.reply.body).toMatchObject({ success: true, data: { linux_do_id: String(someone.id), display_name: someone.name } });
      const second = await signInWith('linuxdo', someone);
      expect(second.reply.body.data.id).toBe(first.reply.body.data.id);
      expect(linuxdo.tokenRequests.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from(`${linuxdo.clientId}:${linuxdo.clientSecret}`).toString('base64')}`);
    });

    it('refuses accounts below LinuxDOMinimumTrustLevel, and silenced accounts', async () => {
      await options.set('LinuxDOMinimumTrustLevel', '2');
      try {
        const low = providerUser({ trust_level: 1 });
        const refused = await signInWith('linuxdo', low, await t.inviteCode());
        expect(refused.reply.body).toMatchObject({ success: false, message: 'LinuxDO 信任等级不足：需要 2 级，当前为 1 级' });
        expect(await userRows('linux_do_id', String(low.id))).toHaveLength(0);
        const enough = await signInWith('linuxdo', providerUser({ trust_level: 2 }), await t.inviteCode());
        expect(enough.reply.body.success).toBe(true);
      } finally {
        await options.set('LinuxDOMinimumTrustLevel', '0');
      }
      const silenced = await signInWith('linuxdo', providerUser({ silenced: true }), await t.inviteCode());
      expect(silenced.reply.body).toMatchObject({ success: false, message: '该 LinuxDO 账户已被停用或禁言，无法登录' });
    });

    it('binds, and refuses the account to a second user', async () => {
      const dave = await t.signUp('ld_dave');
      const someone = providerUser();
      const daveParams = await authorize(dave.agent, 'linuxdo', someone);
      expect((await dave.agent.get('/api/oauth/linuxdo').query(daveParams)).body.message).toBe('bind');
      const erin = await t.signUp('ld_erin');
      const erinParams = await authorize(erin.agent, 'linuxdo', someone);
      const again = await erin.agent.get('/api/oauth/linuxdo').query(erinParams);
      expect(again.body).toMatchObject({ success: false, message: '该 LinuxDO 账户已被绑定到其他用户' });
    });
  });

  describe('outbound policy', () => {
    it('refuses provider addresses on private networks unless OUTBOUND_ALLOW_PRIVATE names oauth', async () => {
      const strict = await startSecondInstance(t, { OUTBOUND_ALLOW_PRIVATE: '', GITHUB_OAUTH_BASE_URL: github.url, GITHUB_API_BASE_URL: github.url });
      try {
        const agent = strict.http();
        const state = (await agent.get('/api/oauth/state')).body.data as string;
        const reply = await agent.get('/api/oauth/github').query({ code: 'any', state });
        expect(reply.body.success).toBe(false);
        expect(reply.body.message).toContain('出站地址策略拒绝访问');
        const weChat = await strict.http().get('/api/oauth/wechat').query({ code: '123456' });
        expect(weChat.body.message).toContain('出站地址策略拒绝访问');
      } finally {
        await strict.close();
      }
    });

    it("tells the person signing in that GitHub cannot be reached, without the network error's words", async () => {
      const gone = new MockGitHub();
      await gone.start();
      await gone.stop();
      const cut = await startSecondInstance(t, { OUTBOUND_ALLOW_PRIVATE: 'oauth', GITHUB_OAUTH_BASE_URL: gone.url, GITHUB_API_BASE_URL: gone.url });
      try {
        const agent = cut.http();
        const state = (await agent.get('/api/oauth/state')).body.data as string;
        const reply = await agent.get('/api/oauth/github').query({ code: 'any', state });
        expect(reply.body).toMatchObject({ success: false, message: 'GitHub 授权失败：无法连接 GitHub，请稍后重试' });
      } finally {
        await cut.close();
      }
    });
  });

  describe('WeChat', () => {
    it('registers with an invitation, signs in again, and refuses a used or unknown code', async () => {
      const code = wechat.codeFor('openid-frank');
      const first = await t.http().get('/api/oauth/wechat').query({ code, aff: await t.inviteCode() });
      expect(first.body).toMatchObject({ success: true, data: { wechat_id: 'openid-frank' } });
      expect(([] as string[]).concat(first.headers['set-cookie'] ?? []).some((cookie) => cookie.startsWith('session='))).toBe(true);
      const second = await t.http().get('/api/oauth/wechat').query({ code: wechat.codeFor('openid-frank') });
      expect(second.body.data.id).toBe(first.body.data.id);
      const reused = await t.http().get('/api/oauth/wechat').query({ code });
      expect(reused.body).toMatchObject({ success: false, message: '验证码错误或已过期' });
    });

    it('sends the server token: a wrong one gets the WeChat server’s refusal', async () => {
      await options.set('WeChatServerToken', 'wrong-token');
      try {
        const reply = await t.http().get('/api/oauth/wechat').query({ code: wechat.codeFor('openid-x'), aff: await t.inviteCode() });
        expect(reply.body).toMatchObject({ success: false, message: '无权进行此操作，token 无效' });
      } finally {
        await options.set('WeChatServerToken', wechat.token);
      }
    });

    it('binds for a signed-in user only, and refuses the openid to a second user', async () => {
      expect((await t.http().get('/api/oauth/wechat/bind').query({ code: wechat.codeFor('openid-g') })).status).toBe(401);
      const grace = await t.signUp('wx_grace');
      const bound = await grace.agent.get('/api/oauth/wechat/bind').query({ code: wechat.codeFor('openid-g') });
      expect(bound.body).toMatchObject({ success: true, message: '微信账户绑定成功！' });
      expect((await userRows('wechat_id', 'openid-g'))[0].id).toBe(grace.userId);
      const heidi = await t.signUp('wx_heidi');
      const again = await heidi.agent.get('/api/oauth/wechat/bind').query({ code: wechat.codeFor('openid-g') });
      expect(again.body).toMatchObject({ success: false, message: '该 微信 账户已被绑定到其他用户' });
    });
  });

  describe('Telegram', () => {
    const widget = (id: number, extra: Record<string, string> = {}) =>
      telegramData({ id: String(id), first_name: 'Ivan', last_name: 'T', username: `ivan${id}`, auth_date: String(nowSeconds()), ...extra });

    it('registers with an invitation and signs in again with fresh widget data', async () => {
      const first = await t.http().get('/api/oauth/telegram/login').query({ ...widget(777001), aff: await t.inviteCode() });
      expect(first.body).toMatchObject({ success: true, data: { telegram_id: '777001', display_name: 'Ivan T' } });
      const second = await t.http().get('/api/oauth/telegram/login').query(widget(777001));
      expect(second.body.data.id).toBe(first.body.data.id);
    });

    it('refuses altered data, another bot’s signature and data older than a day', async () => {
      const altered = { ...widget(777002), id: '777003' };
      expect((await t.http().get('/api/oauth/telegram/login').query(altered)).body).toMatchObject({ success: false, message: 'Telegram 登录信息校验失败，请重新登录' });
      const otherBot = telegramData({ id: '777002', first_name: 'Eve', auth_date: String(nowSeconds()) }, '999:other-bot');
      expect((await t.http().get('/api/oauth/telegram/login').query(otherBot)).body.success).toBe(false);
      const old = widget(777002, { auth_date: String(nowSeconds() - 24 * 3600 - 60) });
      expect((await t.http().get('/api/oauth/telegram/login').query(old)).body).toMatchObject({ success: false, message: 'Telegram 登录信息已过期，请重新登录' });
      expect(await userRows('telegram_id', '777002')).toHaveLength(0);
    });

    it('binds for a signed-in user, and refuses the account to a second user', async () => {
      const judy = await t.signUp('tg_judy');
      expect((await judy.agent.get('/api/oauth/telegram/bind').query(widget(777010))).body).toMatchObject({ success: true, message: 'Telegram 账户绑定成功！' });
      expect((await userRows('telegram_id', '777010'))[0].id).toBe(judy.userId);
      const mallory = await t.signUp('tg_mallory');
      const again = await mallory.agent.get('/api/oauth/telegram/bind').query(widget(777010));
      expect(again.body).toMatchObject({ success: false, message: '该 Telegram 账户已被绑定到其他用户' });
      // A cross-site page cannot bind: without the New-Api-User header the call is not authenticated.
      const forged = await request(t.app.getHttpServer()).get('/api/oauth/telegram/bind').query(widget(777011));
      expect(forged.status).toBe(401);
    });
  });

  it('root still signs in with the password (sign-in methods are independent)', async () => {
    expect((await t.login('root', ROOT_PASSWORD)).userId).toBe(1);
  });
});
