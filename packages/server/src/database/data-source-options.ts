import { hostname } from 'node:os';
import { join } from 'node:path';
import { migrations } from '@gw/migrations';
import type { DataSourceOptions } from 'typeorm';
import { PGliteDriver } from 'typeorm-pglite';
import { DropEndedConnectionClient } from './drop-ended-connections';
import type { AppConfig } from '../config/app-config';

/**
 * PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR/pglite (DESIGN.md §3).
 * Both run the same migrations; the schema never comes from `synchronize`. The pool's connections
 * name their process (`gw host-pid` in pg_stat_activity), for operators and the crash tests, and
 * drop a connection the server ended (drop-ended-connections.ts).
 */
export function dataSourceOptions(config: AppConfig): DataSourceOptions {
  const common = { migrations, synchronize: false, migrationsRun: false, logging: ['error'] as const };
  if (config.databaseUrl) {
    return { type: 'postgres', url: config.databaseUrl, extra: { max: 20, Client: DropEndedConnectionClient, application_name: `gw ${hostname().slice(0, 40)}-${process.pid}` }, ...common, logging: ['error'] };
  }
  return {
    type: 'postgres',
    driver: new PGliteDriver({ dataDir: join(config.dataDir, 'pglite') }).driver,
    ...common,
    logging: ['error'],
  };
}
