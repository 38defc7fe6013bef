import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { type SecondInstance, startSecondInstance, type TestApp } from '../../test/test-app';
import { InstanceLiveness } from './billing/instance-liveness.service';
import { QuotaLedgerService, type Reservation } from './billing/quota-ledger.service';

/** Ratio 1 and completion ratio 2: a mock answer (11 prompt + 7 completion tokens) costs 11 + 14 = 25. */
const MOCK_COST = 25;
/** QuotaPerUnit: the least hold is one unit, and holds are taken only with room for four. */
const UNIT = 500_000;

describe('quota holds (integration: well-funded customers are billed in memory and written back)', () => {
  let f: RelayFixture;
  let t: TestApp;
  let upstream: MockOpenAiUpstream;
  let ledger: QuotaLedgerService;
  let channelId: number;

  const row = async (sql: string, params: unknown[]) => (await t.db.query(sql, params))[0];
  const holdsOf = async (userId: number) => Number((await row('SELECT COALESCE(sum(amount), 0) AS held FROM quota_holds WHERE user_id = $1', [userId])).held);
  const reserved = (result: Reservation | 'user' | 'token' | 'plan'): Reservation => {
    if (typeof result === 'string') throw new Error(`not reserved: ${result}`);
    return result;
  };

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: ['mock-a'], completionRatio: 2, channelDefaults: { type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url } });
    t = f.t;
    ledger = t.app.get(QuotaLedgerService);
    channelId = await f.channel({ name: 'primary', models: 'mock-a' });
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
  });

  it('serves 50 parallel requests from a hold, and the write-back matches the logs to the unit', async () => {
    const start = 20 * UNIT;
    const { client, userId } = await f.customer('rich', start, { unlimited_quota: false, remain_quota: 10 * UNIT });
    const [channelBefore] = await t.db.query('SELECT used_quota FROM channels WHERE id = $1', [channelId]);
    const results = await Promise.all(Array.from({ length: 50 }, () => client.chat.completions.create({ model: 'mock-a', messages: [{ role: 'user', content: 'hi' }] })));
    expect(results.every((reply) => reply.choices[0].message.content === 'Hello from mock-a')).toBe(true);
    // The hold sets a part of the balance aside for this instance.
    expect(await holdsOf(userId)).toBeGreaterThan(UNIT - 50 * MOCK_COST);

    await ledger.flush();
    const logs = await f.logsOf(userId, 50);
    const charged = logs.reduce((sum: number, log: { quota: string }) => sum + Number(log.quota), 0);
    expect(charged).toBe(50 * MOCK_COST);
    const user = await row('SELECT quota, used_quota, request_count FROM users WHERE id = $1', [userId]);
    expect({ quota: Number(user.quota), used: Number(user.used_quota), requests: user.request_count }).toEqual({ quota: start - charged, used: charged, requests: 50 });
    const token = await row('SELECT remain_quota, used_quota FROM tokens WHERE user_id = $1', [userId]);
    expect({ remain: Number(token.remain_quota), used: Number(token.used_quota) }).toEqual({ remain: 10 * UNIT - charged, used: charged });
    const [channelAfter] = await t.db.query('SELECT used_quota FROM channels WHERE id = $1', [channelId]);
    expect(Number(channelAfter.used_quota) - Number(channelBefore.used_quota)).toBe(charged);

    // Ending the holds (idle, or shutdown) frees them and leaves the balance as it is.
    await ledger.flush(true);
    expect(await holdsOf(userId)).toBe(0);
    expect(await f.quotaOf(userId)).toBe(start - charged);
  });

  it('reserves directly, with nothing held, for a customer whose balance has no room for holds', async () => {
    const { userId } = await f.customer('modest', 3 * UNIT);
    const [tokenRow] = await t.db.query('SELECT id FROM tokens WHERE user_id = $1', [userId]);
    const reservation = reserved(await ledger.preConsume(userId, tokenRow.id, 1000, UNIT));
    expect('hold' in reservation).toBe(false);
    expect(await f.quotaOf(userId)).toBe(3 * UNIT - 1000);
    expect(await holdsOf(userId)).toBe(0);
    // The reservation is on record under this instance until the settlement is committed.
    expect(await row('SELECT amount FROM quota_reservations WHERE instance_id = $1 AND user_id = $2', [ledger.instanceId, userId])).toEqual({ amount: '1000' });
    await ledger.settle({ userId, tokenId: tokenRow.id, channelId }, reservation, 400);
    await ledger.flush();
    expect(await f.quotaOf(userId)).toBe(3 * UNIT - 400);
    expect(await row('SELECT count(*)::int AS n FROM quota_reservations WHERE user_id = $1', [userId])).toEqual({ n: 0 });
  });

  it('gives back a reservation left under no registered instance (committed by a killed process after its recovery)', async () => {
    const { userId } = await f.customer('leftover', 3 * UNIT);
    const [tokenRow] = await t.db.query('SELECT id FROM tokens WHERE user_id = $1', [userId]);
    reserved(await ledger.preConsume(userId, tokenRow.id, 1000, UNIT));
    await t.db.query('UPDATE quota_reservations SET instance_id = $1 WHERE user_id = $2', ['gone-host-1-abcd', userId]);
    expect(await f.quotaOf(userId)).toBe(3 * UNIT - 1000);
    const recovered = await t.app.get(InstanceLiveness).sweep();
    expect(recovered).toContainEqual(expect.objectContaining({ instanceId: 'gone-host-1-abcd', refundedReservations: 1, refundedQuota: 1000 }));
    expect(await f.quotaOf(userId)).toBe(3 * UNIT);
    expect(await row('SELECT count(*)::int AS n FROM quota_reservations WHERE user_id = $1', [userId])).toEqual({ n: 0 });
  });

  it('tops a hold up when a request costs more than it has free, and refunds in memory', async () => {
    const { userId } = await f.customer('topup', 10_000);
    const [tokenRow] = await t.db.query('SELECT id FROM tokens WHERE user_id = $1', [userId]);
    // A hold of max(10 × 50, 100) = 500 fits four times in 10 000.
    const first = reserved(await ledger.preConsume(userId, tokenRow.id, 10, 100));
    expect('hold' in first).toBe(true);
    expect(await holdsOf(userId)).toBe(500);
    const second = reserved(await ledger.preConsume(userId, tokenRow.id, 10, 100));
    await ledger.refund(second);
    // 800 is more than the 10 reserved plus the 490 free: the hold grows by the 300 missing.
    await ledger.settle({ userId, tokenId: tokenRow.id, channelId }, first, 800);
    expect(await holdsOf(userId)).toBe(800);
    await ledger.flush(true);
    const user = await row('SELECT quota, used_quota, request_count FROM users WHERE id = $1', [userId]);
    expect({ quota: Number(user.quota), used: Number(user.used_quota), requests: user.request_count }).toEqual({ quota: 9200, used: 800, requests: 1 });
    expect(await holdsOf(userId)).toBe(0);
  });

  it('never lets a direct reservation or another hold take quota an instance holds', async () => {
    const { userId } = await f.customer('shared', 10_000);
    const [tokenRow] = await t.db.query('SELECT id FROM tokens WHERE user_id = $1', [userId]);
    const mine = reserved(await ledger.preConsume(userId, tokenRow.id, 10, 2_000)); // holds 2 000, leaving 8 000 free
    expect('hold' in mine).toBe(true);
    const second = await startSecondInstance(t);
    try {
      const other = second.app.get(QuotaLedgerService);
      // Free is 8 000: a hold of 2 000 needs 8 000 of room, so the second instance may take it…
      const theirs = reserved(await other.preConsume(userId, tokenRow.id, 10, 2_000));
      expect('hold' in theirs).toBe(true);
      expect(await holdsOf(userId)).toBe(4_000);
      // …and after that 6 000 are free: 6 001 is refused, 6 000 is reserved directly.
      expect(await other.preConsume(userId, tokenRow.id, 6_001, 2_000)).toBe('user');
      expect('hold' in reserved(await other.preConsume(userId, tokenRow.id, 6_000, 2_000))).toBe(false);
      expect(await f.quotaOf(userId)).toBe(4_000);
      await other.refund(theirs);
      await other.flush(true);
    } finally {
      await second.close();
    }
    // The second instance stopped with its direct reservation of 6 000 unsettled: it gave it back as it retired.
    expect(await f.quotaOf(userId)).toBe(10_000);
    await ledger.refund(mine);
    await ledger.flush(true);
    expect(await holdsOf(userId)).toBe(0);
    expect(await f.quotaOf(userId)).toBe(10_000);
  });

  it('drops the holds of an instance that stopped refreshing them (it crashed)', async () => {
    const { userId } = await f.customer('orphaned', 10_000);
    const [tokenRow] = await t.db.query('SELECT id FROM tokens WHERE user_id = $1', [userId]);
    const longAgo = Math.floor(Date.now() / 1000) - 3600;
    await t.db.query('INSERT INTO quota_holds (instance_id, user_id, token_id, amount, updated_at) VALUES ($1, $2, $3, $4, $5)', ['dead-instance', userId, tokenRow.id, 10_000, longAgo]);
    const reservation = reserved(await ledger.preConsume(userId, tokenRow.id, 5_000, 100_000));
    expect('hold' in reservation).toBe(false);
    expect((await t.db.query('SELECT * FROM quota_holds WHERE instance_id = $1', ['dead-instance'])).length).toBe(0);

    // Any instance's write-back drops every stale hold too, not only the reserving user's.
    const quiet = await f.customer('orphaned-quiet', 10_000);
    await t.db.query('INSERT INTO quota_holds (instance_id, user_id, token_id, amount, updated_at) VALUES ($1, $2, 0, $3, $4)', ['dead-instance', quiet.userId, 10_000, longAgo]);
    const busy = await f.customer('busy', 10_000);
    const [busyToken] = await t.db.query('SELECT id FROM tokens WHERE user_id = $1', [busy.userId]);
    const held = reserved(await ledger.preConsume(busy.userId, busyToken.id, 10, 100));
    await ledger.settle({ userId: busy.userId, tokenId: busyToken.id, channelId }, held, 10);
    await ledger.flush(true);
    expect((await t.db.query('SELECT * FROM quota_holds WHERE instance_id = $1', ['dead-instance'])).length).toBe(0);
  });
});

describe('quota holds across two instances (integration)', () => {
  let f: RelayFixture;
  let second: SecondInstance;
  let upstream: MockOpenAiUpstream;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: ['mock-a'], completionRatio: 2, channelDefaults: { type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url } });
    await f.channel({ name: 'primary', models: 'mock-a' });
    second = await startSecondInstance(f.t);
  });
  afterAll(async () => {
    await second.close();
    await f.t.close();
    await upstream.stop();
  });

  it('bills one customer served by both instances exactly once per request', async () => {
    const start = 20 * UNIT;
    const { key, userId } = await f.customer('both', start);
    const call = (agent: ReturnType<SecondInstance['http']>) =>
      agent.post('/v1/chat/completions').set('authorization', `Bearer ${key}`).send({ model: 'mock-a', messages: [{ role: 'user', content: 'hi' }] });
    const replies = await Promise.all(Array.from({ length: 40 }, (_, index) => call(index % 2 === 0 ? f.t.http() : second.http())));
    expect(replies.every((reply) => reply.status === 200)).toBe(true);
    await f.t.app.get(QuotaLedgerService).flush(true);
    await second.app.get(QuotaLedgerService).flush(true);
    const logs = await f.logsOf(userId, 40);
    // The second instance writes its own logs: wait for both writers.
    expect(logs.length).toBe(40);
    expect(await f.quotaOf(userId)).toBe(start - 40 * MOCK_COST);
    expect(Number((await f.t.db.query('SELECT count(*) AS n FROM quota_holds'))[0].n)).toBe(0);
  });
});
