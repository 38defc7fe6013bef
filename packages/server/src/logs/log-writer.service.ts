import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PoolDb } from '../database/pool-db';
import { LogEntity } from './log.entity';

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
  private queue: NewLog[] = [];
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  private readonly insert: BatchInsert;

  constructor(
    private readonly db: PoolDb,
    dataSource: DataSource,
  ) {
    this.insert = batchInsert(dataSource, LogEntity);
  }

  write(log: NewLog): void {
    this.queue.push(log);
    if (this.queue.length >= MAX_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
  }

  /** Writes everything queued so far; resolves when it is in the database. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    this.flushing = this.flushing.then(async () => {
      for (let start = 0; start < batch.length; start += MAX_BATCH) {
        const slice = batch.slice(start, start + MAX_BATCH);
        try {
          await this.db.query(this.insert.sql, this.insert.params(slice));
        } catch (error) {
          this.logger.error(`Could not write ${slice.length} log row(s): ${error instanceof Error ? error.message : String(error)}`);
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
  sql: string;
  params(rows: readonly object[]): unknown[][];
}

const ARRAY_TYPES: Record<string, string> = { bigint: 'int8[]', integer: 'int4[]', varchar: 'text[]', text: 'text[]', boolean: 'bool[]' };

/**
 * One INSERT … SELECT FROM unnest($1, $2, …) for any number of rows: one array parameter per
 * column, so the statement text and parameter count stay the same whatever the batch size
 * (TypeORM's multi-row insert builds and escapes a parameter per cell, which cost more CPU than
 * the relay call it logs).
 */
function batchInsert(dataSource: DataSource, entity: typeof LogEntity): BatchInsert {
  const metadata = dataSource.getMetadata(entity);
  const columns = metadata.columns.filter((column) => !column.isGenerated);
  const types = columns.map((column) => {
    const type = ARRAY_TYPES[String(column.type)];
    if (!type) throw new Error(`batchInsert: no array type for ${metadata.tableName}.${column.databaseName} (${String(column.type)})`);
    return type;
  });
  const names = columns.map((column) => `"${column.databaseName}"`).join(', ');
  const arrays = types.map((type, index) => `$${index + 1}::${type}`).join(', ');
  return {
    sql: `INSERT INTO "${metadata.tableName}" (${names}) SELECT * FROM unnest(${arrays})`,
    params: (rows) => columns.map((column) => rows.map((row) => (row as Record<string, unknown>)[column.propertyName] ?? null)),
  };
}
