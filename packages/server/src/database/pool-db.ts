import { Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';

interface PoolLike {
  query(sql: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Straight to the driver's pool (pg, or PGlite embedded): one call per statement, without
 * TypeORM's query-runner and parameter bookkeeping around it. For the relay's hot-path queries
 * and the batched log inserts, where that bookkeeping costs more than the query.
 */
@Injectable()
export class PoolDb {
  private readonly pool: PoolLike;

  constructor(dataSource: DataSource) {
    this.pool = (dataSource.driver as unknown as { master: PoolLike }).master;
  }

  /**
   * `name`: a statement of the hot path, always the same text under that name. On PostgreSQL it is
   * prepared once per connection, so that it is not parsed and planned again each time (the compare
   * chat's lookup spent longer in planning than in execution, docs/performance.md). The gateway
   * connects directly or through session pooling (docs/scaling.md), where prepared statements hold.
   * Its result columns must be named, not `*`: a column added by a later migration would otherwise
   * change a prepared statement's result, which PostgreSQL refuses.
   */
  async query<T>(sql: string, params: unknown[], name?: string): Promise<T[]> {
    if (name && this.pool instanceof Pool) return (await this.pool.query<T & object>({ name, text: sql, values: params })).rows;
    return (await this.pool.query(sql, params)).rows as T[];
  }
}
