import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PoolDb } from '../database/pool-db';
import { LogEntity } from './log.entity';
import { JsonRows } from '../common/json-rows';

export type NewLog = Omit<LogEntity, 'id'>;

const FLUSH_EVERY_MS = 200;
const MAX_BATCH = 500;

/**
 * Writes usage logs off the hot path (DESIGN.md §5.7): rows queue in memory and go to the
 * database in multi-row inserts; shutdown flushes what is left, so a graceful stop loses none.
 */
@Injectable()
export class LogWriterService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(LogWriterService.name);
  private queue = new JsonRows();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  private readonly insert: BatchInsert;
  /** This process's name, stamped on the rows it logs (INSTANCE_NAME). */
  readonly instance: string;

  constructor(
    private readonly db: PoolDb,
    dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.insert = batchInsert(dataSource, LogEntity);
    this.instance = config.instanceName;
  }

  write(log: NewLog): void {
    this.queue.add(log);
    if (this.queue.length >= MAX_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
  }

  /** Writes everything queued so far; resolves when it is in the database. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const slices: Array<{ rows: number; json: string }> = [];
    while (this.queue.length > 0) {
      const rows = Math.min(MAX_BATCH, this.queue.length);
      slices.push({ rows, json: this.queue.take(rows) });
    }
    this.flushing = this.flushing.then(async () => {
      for (const slice of slices) {
        try {
          await this.db.query(this.insert.sql, [slice.json]);
        } catch (error) {
          this.logger.error(`Could not write ${slice.rows} log row(s): ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    });
    return this.flushing;
  }

  // Before the database pool closes (onApplicationShutdown).
  async beforeApplicationShutdown(): Promise<void> {
    await this.flush();
  }
}

interface BatchInsert {
  /** Takes one parameter: the rows as a JSON array text (JsonRows). */
  sql: string;
}

/**
 * One INSERT … SELECT FROM json_populate_recordset($1) for any number of rows: the batch goes as
 * one JSON text (each row stringified when it was written: JsonRows), so the statement and its
 * single parameter stay the same whatever the batch size. TypeORM's multi-row insert built and escaped a parameter per cell,
 * and pg's array parameters escape every string in JavaScript; both cost more CPU than the relay
 * call being logged.
 */
function batchInsert(dataSource: DataSource, entity: typeof LogEntity): BatchInsert {
  const metadata = dataSource.getMetadata(entity);
  const columns = metadata.columns.filter((column) => !column.isGenerated);
  // The rows' keys must be the column names for json_populate_recordset to find them.
  const renamed = columns.filter((column) => column.propertyName !== column.databaseName);
  if (renamed.length > 0) throw new Error(`batchInsert: ${metadata.tableName} has properties named unlike their columns (${renamed.map((column) => column.propertyName).join(', ')})`);
  const names = columns.map((column) => `"${column.databaseName}"`).join(', ');
  return {
    sql: `INSERT INTO "${metadata.tableName}" (${names}) SELECT ${names} FROM json_populate_recordset(NULL::"${metadata.tableName}", $1::json)`,
  };
}
