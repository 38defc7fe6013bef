import { Inject, Injectable, Logger } from '@nestjs/common';
import { MONITOR_MINUTE_RETENTION_DAYS } from '@gw/shared';
import { DataSource, type EntityManager } from 'typeorm';
import { nowSeconds } from '../../common/time';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OptionsService } from '../../options/options.service';
import { aggregateLogs, CUBES, ROLLUP_LOG_TYPES, ROLLUP_SUMS, type Cube, type CubeName, type RollupEntry, type RollupLog } from './rollup-aggregate';
import { StatsClock } from './stats-clock';


/** INSERT … ON CONFLICT adding the sums, for one roll-up table; the rows come as one JSON parameter. */
function upsertOf(cube: Cube): string {
  const columns = [...cube.key, ...cube.latest, ...cube.fixed, ...ROLLUP_SUMS];
  const latest = cube.latest.map((name) => `${name} = CASE WHEN EXCLUDED.${name} <> '' THEN EXCLUDED.${name} ELSE ${cube.table}.${name} END`);
  return `
    INSERT INTO ${cube.table} (${columns.join(', ')})
    SELECT ${columns.join(', ')} FROM json_populate_recordset(NULL::${cube.table}, $1::json)
    ON CONFLICT (${cube.key.join(', ')}) DO UPDATE SET
      ${[...latest, ...ROLLUP_SUMS.map((name) => `${name} = ${cube.table}.${name} + EXCLUDED.${name}`)].join(',\n      ')}`;
}
const UPSERTS = Object.fromEntries(Object.entries(CUBES).map(([name, cube]) => [name, upsertOf(cube)])) as Record<CubeName, string>;

const LOG_FIELDS = `id, created_at::float8 AS created_at, type, instance, user_id, username, token_id, token_name, channel, channel_name, model_name,
  quota::float8 AS quota, prompt_tokens, completion_tokens, cache_creation_input_tokens, cache_read_input_tokens, thoughts_tokens,
  prompt_audio_tokens, use_time, use_time_ms, other`;

export interface RollupProgress {
  /** The id of the last log rolled up. */
  lastLogId: number;
  /** When the roll-ups last caught up with every log committed (unix seconds; 0 before the first time). */
  coveredAt: number;
}

/**
 * Keeps the roll-ups (rollup-aggregate.ts CUBES) equal to the logs (DESIGN.md §6 `usage-rollup`).
 * Logs are rolled up in id order: the high-water mark is read while no log insert is in flight (a SHARE lock on `logs`
 * waits for the inserting transactions to commit), so no log below it can appear later; each chunk
 * of ids is added to the roll-ups and the state's `last_log_id` moves past it in one transaction,
 * so after a crash the next run starts where the last commit left off: no log is counted twice or
 * skipped. Runs on any number of workers at once (the state row serialises them).
 */
@Injectable()
export class UsageRollupService {
  private readonly logger = new Logger(UsageRollupService.name);
  readonly clock: StatsClock;
  /** Log ids rolled up per transaction: a crash loses at most one chunk's work, never its accounting. */
  chunkIds = 20_000;
  /** Log rows rolled up in one run past which the roll-up tables are vacuumed (vacuum). */
  vacuumAfterLogs = 1_000_000;
  private running?: Promise<number>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: OptionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.clock = new StatsClock(config.statsTimeZone);
  }

  /** Rolls up every log committed so far; resolves with how many log rows were read. One run at a time per process. */
  catchUp(): Promise<number> {
    this.running ??= this.catchUpOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  async progress(): Promise<RollupProgress> {
    const [state] = await this.dataSource.query('SELECT last_log_id::float8 AS last_log_id, covered_at::float8 AS covered_at FROM usage_rollup_state WHERE id = 1');
    return { lastLogId: Number(state?.last_log_id ?? 0), coveredAt: Number(state?.covered_at ?? 0) };
  }

  /** Drops the minute roll-ups older than their retention (hours and days are kept). */
  async pruneMinutes(now = nowSeconds()): Promise<number> {
    const before = now - MONITOR_MINUTE_RETENTION_DAYS * 86400;
    let deleted = 0;
    for (const cube of Object.values(CUBES) as Cube[]) {
      if (!cube.grains.includes('m')) continue;
      const result: [unknown, number] = await this.dataSource.query(`DELETE FROM ${cube.table} WHERE grain = 'm' AND bucket < $1`, [before]);
      deleted += Number(result[1] ?? 0);
    }
    return deleted;
  }

  private async catchUpOnce(): Promise<number> {
    const { highWater, readAt } = await this.highWater();
    let read = 0;
    for (;;) {
      const step = await this.dataSource.transaction((manager) => this.rollChunk(manager, highWater, readAt));
      read += step.read;
      if (step.done) break;
    }
    if (read >= this.vacuumAfterLogs) await this.vacuum();
    return read;
  }

  /**
   * After a large catch-up (an upgrade's backlog, a worker that was down), the roll-up tables are
   * vacuumed and analysed at once rather than when autovacuum gets to them: the statistics totals
   * are read from indexes alone (statistics.service.ts hourlyTotals), which needs the pages marked
   * all-visible, and the planner needs to know the new rows. In steady state autovacuum keeps up.
   */
  private async vacuum(): Promise<void> {
    const tables = [...new Set((Object.values(CUBES) as Cube[]).map((cube) => cube.table))];
    try {
      await this.dataSource.query(`VACUUM (ANALYZE) ${tables.join(', ')}`);
    } catch (error) {
      this.logger.warn(`VACUUM of the roll-ups after a large catch-up failed (autovacuum will do it): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The last log id handed out, read while no insert into `logs` is in flight: every id up to it is committed or never will be. */
  private highWater(): Promise<{ highWater: number; readAt: number }> {
    return this.dataSource.transaction(async (manager) => {
      if (this.config.databaseUrl) await manager.query(`SET LOCAL lock_timeout = '10s'`);
      await manager.query('LOCK TABLE logs IN SHARE MODE');
      const readAt = nowSeconds();
      const [sequence] = await manager.query('SELECT last_value::float8 AS last_value, is_called FROM logs_id_seq');
      return { highWater: sequence.is_called ? Number(sequence.last_value) : 0, readAt };
    });
  }

  private async rollChunk(manager: EntityManager, highWater: number, readAt: number): Promise<{ read: number; done: boolean }> {
    const [state] = await manager.query('SELECT last_log_id::float8 AS last_log_id FROM usage_rollup_state WHERE id = 1 FOR UPDATE');
    const from = Number(state.last_log_id);
    if (from >= highWater) {
      await manager.query('UPDATE usage_rollup_state SET covered_at = GREATEST(covered_at, $1) WHERE id = 1', [readAt]);
      return { read: 0, done: true };
    }
    const to = Math.min(highWater, from + this.chunkIds);
    const logs: RollupLog[] = await manager.query(`SELECT ${LOG_FIELDS} FROM logs WHERE id > $1 AND id <= $2 AND type = ANY($3::int[])`, [from, to, ROLLUP_LOG_TYPES]);
    const entries = aggregateLogs(logs, this.clock, this.options.getNumber('QuotaPerUnit'));
    for (const name of Object.keys(CUBES) as CubeName[]) {
      const rows = entries[name];
      if (rows.length > 0) await manager.query(UPSERTS[name], [JSON.stringify(rows.sort(byKey(CUBES[name])))]);
    }
    const done = to >= highWater;
    await manager.query('UPDATE usage_rollup_state SET last_log_id = $1, covered_at = CASE WHEN $2 THEN GREATEST(covered_at, $3) ELSE covered_at END WHERE id = 1', [to, done, readAt]);
    if (logs.length > 0) this.logger.debug(`Rolled up ${logs.length} log(s), ids ${from + 1}..${to}`);
    return { read: logs.length, done };
  }
}

/** The same order in every run, so that two writers never wait on each other's rows crosswise. */
function byKey(cube: Cube): (a: RollupEntry, b: RollupEntry) => number {
  return (a, b) => {
    for (const name of cube.key) {
      const x = a[name] as string | number;
      const y = b[name] as string | number;
      if (x < y) return -1;
      if (x > y) return 1;
    }
    return 0;
  };
}
