import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { nowSeconds } from '../common/time';
import { PoolDb } from '../database/pool-db';

/** How often the counters go to the database. */
const FLUSH_EVERY_MS = 2_000;

/** What one key did since the last flush. */
interface KeyTally {
  requests: number;
  tokens: number;
  /** Unix seconds of its last served request; 0 when it served none since the last flush. */
  usedTime: number;
  /** Its last upstream error (key masked), when it had one since the last flush. */
  lastError: string | null;
}

/**
 * The per-key counters of multi-key channels (channel_keys.request_count, token_count, used_time,
 * last_error), added up in memory and written every FLUSH_EVERY_MS in one statement for the whole
 * batch, and once more at a graceful shutdown: never an awaited query of a client's request.
 * These are statistics for the console: what a killed process had not flushed yet (at most the
 * last couple of seconds) is lost, as the design accepts; billing and logs do not depend on them.
 */
@Injectable()
export class KeyUsage implements BeforeApplicationShutdown {
  private readonly logger = new Logger(KeyUsage.name);
  private pending = new Map<number, KeyTally>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  /** Shut down: no timer is armed any more (the pool is closing); a failed last flush is logged as lost. */
  private stopped = false;

  constructor(private readonly db: PoolDb) {}

  /** The key served a request of `tokens` prompt plus completion tokens. */
  served(keyId: number, tokens: number): void {
    const tally = this.tallyOf(keyId);
    tally.requests += 1;
    tally.tokens += tokens;
    tally.usedTime = nowSeconds();
  }

  /** The key failed with this error (its words already without the key). */
  failed(keyId: number, error: string): void {
    this.tallyOf(keyId).lastError = error.slice(0, 1000);
  }

  private tallyOf(keyId: number): KeyTally {
    let tally = this.pending.get(keyId);
    if (!tally) {
      tally = { requests: 0, tokens: 0, usedTime: 0, lastError: null };
      this.pending.set(keyId, tally);
    }
    // The timer runs only while there is something to write; unref'd, it never keeps a process alive.
    if (!this.stopped) this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS).unref();
    return tally;
  }

  /** Writes what was counted so far; resolves when it is in the database (or logged as lost). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size === 0) return this.flushing;
    this.flushing = this.flushing.then(async () => {
      const rows = [...batch].map(([id, tally]) => ({ id, requests: tally.requests, tokens: tally.tokens, used_time: tally.usedTime, last_error: tally.lastError }));
      try {
        // One JSON parameter for any batch size (as the log writer does): no parameter per cell.
        await this.db.query(
          `UPDATE channel_keys k
              SET request_count = k.request_count + v.requests,
                  token_count = k.token_count + v.tokens,
                  used_time = GREATEST(k.used_time, v.used_time),
                  last_error = COALESCE(v.last_error, k.last_error)
             FROM json_to_recordset($1::json) AS v(id integer, requests bigint, tokens bigint, used_time bigint, last_error text)
            WHERE k.id = v.id`,
          [JSON.stringify(rows)],
        );
      } catch (error) {
        // Kept for the next flush (the database may be back by then); a key deleted meanwhile matches no row.
        this.logger.warn(`Could not write the counters of ${rows.length} channel key(s): ${error instanceof Error ? error.message : String(error)}`);
        if (!this.stopped) for (const [id, tally] of batch) this.mergeBack(id, tally);
      }
    });
    return this.flushing;
  }

  private mergeBack(keyId: number, older: KeyTally): void {
    const tally = this.tallyOf(keyId);
    tally.requests += older.requests;
    tally.tokens += older.tokens;
    tally.usedTime = Math.max(tally.usedTime, older.usedTime);
    tally.lastError ??= older.lastError;
  }

  // Before the database pool closes (onApplicationShutdown).
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.flush();
  }
}
