import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { PoolDb } from '../../database/pool-db';
import { nowSeconds } from '../../common/time';
import { type HoldAccount, type HoldFlush, HoldBook } from './hold-book';

export interface Charge {
  userId: number;
  tokenId: number;
  channelId: number;
}

/** A request's reservation: from this instance's hold (in memory), or taken directly in the database. */
export type Reservation = { quota: number; hold?: HoldAccount };

/** How often spending from holds is written back; at most this much is lost if the process dies. */
const FLUSH_EVERY_MS = 1000;
/** A hold nobody used for this long is given back. */
const IDLE_HOLD_MS = 10_000;
/** Holds of an instance silent for this long are dropped by any other (it crashed). */
const STALE_HOLD_SECONDS = 600;
/** A hold with nothing to write back is still refreshed this often, so that it never looks stale. */
const REFRESH_HOLD_MS = 60_000;
/** A hold covers this many reservations like the current one, and at least one quota unit ($1). */
const HOLD_REQUESTS = 50;

const RESERVED_DIRECTLY = 0;
const USER_SHORT = -1;

/**
 * Moves quota for the relay (DESIGN.md §5.6), exact under any concurrency, on any number of
 * instances. Every database step is one call of a function that locks the user and token rows.
 *
 * Well-funded customers (free balance at least four holds): the instance takes a hold, a part of
 * the balance set aside for it in `quota_holds`, and reserves and settles their requests in memory
 * (no database round trip on the request path), writing the spending back every second in one
 * statement. Everyone else: each request reserves in the database and settles there. The free
 * balance is always the balance minus all holds, so no one can spend quota another instance holds.
 */
@Injectable()
export class QuotaLedgerService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(QuotaLedgerService.name);
  readonly instanceId = `${hostname().slice(0, 40)}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly book = new HoldBook();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: PoolDb) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /**
   * Reserves `quota` for a request. `holdFloor` is the least hold worth taking (one quota unit).
   * Says which of user or token could not cover it; then nothing was taken.
   */
  async preConsume(userId: number, tokenId: number, quota: number, holdFloor: number): Promise<Reservation | 'user' | 'token'> {
    const hold = Math.max(quota * HOLD_REQUESTS, holdFloor);
    for (;;) {
      const account = this.book.account(userId, tokenId);
      if (account && this.book.tryReserve(account, quota, Date.now())) return { quota, hold: account };
      if (account?.refilling) {
        await account.refilling;
        continue;
      }
      const opened = this.book.open(userId, tokenId, Date.now());
      const asked = this.reserve(userId, tokenId, quota, hold, false);
      opened.refilling = asked;
      let result: number;
      try {
        result = await asked;
      } finally {
        opened.refilling = undefined;
      }
      if (result === RESERVED_DIRECTLY) return { quota };
      if (result < 0) return result === USER_SHORT ? 'user' : 'token';
      this.book.granted(opened, result);
    }
  }

  /** Gives back a reservation in full (the request failed before anything was produced). */
  async refund(userId: number, tokenId: number, reservation: Reservation): Promise<void> {
    if (reservation.hold) return this.book.refund(reservation.hold, reservation.quota);
    if (reservation.quota <= 0) return;
    await this.db.query('SELECT gw_refund_quota($1, $2, $3)', [userId, tokenId, reservation.quota]);
  }

  /**
   * Settles a request at its exact cost: the difference to the reservation is taken (at most what
   * is free) or given back, and the usage counters of user, token and channel move together.
   * Returns the quota actually charged, which is what the log records.
   */
  async settle(charge: Charge, reservation: Reservation, cost: number): Promise<number> {
    const account = reservation.hold;
    if (account) {
      const shortfall = cost - reservation.quota - account.free;
      if (shortfall > 0) await this.topUp(account, shortfall);
      return this.book.settle(account, charge.channelId, reservation.quota, cost);
    }
    const [row]: Array<{ charged: string }> = await this.db.query('SELECT gw_settle_quota($1, $2, $3, $4, $5, $6) AS charged', [
      charge.userId,
      charge.tokenId,
      charge.channelId,
      reservation.quota,
      cost,
      nowSeconds(),
    ]);
    return Number(row.charged);
  }

  /** A request cost more than its reservation and the hold's free part: hold whatever is free up to the gap. */
  private async topUp(account: HoldAccount, shortfall: number): Promise<void> {
    while (account.refilling) await account.refilling;
    const asked = this.reserve(account.userId, account.tokenId, 0, shortfall, true);
    account.refilling = asked;
    try {
      const granted = await asked;
      if (granted > 0) this.book.granted(account, granted);
    } finally {
      account.refilling = undefined;
    }
  }

  private async reserve(userId: number, tokenId: number, quota: number, hold: number, holdOnly: boolean): Promise<number> {
    const [row]: Array<{ result: string }> = await this.db.query('SELECT gw_reserve_quota($1, $2, $3, $4, $5, $6, $7, $8) AS result', [
      userId,
      tokenId,
      quota,
      this.instanceId,
      hold,
      holdOnly,
      nowSeconds(),
      STALE_HOLD_SECONDS,
    ]);
    return Number(row.result);
  }

  /** Writes back what was spent from holds and gives back idle holds (all of them when `endAll`). */
  flush(endAll = false): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const flush = this.book.takeFlush(Date.now(), { idleMs: IDLE_HOLD_MS, refreshMs: REFRESH_HOLD_MS, endAll });
      if (!flush) return;
      try {
        await this.write(flush);
        this.book.flushed(flush);
      } catch (error) {
        this.book.restore(flush);
        this.logger.error(`Could not write back quota holds (kept for the next try): ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    return this.flushing;
  }

  private async write(flush: HoldFlush): Promise<void> {
    const [row]: Array<{ found: number }> = await this.db.query('SELECT gw_flush_holds($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) AS found', [
      this.instanceId,
      flush.users,
      flush.tokens,
      flush.spent,
      flush.requests,
      flush.released,
      flush.channels,
      flush.channelSpent,
      nowSeconds(),
      STALE_HOLD_SECONDS,
    ]);
    if (Number(row.found) < flush.holding) {
      this.logger.warn('Some quota holds of this instance were dropped as stale; taking new ones');
      this.book.forgetHolds();
    }
  }

  // Before the database pool closes (onApplicationShutdown): spending written, holds given back.
  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush(true);
  }
}
