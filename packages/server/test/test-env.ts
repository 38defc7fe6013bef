import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';

/** Where the integration tests find the machine's real PostgreSQL and Redis (DESIGN.md §3). */
export const TEST_PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const TEST_REDIS_PREFIX = 'gwtest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's id, from the global setup (see runNames). */
    gwTestRunId: string;
  }
}

/** Leftovers of a crashed run are removed by a later run once they are this old. */
const STALE_RUN_MS = 6 * 3600_000;

/** A run id starting with its start time, so that a later run can tell stale leftovers from live ones. */
export const newRunId = (): string => `r${Date.now().toString(36).padStart(9, '0')}${randomBytes(3).toString('hex')}`;

/**
 * The names one test run uses: its template database, the prefix of its files' databases and its
 * Redis prefix. Runs started together on one machine (several engineers, CI) never touch each
 * other's data.
 */
export const runNames = (runId: string) => ({
  templateDb: `gw_test_${runId}_template`,
  dbPrefix: `gw_test_${runId}_f_`,
  redisPrefix: `${TEST_REDIS_PREFIX}:${runId}`,
});

/** Whether a database or Redis key name belongs to a run that started long ago (a crashed run). */
export function isStaleRunName(name: string): boolean {
  const match = /^(?:gw_test_|gwtest:)r([0-9a-z]{9})[0-9a-f]{6}(?:_|:)/.exec(name);
  return match !== null && Date.now() - parseInt(match[1], 36) > STALE_RUN_MS;
}

/** Runs statements on the server's maintenance database (CREATE / DROP DATABASE) over one connection. */
export async function onMaintenanceDb<T>(work: (admin: DataSource) => Promise<T>): Promise<T> {
  const admin = new DataSource({ type: 'postgres', url: `${TEST_PG_URL}/postgres`, extra: { max: 1 } });
  await admin.initialize();
  try {
    return await work(admin);
  } finally {
    await admin.destroy();
  }
}
