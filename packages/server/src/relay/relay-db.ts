import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

interface PoolLike {
  query(sql: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The relay's hot-path queries go straight to the driver's pool (pg, or PGlite embedded): one
 * call per statement, without TypeORM's query-runner bookkeeping around it.
 */
@Injectable()
export class RelayDb {
  private readonly pool: PoolLike;

  constructor(dataSource: DataSource) {
    this.pool = (dataSource.driver as unknown as { master: PoolLike }).master;
  }

  async query<T>(sql: string, params: unknown[]): Promise<T[]> {
    return (await this.pool.query(sql, params)).rows as T[];
  }
}
