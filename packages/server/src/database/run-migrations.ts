import type { DataSource } from 'typeorm';

/** Any constant shared by every instance: only one of them migrates at a time. */
const MIGRATION_LOCK_ID = 74_110_001;

/**
 * Runs pending migrations under a PostgreSQL advisory lock, so that several instances starting
 * together against one database do not race; the others wait and then find nothing to do.
 * Embedded PGlite has one connection and one process: no lock there (it would wait on itself).
 */
export async function runMigrationsLocked(dataSource: DataSource, shared: boolean): Promise<string[]> {
  if (!shared) return (await dataSource.runMigrations({ transaction: 'each' })).map((migration) => migration.name);
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await runner.release();
  }
}
