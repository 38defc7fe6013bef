import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { nowSeconds } from '../common/time';

/** Months created ahead of time, so that a log row never waits in the default partition. */
const MONTHS_AHEAD = 2;
const PARTITION_NAME = /^logs_(\d{4})(\d{2})$/;

/**
 * The monthly partitions of `logs` (migration 1765425600000): the current month and the next two
 * exist at every start and after every roll-up run, and cleaning old logs drops whole months.
 */
@Injectable()
export class LogPartitions implements OnApplicationBootstrap {
  private readonly logger = new Logger(LogPartitions.name);

  constructor(private readonly dataSource: DataSource) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureAhead();
  }

  /** Creates the partitions of this month and the next ones when missing (moving any row of theirs out of the default partition). */
  async ensureAhead(now = nowSeconds()): Promise<void> {
    const start = new Date(now * 1000);
    for (let ahead = 0; ahead <= MONTHS_AHEAD; ahead++) {
      const month = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + ahead, 1) / 1000;
      await this.dataSource.query('SELECT gw_ensure_log_partition($1)', [month]);
    }
  }

  /** The partitions holding only logs created before `before` (unix seconds): every month that ends by then. */
  async monthsEndingBy(before: number): Promise<string[]> {
    const rows: Array<{ name: string }> = await this.dataSource.query(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'logs'::regclass ORDER BY c.relname`,
    );
    return rows
      .map((row) => row.name)
      .filter((name) => {
        const match = PARTITION_NAME.exec(name);
        return match !== null && Date.UTC(Number(match[1]), Number(match[2]), 1) / 1000 <= before;
      });
  }

  /**
   * Drops whole partitions; returns how many rows they held. Counting a month of logs would take
   * longer than dropping it, so a partition PostgreSQL has analysed reports its row estimate
   * (pg_class.reltuples, kept by autovacuum); one never analysed is counted.
   */
  async drop(names: string[]): Promise<number> {
    let rows = 0;
    for (const name of names) {
      if (!PARTITION_NAME.test(name)) throw new Error(`not a log partition: ${name}`);
      const [estimate] = await this.dataSource.query(`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass`, [name]);
      let count = Math.round(Number(estimate?.n ?? -1));
      if (count < 0) count = Number((await this.dataSource.query(`SELECT count(*)::float8 AS n FROM "${name}"`))[0].n);
      await this.dataSource.query(`DROP TABLE "${name}"`);
      rows += count;
      this.logger.log(`Dropped log partition ${name} (${count} rows)`);
    }
    return rows;
  }
}
