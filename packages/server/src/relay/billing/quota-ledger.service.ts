import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ClusterBus } from '../../cluster/cluster-bus';
import { PoolDb } from '../../database/pool-db';
import { nowSeconds } from '../../common/time';
import type { NewLog } from '../../logs/log-writer.service';
import { type HoldAccount, type HoldFlush, HoldBook } from './hold-book';
import { InstanceLiveness } from './instance-liveness.service';
import { JsonRows } from '../../common/json-rows';

export interface Charge {
  userId: number;
  tokenId: number;
  channelId: number;
}

/**
 * A request's reservation: from this instance's hold (in memory), or taken directly in the
 * database and recorded there under this instance and `no`.
 */
export type Reservation = { quota: number; hold: HoldAccount } | { quota: number; no: number; plan?: PlanDraw };

/** A reservation from a subscriber's plan: the subscription and the period that paid it, and whether the wallet may pay what the period cannot. */
export interface PlanDraw {
  subscriptionId: number;
  periodStart: number;
  fallback: boolean;
}

/** A subscriber's request: their plan is asked first; `fallback` lets it draw from the wallet once the period's quota is used up. */
export interface PlanFirst {
  fallback: boolean;
}

/**
 * How often settlements, spending from holds and their log rows are committed. A killed process
 * loses at most this window (plus one write) of finished requests: served, neither charged nor
 * logged. Nothing it reserved is lost (instance-liveness.service.ts gives it back).
 */
const FLUSH_EVERY_MS = 500;
/** A batch this large is committed at once rather than at the next tick. */
const EARLY_FLUSH_AT = 1000;
/** A hold nobody used for this long is given back. */
const IDLE_HOLD_MS = 10_000;
/** Holds of an instance silent for this long are dropped by any other (a fallback: dead instances are normally recovered at once). */
export const STALE_HOLD_SECONDS = 600;
/** A hold with nothing to write back is still refreshed this often, so that it never looks stale. */
const REFRESH_HOLD_MS = 60_000;
/** A hold covers this many reservations like the current one, and at least one quota unit ($1). */
const HOLD_REQUESTS = 50;

/** While an administrator changes a user's balance, that user's requests take no new hold for this long. */
const HOLDS_BLOCKED_MS = 10_000;
/** Bus topics: an administrator asks every instance to give back a user's holds; each answers when done. */
export const RELEASE_HOLDS_TOPIC = 'release-user-holds';
export const HOLDS_RELEASED_TOPIC = 'user-holds-released';

const RESERVED_DIRECTLY = 0;
const USER_SHORT = -1;
const TOKEN_SHORT = -2;
const PLAN_USED_UP = -3;
const ALREADY_APPLIED = -1;

/** A finished request billed directly: settled in the database with the next batch. */
interface DirectSettlement {
  reservation_no: number;
  user_id: number;
  token_id: number;
  channel_id: number;
  cost: number;
  log: NewLog | null;
  /** A plan's reservation: settled against that period (gw_settle_plan_quota). */
  subscription_id?: number;
  period_start?: number;
  fallback?: boolean;
}

/** What one commit writes, all or nothing; kept as it is and sent again until it is applied. */
interface BillingBatch {
  seq: number;
  holds?: HoldFlush;
  /** DirectSettlement rows, as JSON text. */
  direct: string;
  /** Log rows of requests settled from holds, their quota already known, as JSON text. */
  logs: string;
}

/**
 * Moves quota for the relay (DESIGN.md §5.6), exact under any concurrency, on any number of
 * instances, and across a kill of any of them.
 *
 * Well-funded customers (free balance at least four holds): the instance takes a hold, a part of
 * the balance set aside for it in `quota_holds`, and reserves and settles their requests in memory
 * (no database round trip on the request path). Everyone else: each request reserves in the
 * database, recorded under this instance and a number. Either way the settlement is committed
 * with the request's log row in the next batch (every 500 ms, `gw_commit_billing`), so quota moved
 * always equals the sum of logged charges. The free balance is always the balance minus all
 * holds, so no one can spend quota another instance holds.
 */
@Injectable()
export class QuotaLedgerService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(QuotaLedgerService.name);
  private readonly book = new HoldBook();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private reservationNo = 0;
  private batchSeq = 0;
  private direct = new JsonRows();
  private heldLogs = new JsonRows();
  /** A batch whose commit failed: sent again, as it is, before anything newer. */
  private pending?: BillingBatch;
  /** Commits that failed in a row (the database is unreachable): only the first is logged. */
  private failedCommits = 0;
  /** Direct reservations whose refund did not reach the database: given back by the next flush that does. */
  private unrefunded: number[] = [];

  constructor(
    private readonly db: PoolDb,
    private readonly liveness: InstanceLiveness,
    private readonly bus: ClusterBus,
  ) {}

  get instanceId(): string {
    return this.liveness.instanceId;
  }

  async onModuleInit(): Promise<void> {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
    await this.bus.subscribe(RELEASE_HOLDS_TOPIC, (message) => void this.releaseUserHolds(message));
  }

  /**
   * Another instance (or this one) is about to change a user's balance: give back the free part of
   * this instance's holds for that user, write back what was spent, take no new hold for a while,
   * and say so. `message` is `<nonce>:<user id>`.
   */
  private async releaseUserHolds(message: string): Promise<void> {
    const [nonce, user] = message.split(':');
    this.book.releaseUser(Number(user), Date.now() + HOLDS_BLOCKED_MS);
    await this.flush();
    // Not acknowledged when the write-back failed: the administrator's change waits, then is checked by the database anyway.
    if (this.pending) return;
    await this.bus.publish(HOLDS_RELEASED_TOPIC, `${nonce}:${this.instanceId}`);
  }

  /**
   * Reserves `quota` for a request. `holdFloor` is the least hold worth taking (one quota unit).
   * Says which of user, token or plan (its period used up, no fallback) could not cover it; then
   * nothing was taken. A subscriber (`planFirst`) reserves in the database every time, from the
   * plan while its period has quota, so that a period's reset is seen by the very next request.
   */
  async preConsume(userId: number, tokenId: number, quota: number, holdFloor: number, planFirst?: PlanFirst): Promise<Reservation | 'user' | 'token' | 'plan'> {
    if (planFirst) return this.reserveFromPlan(userId, tokenId, quota, planFirst);
    if (this.book.holdsBlocked(userId, Date.now())) {
      const no = ++this.reservationNo;
      const result = await this.reserve(userId, tokenId, quota, no, 0, false);
      if (result === RESERVED_DIRECTLY) return { quota, no };
      return result === USER_SHORT ? 'user' : 'token';
    }
    const hold = Math.max(quota * HOLD_REQUESTS, holdFloor);
    for (;;) {
      const account = this.book.account(userId, tokenId);
      if (account && this.book.tryReserve(account, quota, Date.now())) return { quota, hold: account };
      if (account?.refilling) {
        await account.refilling;
        continue;
      }
      const opened = this.book.open(userId, tokenId, Date.now());
      const no = ++this.reservationNo;
      const asked = this.reserve(userId, tokenId, quota, no, hold, false);
      opened.refilling = asked;
      let result: number;
      try {
        result = await asked;
      } finally {
        opened.refilling = undefined;
      }
      if (result === RESERVED_DIRECTLY) return { quota, no };
      if (result < 0) return result === USER_SHORT ? 'user' : 'token';
      this.book.granted(opened, result);
    }
  }

  private async reserveFromPlan(userId: number, tokenId: number, quota: number, planFirst: PlanFirst): Promise<Reservation | 'user' | 'token' | 'plan'> {
    const no = ++this.reservationNo;
    const [row]: Array<{ result: string; subscription_id: number; period_start: string }> = await this.db.query(
      'SELECT result, subscription_id, period_start FROM gw_reserve_plan_quota($1, $2, $3, $4, $5, $6, $7, $8)',
      [userId, tokenId, quota, this.instanceId, no, planFirst.fallback, nowSeconds(), STALE_HOLD_SECONDS],
    );
    const result = Number(row.result);
    if (result === USER_SHORT) return 'user';
    if (result === TOKEN_SHORT) return 'token';
    if (result === PLAN_USED_UP) return 'plan';
    if (row.subscription_id === 0) return { quota, no };
    return { quota, no, plan: { subscriptionId: row.subscription_id, periodStart: Number(row.period_start), fallback: planFirst.fallback } };
  }

  /**
   * Gives back a reservation in full (the request failed before anything was produced). Never
   * fails: a refund the database cannot take now stays on record and is retried with every flush
   * until it is taken (gw_refund_reservation gives a reservation back at most once).
   */
  async refund(reservation: Reservation): Promise<void> {
    if ('hold' in reservation) return this.book.refund(reservation.hold, reservation.quota);
    try {
      await this.giveBack(reservation.no);
    } catch (error) {
      this.unrefunded.push(reservation.no);
      this.logger.warn(`Could not refund reservation ${reservation.no} (retried with the next flush): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async giveBack(no: number): Promise<void> {
    await this.db.query('SELECT gw_refund_reservation($1, $2)', [this.instanceId, no]);
  }

  /** The refunds that failed before, oldest first; stops at the first that fails again. */
  private async retryRefunds(): Promise<void> {
    while (this.unrefunded.length > 0) {
      await this.giveBack(this.unrefunded[0]);
      this.unrefunded.shift();
    }
  }

  /**
   * Settles a request at its exact cost: the difference to the reservation is taken (at most what
   * is free) or given back, and the usage counters of user, token and channel move together. The
   * log row (none when consumption logs are off) is committed in the same batch, with the quota
   * actually charged. Returns that quota when it is known here (from a hold); a direct settlement
   * returns the cost, which the database charges unless the balance ran out meanwhile (it never
   * goes below zero).
   */
  async settle(charge: Charge, reservation: Reservation, cost: number, log?: NewLog): Promise<number> {
    let charged = cost;
    if ('hold' in reservation) {
      const account = reservation.hold;
      const shortfall = cost - reservation.quota - account.free;
      if (shortfall > 0) await this.topUp(account, shortfall);
      charged = this.book.settle(account, charge.channelId, reservation.quota, cost);
      if (log) {
        log.quota = charged;
        this.heldLogs.add(log);
      }
    } else {
      const settlement: DirectSettlement = { reservation_no: reservation.no, user_id: charge.userId, token_id: charge.tokenId, channel_id: charge.channelId, cost, log: log ?? null };
      if (reservation.plan) {
        settlement.subscription_id = reservation.plan.subscriptionId;
        settlement.period_start = reservation.plan.periodStart;
        settlement.fallback = reservation.plan.fallback;
      }
      this.direct.add(settlement);
    }
    if (this.direct.length + this.heldLogs.length >= EARLY_FLUSH_AT) void this.flush();
    return charged;
  }

  /** A request cost more than its reservation and the hold's free part: hold whatever is free up to the gap. */
  private async topUp(account: HoldAccount, shortfall: number): Promise<void> {
    while (account.refilling) await account.refilling;
    const asked = this.reserve(account.userId, account.tokenId, 0, ++this.reservationNo, shortfall, true);
    account.refilling = asked;
    try {
      const granted = await asked;
      if (granted > 0) this.book.granted(account, granted);
    } finally {
      account.refilling = undefined;
    }
  }

  private async reserve(userId: number, tokenId: number, quota: number, no: number, hold: number, holdOnly: boolean): Promise<number> {
    const [row]: Array<{ result: string }> = await this.db.query('SELECT gw_reserve_quota($1, $2, $3, $4, $5, $6, $7, $8, $9) AS result', [
      userId,
      tokenId,
      quota,
      this.instanceId,
      no,
      hold,
      holdOnly,
      nowSeconds(),
      STALE_HOLD_SECONDS,
    ]);
    return Number(row.result);
  }

  /**
   * Commits what was settled and spent since the last batch, with its log rows, and gives back
   * idle holds (all of them when `endAll`). Resolves when it is in the database, or has failed
   * and is kept for the next try.
   */
  flush(endAll = false): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending && !(await this.commit(this.pending))) return;
      const batch = this.takeBatch(endAll);
      if (batch && !(await this.commit(batch))) return;
      // The database answers again: failed refunds are taken now (the next flush tries again otherwise).
      await this.retryRefunds().catch(() => undefined);
    });
    return this.flushing;
  }

  private takeBatch(endAll: boolean): BillingBatch | undefined {
    const holds = this.book.takeFlush(Date.now(), { idleMs: IDLE_HOLD_MS, refreshMs: REFRESH_HOLD_MS, endAll });
    if (!holds && this.direct.length === 0 && this.heldLogs.length === 0) return undefined;
    return { seq: ++this.batchSeq, holds, direct: this.direct.take(), logs: this.heldLogs.take() };
  }

  /** One statement, one transaction. Applied at most once: a batch sent again after a lost reply is recognised. */
  private async commit(batch: BillingBatch): Promise<boolean> {
    this.pending = batch;
    const holds = batch.holds;
    try {
      const [row]: Array<{ found: number }> = await this.db.query('SELECT gw_commit_billing($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) AS found', [
        this.instanceId,
        batch.seq,
        holds?.users ?? [],
        holds?.tokens ?? [],
        holds?.spent ?? [],
        holds?.requests ?? [],
        holds?.released ?? [],
        holds?.channels ?? [],
        holds?.channelSpent ?? [],
        batch.direct,
        batch.logs,
        nowSeconds(),
        STALE_HOLD_SECONDS,
      ]);
      this.pending = undefined;
      if (this.failedCommits > 0) this.logger.log(`Committed a billing batch after ${this.failedCommits} failed tries`);
      this.failedCommits = 0;
      if (!holds) return true;
      const found = Number(row.found);
      if (found !== ALREADY_APPLIED && found < holds.holding) {
        this.logger.warn('Some quota holds of this instance were dropped (stale or recovered); taking new ones');
        this.book.forgetHolds();
      }
      this.book.flushed(holds);
      return true;
    } catch (error) {
      // Tried again every FLUSH_EVERY_MS: an outage is logged once, not twice a second.
      if (this.failedCommits++ === 0) this.logger.error(`Could not commit a billing batch (kept, and tried again until it is committed): ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  // Before the database pool closes (onApplicationShutdown): everything committed, holds given
  // back, and whatever is still reserved refunded as this instance retires.
  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush(true);
    await this.liveness.retire();
  }
}
