import { Injectable } from '@nestjs/common';
import { PoolDb } from './pool-db';

/** What a request that failed for want of the database is told (the console's message; the relay's, in OpenAI's shape). */
export const DATABASE_UNAVAILABLE = '数据库暂时不可用，请稍后再试';

/** One answer stands this long: however many failing requests ask, the database is probed at most once a second. */
const ANSWER_STANDS_MS = 1_000;
/** A database that has not answered `SELECT 1` within this is taken as unreachable (a pool starved for that long is no better). */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * Whether the database answers right now. Asked when a request failed in a way nobody foresaw
 * (so that a PostgreSQL outage is told as such, 503, rather than as a bug, 500) and by the status
 * route; no cost while requests succeed.
 */
@Injectable()
export class DatabaseHealth {
  private probing?: { at: number; reachable: Promise<boolean> };
  /** The answer of the last probe that finished. */
  private known?: boolean;

  constructor(private readonly db: PoolDb) {}

  /** An answer at most a second old (waiting for a probe when there is none that fresh). */
  reachable(): Promise<boolean> {
    const now = Date.now();
    if (!this.probing || now - this.probing.at >= ANSWER_STANDS_MS) this.probing = { at: now, reachable: this.probe() };
    return this.probing.reachable;
  }

  /**
   * The last answer, without waiting for the probe this starts when that answer is stale: the
   * status route answers at once, however busy the database's connection pool is.
   */
  async lastKnown(): Promise<boolean> {
    const fresh = this.reachable();
    return this.known ?? fresh;
  }

  private async probe(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS)));
    try {
      this.known = await Promise.race([this.db.query('SELECT 1', []).then(() => true, () => false), timedOut]);
      return this.known;
    } finally {
      clearTimeout(timer);
    }
  }
}
