import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PG_URL } from '../../test/test-env';
import { PoolDb } from './pool-db';

describe('PoolDb on PostgreSQL', () => {
  // One connection: every statement below runs on the same session, whose prepared statements it can list.
  const dataSource = new DataSource({ type: 'postgres', url: `${TEST_PG_URL}/postgres`, extra: { max: 1 } });
  let db: PoolDb;
  beforeAll(async () => {
    await dataSource.initialize();
    db = new PoolDb(dataSource);
  });
  afterAll(() => dataSource.destroy());

  const prepared = () => db.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name', []);

  it('prepares a named statement once on its connection and answers it each time', async () => {
    expect(await prepared()).toEqual([]);
    for (const n of [1, 2, 3]) expect(await db.query<{ n: number }>('SELECT $1::int + 1 AS n', [n], 'pool-db-spec')).toEqual([{ n: n + 1 }]);
    expect(await db.query('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
    // The unnamed statement left nothing behind; the named one is kept under its name.
    expect(await prepared()).toEqual([{ name: 'pool-db-spec' }]);
  });
});
