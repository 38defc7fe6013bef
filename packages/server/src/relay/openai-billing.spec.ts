import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { QuotaLedgerService } from './billing/quota-ledger.service';

/** Ratio 1 and completion ratio 2: a mock answer (11 prompt + 7 completion tokens) costs 25. */
const MOCK_COST = 25;
const UNIT = 500_000;
const SUBSCRIPTION = '/dashboard/billing/subscription';
const USAGE = '/dashboard/billing/usage';

describe('OpenAI billing endpoints with an sk- token (integration)', () => {
  let f: RelayFixture;
  let upstream: MockOpenAiUpstream;

  const setOption = async (key: string, value: string) => expect((await f.admin.put('/api/option/').send({ key, value })).body.success).toBe(true);
  const tokenOf = async (userId: number) => (await f.t.db.query('SELECT id FROM tokens WHERE user_id = $1', [userId]))[0].id as number;
  /** A call as a client without /v1 in its base address makes it. */
  const bare = (path: string, key: string) => f.t.http().get(path).set('authorization', `Bearer ${key}`);

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: ['mock-a'], completionRatio: 2, channelDefaults: { type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url } });
    await f.channel({ name: 'primary', models: 'mock-a' });
  });
  afterAll(async () => {
    await f.t.close();
    await upstream.stop();
  });
  afterEach(async () => {
    await setOption('DisplayTokenStatEnabled', 'true');
    await setOption('DisplayInCurrencyEnabled', 'true');
    await setOption('QuotaPerUnit', String(UNIT));
  });

  it("answers a limited token's granted quota, expiry and usage in dollars, with and without /v1", async () => {
    const expires = Math.floor(Date.now() / 1000) + 86_400;
    const { key, userId, client } = await f.customer('billing-limited', 10 * UNIT, { unlimited_quota: false, remain_quota: 2 * UNIT, expired_time: expires });
    await client.chat.completions.create({ model: 'mock-a', messages: [{ role: 'user', content: 'hi' }] });
    await f.logsOf(userId);
    await f.t.app.get(QuotaLedgerService).flush(true);

    // Granted = remaining + used, so that limit − usage is what the token has left.
    const subscription = await client.get(SUBSCRIPTION);
    expect(subscription).toEqual({
      object: 'billing_subscription',
      has_payment_method: true,
      soft_limit_usd: 2,
      hard_limit_usd: 2,
      system_hard_limit_usd: 2,
      access_until: expires,
    });
    const usage = await client.get(USAGE);
    expect(usage).toEqual({ object: 'list', total_usage: (MOCK_COST / UNIT) * 100 });

    expect((await bare(SUBSCRIPTION, key)).body).toEqual(subscription);
    expect((await bare(`${USAGE}?start_date=2025-01-01&end_date=2025-02-01`, key)).body).toEqual(usage);
  });

  it('answers 100000000 for an unlimited token, and 0 for a token that never expires', async () => {
    const { key, userId } = await f.customer('billing-unlimited', 3 * UNIT);
    await f.t.db.query('UPDATE tokens SET used_quota = $2 WHERE id = $1', [await tokenOf(userId), UNIT / 4]);

    expect((await bare(`/v1${SUBSCRIPTION}`, key)).body).toMatchObject({ hard_limit_usd: 100_000_000, soft_limit_usd: 100_000_000, system_hard_limit_usd: 100_000_000, access_until: 0 });
    expect((await bare(`/v1${USAGE}`, key)).body).toEqual({ object: 'list', total_usage: 25 });
  });

  it("answers the user's balance and usage when DisplayTokenStatEnabled is off", async () => {
    const { key, userId } = await f.customer('billing-user', 3 * UNIT, { expired_time: Math.floor(Date.now() / 1000) + 600 });
    await f.t.db.query('UPDATE users SET used_quota = $2 WHERE id = $1', [userId, UNIT]);
    await setOption('DisplayTokenStatEnabled', 'false');

    expect((await bare(`/v1${SUBSCRIPTION}`, key)).body).toMatchObject({ hard_limit_usd: 4, soft_limit_usd: 4, system_hard_limit_usd: 4, access_until: 0 });
    expect((await bare(`/v1${USAGE}`, key)).body).toEqual({ object: 'list', total_usage: 100 });
  });

  it('converts at QuotaPerUnit, and answers quota itself when DisplayInCurrencyEnabled is off', async () => {
    const { key, userId } = await f.customer('billing-units', UNIT, { unlimited_quota: false, remain_quota: 3000 });
    await f.t.db.query('UPDATE tokens SET used_quota = 1000 WHERE id = $1', [await tokenOf(userId)]);

    await setOption('QuotaPerUnit', '1000');
    expect((await bare(`/v1${SUBSCRIPTION}`, key)).body.hard_limit_usd).toBe(4);
    expect((await bare(`/v1${USAGE}`, key)).body.total_usage).toBe(100);

    await setOption('DisplayInCurrencyEnabled', 'false');
    expect((await bare(`/v1${SUBSCRIPTION}`, key)).body.hard_limit_usd).toBe(4000);
    expect((await bare(`/v1${USAGE}`, key)).body.total_usage).toBe(100_000);
  });

  it("refuses a missing, unknown or disabled token in OpenAI's error shape, on both paths", async () => {
    const { key, userId } = await f.customer('billing-refused', UNIT);
    await f.t.db.query('UPDATE tokens SET status = 2 WHERE id = $1', [await tokenOf(userId)]);

    for (const path of [SUBSCRIPTION, `/v1${SUBSCRIPTION}`, USAGE, `/v1${USAGE}`]) {
      const missing = await f.t.http().get(path);
      expect(missing.status, path).toBe(401);
      expect(missing.body.error).toMatchObject({ code: 'missing_api_key', type: 'invalid_request_error' });
      expect((await bare(path, 'sk-not-a-real-token')).body.error, path).toMatchObject({ code: 'invalid_api_key' });
    }
    const disabled = await bare(`/v1${USAGE}`, key);
    expect([disabled.status, disabled.body.error?.code]).toEqual([401, 'token_disabled']);
  });
});
