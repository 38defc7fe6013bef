import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { type SecondInstance, startSecondInstance, type TestApp } from '../../test/test-app';
import { QuotaLedgerService, type Reservation } from './billing/quota-ledger.service';
import { MSG_QUOTA_HELD, UserQuotaService } from './billing/user-quota.service';

/** Ratio 1 and completion ratio 2: a mock answer (11 prompt + 7 completion tokens) costs 25. */
const MOCK_COST = 25;
const UNIT = 500_000;
const ADMIN = { adminId: 1, adminName: 'root' };

describe('an administrator sets a balance while quota holds are out (integration)', () => {
  let f: RelayFixture;
  let t: TestApp;
  let upstream: MockOpenAiUpstream;
  let second: SecondInstance;

  const holdsOf = async (userId: number) => Number((await t.db.query('SELECT COALESCE(sum(amount), 0) AS held FROM quota_holds WHERE user_id = $1', [userId]))[0].held);
  const tokenOf = async (userId: number) => (await t.db.query('SELECT id FROM tokens WHERE user_id = $1', [userId]))[0].id as number;
  const reserved = (result: Reservation | 'user' | 'token' | 'plan'): Reservation => {
    if (typeof result === 'string') throw new Error(`not reserved: ${result}`);
    return result;
  };

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: ['mock-a'], completionRatio: 2, channelDefaults: { type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url } });
    t = f.t;
    await f.channel({ name: 'primary', models: 'mock-a' });
    second = await startSecondInstance(t);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
    await upstream.stop();
  });

  it('lowers the balance of a customer spending on two instances: never negative, and the books match the logs', async () => {
    const start = 20 * UNIT;
    const { key, userId } = await f.customer('spender', start);
    const call = (http: () => ReturnType<TestApp['http']>) =>
      http().post('/v1/chat/completions').set('authorization', `Bearer ${key}`).send({ model: 'mock-a', messages: [{ role: 'user', content: 'hi' }] });
    // Both instances take holds for this customer.
    await Promise.all(Array.from({ length: 10 }, (_, index) => call(index % 2 === 0 ? t.http : second.http)));
    expect(await holdsOf(userId)).toBeGreaterThan(0);

    // More requests while the administrator lowers the balance to 1 000.
    const traffic = Promise.all(Array.from({ length: 40 }, (_, index) => call(index % 2 === 0 ? t.http : second.http)));
    const changed = await t.app.get(UserQuotaService).setQuota(userId, 1000, ADMIN);
    const replies = await traffic;
    await t.app.get(QuotaLedgerService).flush(true);
    await second.app.get(QuotaLedgerService).flush(true);

    const logs = await t.db.query('SELECT type, quota, content FROM logs WHERE user_id = $1 ORDER BY id', [userId]);
    const consumed = logs.filter((log: { type: number }) => log.type === 2);
    expect(consumed.length).toBe(replies.filter((reply) => reply.status === 200).length + 10);
    const charged = consumed.reduce((sum: number, log: { quota: string }) => sum + Number(log.quota), 0);
    // What was charged before the change is in the balance it started from; what came after, in the balance after it.
    const chargedBefore = start - changed.before;
    const final = await f.quotaOf(userId);
    expect(final).toBe(1000 - (charged - chargedBefore));
    expect(final).toBeGreaterThanOrEqual(0);
    // The admin log row, written with the change.
    const manage = logs.filter((log: { type: number }) => log.type === 3);
    expect(manage).toHaveLength(1);
    expect(manage[0].content).toBe(`管理员 root（#1）将用户额度从 ${changed.before} 修改为 1000（${1000 - changed.before}）`);
    expect(await holdsOf(userId)).toBe(0);
  });

  it('gives back the holds of every instance first, so the balance it starts from is exact', async () => {
    const { userId } = await f.customer('held-elsewhere', 20 * UNIT);
    const tokenId = await tokenOf(userId);
    const otherLedger = second.app.get(QuotaLedgerService);
    // The second instance holds part of the balance and has spent some of it, not yet written back.
    const reservation = reserved(await otherLedger.preConsume(userId, tokenId, 100, UNIT));
    expect('hold' in reservation).toBe(true);
    await otherLedger.settle({ userId, tokenId, channelId: 0 }, reservation, 40);
    expect(await holdsOf(userId)).toBeGreaterThan(0);

    const changed = await t.app.get(UserQuotaService).setQuota(userId, 5 * UNIT, ADMIN);
    expect(changed).toEqual({ before: 20 * UNIT - 40, after: 5 * UNIT });
    expect(await holdsOf(userId)).toBe(0);
    expect(await f.quotaOf(userId)).toBe(5 * UNIT);
  });

  it('refuses a balance below what requests in flight hold, and changes nothing', async () => {
    const { userId } = await f.customer('in-flight', 20 * UNIT);
    const tokenId = await tokenOf(userId);
    const ledger = t.app.get(QuotaLedgerService);
    const inFlight = reserved(await ledger.preConsume(userId, tokenId, 30_000, UNIT));
    expect('hold' in inFlight).toBe(true);

    const quotas = t.app.get(UserQuotaService);
    await expect(quotas.setQuota(userId, 10_000, ADMIN)).rejects.toThrow(MSG_QUOTA_HELD);
    expect(await f.quotaOf(userId)).toBe(20 * UNIT);
    // The free part went back; only the request in flight is still held.
    expect(await holdsOf(userId)).toBe(30_000);

    await ledger.settle({ userId, tokenId, channelId: 0 }, inFlight, 25);
    await ledger.flush();
    expect((await quotas.setQuota(userId, 10_000, ADMIN)).after).toBe(10_000);
    expect(await f.quotaOf(userId)).toBe(10_000);
  });

  it('reserves directly for a while after the change, so no new hold races it', async () => {
    const { userId } = await f.customer('after-change', 20 * UNIT);
    const tokenId = await tokenOf(userId);
    await t.app.get(UserQuotaService).setQuota(userId, 30 * UNIT, ADMIN);
    const next = reserved(await t.app.get(QuotaLedgerService).preConsume(userId, tokenId, 100, UNIT));
    expect('hold' in next).toBe(false);
    expect(await holdsOf(userId)).toBe(0);
    await t.app.get(QuotaLedgerService).refund(next);
    expect(await f.quotaOf(userId)).toBe(30 * UNIT);
  });

  it('says so when the user does not exist', async () => {
    await expect(t.app.get(UserQuotaService).setQuota(999_999, 10, ADMIN)).rejects.toThrow('用户不存在');
  });
});
