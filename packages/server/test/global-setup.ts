import { migrations } from '@gw/migrations';
import Redis from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { TEMPLATE_DB, TEST_DB_PREFIX, TEST_PG_URL, TEST_REDIS_PREFIX, TEST_REDIS_URL } from './test-env';

async function dropLeftovers(admin: Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`, [
    `${TEST_DB_PREFIX}%`,
    TEMPLATE_DB,
  ]);
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
}

async function clearRedis(): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${TEST_REDIS_PREFIX}*`, 'COUNT', 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
}

/**
 * Migrations run once into a template database; each test file then copies it
 * (CREATE DATABASE … TEMPLATE …), so files run in parallel on their own data.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const admin = new Client({ connectionString: `${TEST_PG_URL}/postgres` });
  await admin.connect();
  await dropLeftovers(admin);
  await admin.query(`CREATE DATABASE "${TEMPLATE_DB}"`);
  const template = new DataSource({ type: 'postgres', url: `${TEST_PG_URL}/${TEMPLATE_DB}`, migrations });
  await template.initialize();
  await template.runMigrations();
  await template.destroy();
  await clearRedis();

  return async () => {
    await dropLeftovers(admin);
    await admin.end();
    await clearRedis();
  };
}
