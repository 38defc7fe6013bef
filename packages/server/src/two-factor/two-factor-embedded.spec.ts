import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_ROOT_PASSWORD, type EmbeddedApp, startEmbeddedApp } from '../../test/embedded-app';
import { totpCode } from '../../test/totp-code';
import { TwoFactorClock } from './two-factor-clock';

/**
 * Two-factor sign-in on the embedded defaults: its SQL (the step and backup-code updates, the
 * arrays) on PGlite, and the pending sign-in kept in memory without Redis.
 */
describe('two-factor sign-in on PGlite without Redis', () => {
  let embedded: EmbeddedApp;
  let now = Date.UTC(2026, 0, 1, 12, 0, 0);

  beforeAll(async () => {
    embedded = await startEmbeddedApp('two-factor');
    embedded.app.get(TwoFactorClock).now = () => now;
  });
  afterAll(async () => {
    await embedded.close();
  });

  it('sets up, enables, stops the login at require_2fa and completes it with a code, then a backup code once', async () => {
    const root = await embedded.signInRoot();
    const { secret, backup_codes: codes } = (await root.post('/api/user/2fa/setup').send({})).body.data;
    expect((await root.post('/api/user/2fa/enable').send({ code: totpCode(secret, now) })).body.success).toBe(true);
    expect((await root.get('/api/user/2fa/status')).body.data).toEqual({ enabled: true, locked: false, backup_codes_remaining: 10 });

    const signIn = async (code: string) => {
      const agent = embedded.http();
      const first = await agent.post('/api/user/login').send({ username: 'root', password: EMBEDDED_ROOT_PASSWORD });
      expect(first.body.data).toEqual({ require_2fa: true });
      return (await agent.post('/api/user/login/2fa').send({ code })).body;
    };
    now += 60_000;
    expect(await signIn(totpCode(secret, now))).toMatchObject({ success: true, data: { id: 1 } });
    expect((await signIn(totpCode(secret, now))).success).toBe(false);
    expect((await signIn(codes[0])).success).toBe(true);
    expect((await signIn(codes[0])).success).toBe(false);
    expect((await root.get('/api/user/search').query({ keyword: 'root' })).body.data.items[0].two_factor_enabled).toBe(true);
  });
});
