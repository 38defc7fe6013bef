import { migrations } from '@gw/migrations';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import type { TestProject } from 'vitest/node';
import { isStaleRunName, newRunId, onMaintenanceDb, runNames, TEST_PG_URL, TEST_REDIS_PREFIX, TEST_REDIS_URL } from './test-env';

async function dropDatabases(which: (name: string) => boolean): Promise<void> {
  await onMaintenanceDb(async (admin) => {
    const rows: Array<{ datname: string }> = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE 'gw\\_test\\_%'`);
    for (const { datname } of rows.filter((row) => which(row.datname))) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

async function deleteRedisKeys(which: (key: string) => boolean): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${TEST_REDIS_PREFIX}:*`, 'COUNT', 1000);
    const chosen = keys.filter(which);
    if (chosen.length > 0) await redis.del(...chosen);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
}

/**
 * Migrations run once into a template database; each test file then copies it
 * (CREATE DATABASE … TEMPLATE …), so files run in parallel on their own data. Every name carries
 * the run's id, so that runs started at the same time on one machine stay apart.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = newRunId();
  const names = runNames(runId);
  const ours = (name: string) => name === names.templateDb || name.startsWith(names.dbPrefix) || name.startsWith(`${names.redisPrefix}:`);
  project.provide('gwTestRunId', runId);

  await dropDatabases(isStaleRunName);
  await deleteRedisKeys(isStaleRunName);
  await onMaintenanceDb((admin) => admin.query(`CREATE DATABASE "${names.templateDb}"`));
  const template = new DataSource({ type: 'postgres', url: `${TEST_PG_URL}/${names.templateDb}`, migrations });
  await template.initialize();
  await template.runMigrations();
  await template.destroy();

  return async () => {
    await dropDatabases(ours);
    await deleteRedisKeys(ours);
  };
}
