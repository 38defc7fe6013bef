import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrations } from '@gw/migrations';
import { DataSource } from 'typeorm';
import { PGliteDriver } from 'typeorm-pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';

/**
 * gw_complete_topup_order on both databases the product runs on: PostgreSQL (a copy of the
 * migrated template) and embedded PGlite (migrated here from scratch).
 */
interface Database {
  db: DataSource;
  close: () => Promise<void>;
}

async function onPostgres(): Promise<Database> {
  const copy = await createTestDatabase();
  const db = new DataSource({ type: 'postgres', url: copy.url });
  await db.initialize();
  return { db, close: async () => (await db.destroy(), await copy.drop()) };
}

async function onPglite(): Promise<Database> {
  const dir = mkdtempSync(join(tmpdir(), 'gw-pglite-topup-'));
  const db = new DataSource({ type: 'postgres', driver: new PGliteDriver({ dataDir: join(dir, 'pglite') }).driver, migrations });
  await db.initialize();
  await db.runMigrations({ transaction: 'each' });
  return { db, close: async () => (await db.destroy(), rmSync(dir, { recursive: true, force: true })) };
}

type Outcome = { outcome: string; order_id: number | null };

describe.each([
  ['PostgreSQL', onPostgres],
  ['PGlite', onPglite],
])('gw_complete_topup_order on %s', (_name, open) => {
  let database: Database;
  let userId: number;
  const NOW = 1_750_000_000;

  beforeAll(async () => {
    database = await open();
    [{ id: userId }] = await database.db.query(`INSERT INTO users (username, password_hash, quota, created_at) VALUES ('payer', 'x', 100, 0) RETURNING id`);
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.query('DELETE FROM topup_orders');
    await database.db.query('DELETE FROM logs');
    await database.db.query('UPDATE users SET quota = 100 WHERE id = $1', [userId]);
    await database.db.query(
      `INSERT INTO topup_orders (user_id, trade_no, payment_method, amount, quota, money_cents, status, created_at)
       VALUES ($1, 'T1', 'zfb', 10, 5000000, 7300, 'pending', 1), ($1, 'T2', 'wx', 3, 1500000, 2081, 'expired', 1)`,
      [userId],
    );
  });

  const complete = async (tradeNo: string, money: number | null, method: string | null, via = 'notify', by = 0, byName = ''): Promise<Outcome> => {
    const [row] = await database.db.query('SELECT * FROM gw_complete_topup_order($1, $2, $3, $4, $5, $6, $7, $8)', [tradeNo, 'EP123', money, method, via, by, byName, NOW]);
    return row;
  };
  const quota = async () => Number((await database.db.query('SELECT quota FROM users WHERE id = $1', [userId]))[0].quota);
  // bigint as text: pg reads it as a string, PGlite as a number.
  const order = async (tradeNo: string) =>
    (await database.db.query('SELECT id, status, paid_at::text, upstream_trade_no, completed_via, completed_by FROM topup_orders WHERE trade_no = $1', [tradeNo]))[0];
  const logs = () => database.db.query('SELECT type, user_id, username, quota::text, content, created_at::text FROM logs ORDER BY id');

  it('pays a pending order, credits its quota and writes one top-up log row, all at once', async () => {
    const result = await complete('T1', 7300, 'zfb');
    expect(result.outcome).toBe('ok');
    expect(result.order_id).toBe((await order('T1')).id);
    expect(await quota()).toBe(100 + 5_000_000);
    expect(await order('T1')).toMatchObject({ status: 'paid', paid_at: String(NOW), upstream_trade_no: 'EP123', completed_via: 'notify', completed_by: 0 });
    const rows = await logs();
    expect(rows).toEqual([
      { type: 1, user_id: userId, username: 'payer', quota: '5000000', content: '在线充值成功：充值 10 美元（额度 5000000），支付金额 73.00 元，订单号 T1', created_at: String(NOW) },
    ]);
  });

  it('pays an order only once, whoever asks again', async () => {
    expect((await complete('T1', 7300, 'zfb')).outcome).toBe('ok');
    expect(await complete('T1', 7300, 'zfb')).toEqual({ outcome: 'already_paid', order_id: null });
    expect((await complete('T1', null, null, 'admin', 1, 'root（#1）')).outcome).toBe('already_paid');
    expect((await complete('T1', 7300, 'zfb', 'reconcile')).outcome).toBe('already_paid');
    expect(await quota()).toBe(100 + 5_000_000);
    expect(await logs()).toHaveLength(1);
  });

  it('credits exactly once when 10 calls come at the same time', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => complete('T1', 7300, 'zfb', i % 2 ? 'notify' : 'reconcile')));
    expect(results.filter((result) => result.outcome === 'ok')).toHaveLength(1);
    expect(results.filter((result) => result.outcome === 'already_paid')).toHaveLength(9);
    expect(await quota()).toBe(100 + 5_000_000);
    expect(await logs()).toHaveLength(1);
  });

  it('changes nothing for an unknown trade number, another money or another payment method', async () => {
    expect(await complete('NOPE', 7300, 'zfb')).toEqual({ outcome: 'unknown', order_id: null });
    expect((await complete('T1', 7301, 'zfb')).outcome).toBe('mismatch');
    expect((await complete('T1', 730, 'zfb')).outcome).toBe('mismatch');
    expect((await complete('T1', 7300, 'wx')).outcome).toBe('mismatch');
    expect(await quota()).toBe(100);
    expect(await order('T1')).toMatchObject({ status: 'pending', paid_at: '0', completed_via: '' });
    expect(await logs()).toEqual([]);
  });

  it('still credits an expired order that turns out paid, and names the way it was paid', async () => {
    expect((await complete('T2', 2081, 'wx', 'reconcile')).outcome).toBe('ok');
    expect(await order('T2')).toMatchObject({ status: 'paid', completed_via: 'reconcile' });
    expect(await quota()).toBe(100 + 1_500_000);
    expect((await logs())[0].content).toBe('在线充值成功（对账补单）：充值 3 美元（额度 1500000），支付金额 20.81 元，订单号 T2');
  });

  it('names the administrator who completed an order by hand', async () => {
    expect((await complete('T1', null, null, 'admin', 1, 'root（#1）')).outcome).toBe('ok');
    expect(await order('T1')).toMatchObject({ status: 'paid', completed_via: 'admin', completed_by: 1 });
    expect((await logs())[0]).toMatchObject({ type: 1, quota: '5000000', content: '管理员 root（#1） 手动完成在线充值订单 T1：充值 10 美元（额度 5000000），支付金额 73.00 元' });
  });
});
