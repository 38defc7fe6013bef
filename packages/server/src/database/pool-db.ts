import { Injectable } from '@nestjs/common';
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

  async query<T>(sql: string, params: unknown[]): Promise<T[]> {
    return (await this.pool.query(sql, params)).rows as T[];
  }
}
