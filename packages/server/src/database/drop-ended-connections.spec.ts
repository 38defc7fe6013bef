import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PG_URL } from '../../test/test-env';
import { DropEndedConnectionClient } from './drop-ended-connections';

describe('a connection the server ended (PostgreSQL)', () => {
  const name = `drop-ended-${process.pid}`;
  // One connection, so the query after the failure is offered the ended one if the pool kept it.
  const dataSource = new DataSource({ type: 'postgres', url: `${TEST_PG_URL}/postgres`, extra: { max: 1, Client: DropEndedConnectionClient, application_name: name } });
  const operator = new DataSource({ type: 'postgres', url: `${TEST_PG_URL}/postgres`, extra: { max: 1 } });
  beforeAll(async () => {
    await dataSource.initialize();
    await operator.initialize();
  });
  afterAll(async () => {
    await dataSource.destroy();
    await operator.destroy();
  });

  /** The backend of the pool's connection, once it runs `pg_sleep`. */
  const sleepingBackend = async (): Promise<number> => {
    for (;;) {
      const [row] = await operator.query("SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'SELECT pg_sleep%'", [name]);
      if (row) return row.pid as number;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('is never handed to the next query: the query right after a terminated one is answered', async () => {
    for (let round = 0; round < 5; round++) {
      const sleeping = dataSource.query('SELECT pg_sleep(30)');
      const failed = sleeping.then(
        () => 'answered',
        (error: Error) => error.message,
      );
      await operator.query('SELECT pg_terminate_backend($1)', [await sleepingBackend()]);
      expect(await failed).toMatch(/terminat/);
      // At once, in the same turn: the socket's end may not have been read yet.
      expect(await dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    }
  });
});
