import { MSG_OIDC_DISABLED, MSG_OIDC_ID_TOKEN_REFUSED, MSG_UNBIND_LAST_METHOD } from '@gw/shared';
import type TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followProvider, LocalOidcProvider, type OidcAccount } from '../../test/local-oidc-provider';
import { startTestApp, TestApp } from '../../test/test-app';
import { totpCode } from '../../test/totp-code';
import { OptionsService } from '../options/options.service';
import { MSG_STATE_INVALID } from './oauth-state.service';

const GATEWAY = 'http://gateway.test';
const CALLBACK = `${GATEWAY}/oauth/oidc/callback`;

const cookiesOf = (reply: { headers: Record<string, unknown> }): string[] => ([] as string[]).concat((reply.headers['set-cookie'] as string[] | undefined) ?? []);

describe('OpenID Connect sign-in (integration, against a real oidc-provider)', () => {
  let t: TestApp;
  let options: OptionsService;
  const provider = new LocalOidcProvider(CALLBACK);
  let nextSub = 1;
  const account = (extra: Partial<OidcAccount> = {}): OidcAccount => {
    const n = nextSub++;
    return { sub: `sub-${n}-${Date.now().toString(36)}`, preferred_username: `oidc-user${n}`, name: `OIDC User ${n}`, email: `u${n}@idp.test`, ...extra };
  };
  const rowsOf = async (sub: string): Promise<{ id: number; username: string; oidc_id: string }[]> => t.db.query('SELECT id, username, oidc_id FROM users WHERE oidc_id = $1', [sub]);

  beforeAll(async () => {
    await provider.start();
    t = await startTestApp({ OUTBOUND_ALLOW_PRIVATE: 'oauth' });
    options = t.app.get(OptionsService);
    const settings: Record<string, string> = {
      OidcEnabled: 'true',
      OidcIssuer: provider.url,
      OidcClientId: provider.clientId,
      OidcClientSecret: provider.clientSecret,
      ServerAddress: GATEWAY,
    };
    for (const [key, value] of Object.entries(settings)) await options.set(key as never, value);
  });
  afterAll(async () => {
    await t?.close();
    await provider.stop();
  });

  /** The console's walk: a state, the authorize redirect, the provider's pages; returns the callback's parameters. */
  async function authorize(agent: TestAgent, as: OidcAccount, { aff, changeUrl }: { aff?: string; changeUrl?: (url: URL) => void } = {}) {
    const state = await agent.get('/api/oauth/state').query(aff ? { aff } : {});
    expect(state.body.success).toBe(true);
    const redirect = await agent.get('/api/oauth/oidc/authorize').query({ state: state.body.data });
    expect(redirect.status, JSON.stringify(redirect.body)).toBe(302);
    const url = new URL(redirect.headers.location);
    changeUrl?.(url);
    provider.signInAs(as);
    const callback = await followProvider(provider, url.toString());
    expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
    return { code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')!, iss: callback.searchParams.get('iss')! };
  }

  async function signInWith(as: OidcAccount, aff?: string) {
    const agent = t.http();
    const params = await authorize(agent, as, { aff });
    const reply = await agent.get('/api/oauth/oidc').query(params);
    return { agent, reply, params };
  }

  it('publishes the switch and the button name in /api/status', async () => {
    await options.set('OidcDisplayName', '公司 SSO');
    try {
      expect((await t.http().get('/api/status')).body.data).toMatchObject({ oidc_enabled: true, oidc_name: '公司 SSO' });
    } finally {
      await options.set('OidcDisplayName', 'OIDC');
    }
  });

  it('redirects to the discovered authorization endpoint with PKCE (S256), a nonce, the state and the scopes', async () => {
    const agent = t.http();
    const state = (await agent.get('/api/oauth/state')).body.data as string;
    const redirect = await agent.get('/api/oauth/oidc/authorize').query({ state });
    const location = new URL(redirect.headers.location);
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.url}/auth`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid profile email',
      state,
      code_challenge_method: 'S256',
    });
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    // Neither the verifier nor the secret travels to the browser.
    expect(redirect.headers.location).not.toContain(provider.clientSecret);
  });

  it('creates a user named by the username claim and starts a session; the next sign-in finds the same user', async () => {
    const someone = account();
    const first = await signInWith(someone, await t.inviteCode());
    expect(first.reply.body).toMatchObject({ success: true, data: { oidc_id: someone.sub, username: someone.preferred_username, inviter_id: 1 } });
    expect(cookiesOf(first.reply).some((cookie) => cookie.startsWith('session='))).toBe(true);
    const self = await first.agent.get('/api/user/self').set('New-Api-User', String(first.reply.body.data.id));
    expect(self.body.data).toMatchObject({ id: first.reply.body.data.id, oidc_id: someone.sub });

    const second = await signInWith(someone);
    expect(second.reply.body).toMatchObject({ success: true, data: { id: first.reply.body.data.id } });
    expect(await rowsOf(someone.sub)).toHaveLength(1);
  });

  it('generates oidc_<random> when the claimed username is taken or invalid, and honours OidcUsernameClaim', async () => {
    await t.signUp('taken-name');
    const taken = await signInWith(account({ preferred_username: 'taken-name' }), await t.inviteCode());
    expect(taken.reply.body.data.username).toMatch(/^oidc_[0-9a-f]{8}$/);
    const invalid = await signInWith(account({ preferred_username: 'has space' }), await t.inviteCode());
    expect(invalid.reply.body.data.username).toMatch(/^oidc_[0-9a-f]{8}$/);
    await options.set('OidcUsernameClaim', 'email');
    try {
      const byEmail = await signInWith(account({ email: 'mail@idp.test' }), await t.inviteCode());
      expect(byEmail.reply.body.data.username).toBe('mail@idp.test');
    } finally {
      await options.set('OidcUsernameClaim', 'preferred_username');
    }
  });

  it('binds the account to the signed-in user and refuses it to a second user', async () => {
    const alice = await t.signUp('oidc_alice');
    const someone = account();
    const aliceParams = await authorize(alice.agent, someone);
    const bound = await alice.agent.get('/api/oauth/oidc').query(aliceParams);
    expect(bound.body).toMatchObject({ success: true, message: 'bind' });
    expect((await rowsOf(someone.sub)).map((row) => row.id)).toEqual([alice.userId]);

    const bob = await t.signUp('oidc_bob');
    const bobParams = await authorize(bob.agent, someone);
    const again = await bob.agent.get('/api/oauth/oidc').query(bobParams);
    expect(again.body).toMatchObject({ success: false, message: '该 OIDC 账户已被绑定到其他用户' });
    expect((await rowsOf(someone.sub)).map((row) => row.id)).toEqual([alice.userId]);
    expect((await signInWith(someone)).reply.body.data.id).toBe(alice.userId);
  });

  it('unbinds for the signed-in user only, and never the last way in', async () => {
    expect((await t.http().delete('/api/oauth/oidc/bind')).status).toBe(401);

    // An account made by OIDC alone: no e-mail, no other binding, an unknown random password.
    const only = account();
    const made = await signInWith(only, await t.inviteCode());
    const agent = made.agent.set('New-Api-User', String(made.reply.body.data.id));
    const refused = await agent.delete('/api/oauth/oidc/bind');
    expect(refused.body).toMatchObject({ success: false, message: MSG_UNBIND_LAST_METHOD });
    expect(await rowsOf(only.sub)).toHaveLength(1);

    // With another way in (a GitHub binding here) the OIDC binding can go.
    await t.db.query('UPDATE users SET github_id = $1 WHERE id = $2', [`gh-${only.sub}`, made.reply.body.data.id]);
    const done = await agent.delete('/api/oauth/oidc/bind');
    expect(done.body).toMatchObject({ success: true });
    expect(await rowsOf(only.sub)).toHaveLength(0);
    const twice = await agent.delete('/api/oauth/oidc/bind');
    expect(twice.body).toMatchObject({ success: false, message: '尚未绑定 OIDC 账户' });
  });

  it('stops a 2FA user at require_2fa, without a session', async () => {
    const someone = account();
    const first = await signInWith(someone, await t.inviteCode());
    const agent = first.agent.set('New-Api-User', String(first.reply.body.data.id));
    const secret = (await agent.post('/api/user/2fa/setup').send({})).body.data.secret as string;
    expect((await agent.post('/api/user/2fa/enable').send({ code: totpCode(secret) })).body.success).toBe(true);

    const { reply } = await signInWith(someone);
    expect(reply.body).toEqual({ success: true, message: '', data: { require_2fa: true } });
    expect(cookiesOf(reply).some((cookie) => cookie.startsWith('session='))).toBe(false);
  });

  describe('refusals', () => {
    it('refuses a wrong state, and a state issued to another browser', async () => {
      const agent = t.http();
      const params = await authorize(agent, account(), { aff: await t.inviteCode() });
      expect((await agent.get('/api/oauth/oidc').query({ ...params, state: 'forged-state' })).body).toMatchObject({ success: false, message: MSG_STATE_INVALID });

      const attacker = t.http();
      const stolen = await authorize(attacker, account(), { aff: await t.inviteCode() });
      const victim = await t.http().get('/api/oauth/oidc').query(stolen);
      expect(victim.body).toMatchObject({ success: false, message: MSG_STATE_INVALID });
      expect(cookiesOf(victim).some((cookie) => cookie.startsWith('session='))).toBe(false);
    });

    it('refuses a replayed code: our state is used up, and the provider refuses the code under a new state', async () => {
      const someone = account();
      const { agent, reply, params } = await signInWith(someone, await t.inviteCode());
      expect(reply.body.success).toBe(true);
      expect((await agent.get('/api/oauth/oidc').query(params)).body).toMatchObject({ success: false, message: MSG_STATE_INVALID });

      const fresh = (await agent.get('/api/oauth/state')).body.data as string;
      const before = provider.grantErrors.length;
      const replay = await agent.get('/api/oauth/oidc').query({ ...params, state: fresh });
      expect(replay.body).toMatchObject({ success: false, message: 'OIDC 授权失败：授权码无效或已过期，请重新登录（invalid_grant）' });
      expect(provider.grantErrors.slice(before).map((error) => error.error)).toEqual(['invalid_grant']);
      expect(JSON.stringify(replay.body)).not.toContain(provider.clientSecret);
    });

    it.each([
      ['another audience', (claims: Record<string, unknown>) => ({ ...claims, aud: 'another-client' })],
      ['an expired ID token', (claims: Record<string, unknown>) => ({ ...claims, iat: Number(claims.iat) - 7200, exp: Number(claims.iat) - 3600 })],
      ['another issuer', (claims: Record<string, unknown>) => ({ ...claims, iss: 'https://evil.example' })],
    ])('refuses an ID token with %s (re-signed with the provider’s key)', async (_name, change) => {
      const someone = account();
      const agent = t.http();
      const params = await authorize(agent, someone, { aff: await t.inviteCode() });
      provider.tamper = change;
      try {
        const reply = await agent.get('/api/oauth/oidc').query(params);
        expect(reply.body).toMatchObject({ success: false, message: MSG_OIDC_ID_TOKEN_REFUSED('OIDC') });
        expect(cookiesOf(reply).some((cookie) => cookie.startsWith('session='))).toBe(false);
      } finally {
        provider.tamper = undefined;
      }
      expect(await rowsOf(someone.sub)).toHaveLength(0);
    });

    it('refuses an ID token signed with another key under the provider’s key id', async () => {
      const someone = account();
      const agent = t.http();
      const params = await authorize(agent, someone, { aff: await t.inviteCode() });
      provider.signWithForeignKey = true;
      try {
        expect((await agent.get('/api/oauth/oidc').query(params)).body).toMatchObject({ success: false, message: MSG_OIDC_ID_TOKEN_REFUSED('OIDC') });
      } finally {
        provider.signWithForeignKey = false;
      }
      expect(await rowsOf(someone.sub)).toHaveLength(0);
    });

    it('accepts the provider’s own re-signed ID token unchanged (the tamper path itself is sound)', async () => {
      const someone = account();
      const agent = t.http();
      const params = await authorize(agent, someone, { aff: await t.inviteCode() });
      provider.tamper = (claims) => claims;
      try {
        expect((await agent.get('/api/oauth/oidc').query(params)).body).toMatchObject({ success: true, data: { oidc_id: someone.sub } });
      } finally {
        provider.tamper = undefined;
      }
    });

    it('refuses an ID token whose nonce is not the one of the state', async () => {
      const someone = account();
      const agent = t.http();
      const params = await authorize(agent, someone, { aff: await t.inviteCode(), changeUrl: (url) => url.searchParams.set('nonce', 'a-nonce-of-someone-else') });
      const reply = await agent.get('/api/oauth/oidc').query(params);
      expect(reply.body).toMatchObject({ success: false, message: MSG_OIDC_ID_TOKEN_REFUSED('OIDC') });
      expect(await rowsOf(someone.sub)).toHaveLength(0);
    });

    it('refuses a callback without the provider’s iss, or naming another issuer (RFC 9207)', async () => {
      const agent = t.http();
      const { iss, ...withoutIss } = await authorize(agent, account(), { aff: await t.inviteCode() });
      expect(iss).toBe(provider.url);
      expect((await agent.get('/api/oauth/oidc').query(withoutIss)).body).toMatchObject({ success: false, message: 'OIDC 授权失败：授权回调缺少 iss 参数，请重新登录' });
      const other = await authorize(agent, account(), { aff: await t.inviteCode() });
      expect((await agent.get('/api/oauth/oidc').query({ ...other, iss: 'https://evil.example' })).body).toMatchObject({ success: false, message: 'OIDC 授权失败：授权回调来自其他发行者，请重新登录' });
    });

    it('refuses a plain-http issuer that is not on a loopback address', async () => {
      await options.set('OidcIssuer', 'http://idp.example.com');
      try {
        const agent = t.http();
        const state = (await agent.get('/api/oauth/state')).body.data as string;
        const redirect = await agent.get('/api/oauth/oidc/authorize').query({ state });
        expect(redirect.body).toMatchObject({ success: false, message: 'OIDC 的发行者地址必须使用 https（仅本机回环地址允许 http）' });
        const reply = await agent.get('/api/oauth/oidc').query({ code: 'x', state });
        expect(reply.body).toMatchObject({ success: false, message: 'OIDC 的发行者地址必须使用 https（仅本机回环地址允许 http）' });
      } finally {
        await options.set('OidcIssuer', provider.url);
      }
    });

    it('refuses when the administrator has not turned OIDC on', async () => {
      await options.set('OidcEnabled', 'false');
      try {
        expect((await t.http().get('/api/oauth/oidc/authorize').query({ state: 'x' })).body).toMatchObject({ success: false, message: '管理员未开启通过 OIDC 登录以及注册' });
        expect((await t.http().get('/api/oauth/oidc').query({ code: 'x', state: 'y' })).body).toMatchObject({ success: false, message: '管理员未开启通过 OIDC 登录以及注册' });
        expect((await t.http().get('/api/status')).body.data.oidc_enabled).toBe(false);
        // Messages name the provider as the administrator does.
        await options.set('OidcDisplayName', '公司 SSO');
        expect((await t.http().get('/api/oauth/oidc').query({ code: 'x', state: 'y' })).body.message).toBe(MSG_OIDC_DISABLED('公司 SSO'));
      } finally {
        await options.set('OidcDisplayName', 'OIDC');
        await options.set('OidcEnabled', 'true');
      }
    });

    it('tells the person signing in that the provider cannot be reached, without the network’s words', async () => {
      const gone = new LocalOidcProvider(CALLBACK);
      await gone.start();
      await gone.stop();
      await options.set('OidcIssuer', gone.url);
      try {
        const agent = t.http();
        const state = (await agent.get('/api/oauth/state')).body.data as string;
        const reply = await agent.get('/api/oauth/oidc/authorize').query({ state });
        expect(reply.body).toMatchObject({ success: false, message: '无法获取 OIDC 的配置，请稍后重试或联系管理员检查发行者 Issuer 设置' });
      } finally {
        await options.set('OidcIssuer', provider.url);
      }
    });
  });
});
