/**
 * One instance's quota holds, in memory (see quota-ledger.service.ts for how they are taken and
 * written back). Per (user, token): what is still free in the hold, what requests in flight have
 * reserved from it, and what was spent since the last write-back.
 */
export interface HoldAccount {
  readonly userId: number;
  readonly tokenId: number;
  /** Free in the hold: what the next reservations may take without asking the database. */
  free: number;
  /** Reserved by requests still running. The hold in the database is free + inFlight. */
  inFlight: number;
  /** Spent and requests counted since the last write-back. */
  spent: number;
  requests: number;
  lastUsedAt: number;
  /** When a flush last wrote this hold (refreshing its row's updated_at). */
  writtenAt: number;
  /** The database has a hold row for it (a grant arrived and the hold has not run down to 0). */
  holding: boolean;
  /** A database call for more hold is under way: others wait for it instead of asking too. */
  refilling?: Promise<unknown>;
  /** An administrator is changing the user's balance: the next flush gives the free part back. */
  releasing?: boolean;
}

/** What one flush writes back: parallel arrays, as gw_flush_holds takes them. */
export interface HoldFlush {
  users: number[];
  tokens: number[];
  spent: number[];
  requests: number[];
  /** Given back by ending holds (their free part). The hold shrinks by spent + released. */
  released: number[];
  channels: number[];
  channelSpent: number[];
  /** Accounts whose hold this flush ends (idle); forgotten once the flush has succeeded. */
  ending: HoldAccount[];
  /** How many of the sent accounts have a hold row: the database must find that many. */
  holding: number;
}

export class HoldBook {
  private readonly accounts = new Map<string, HoldAccount>();
  private channelSpent = new Map<number, number>();
  /** Users whose requests take no new hold until then (ms): their balance is being changed. */
  private readonly blocked = new Map<number, number>();

  /**
   * Gives back the free part of every hold of the user with the next flush, and takes no new hold
   * for them until `until` (ms): their requests reserve directly meanwhile.
   */
  releaseUser(userId: number, until: number): void {
    this.blocked.set(userId, until);
    for (const account of this.accounts.values()) if (account.userId === userId) account.releasing = true;
  }

  holdsBlocked(userId: number, now: number): boolean {
    const until = this.blocked.get(userId);
    if (until === undefined) return false;
    if (until > now) return true;
    this.blocked.delete(userId);
    return false;
  }

  account(userId: number, tokenId: number): HoldAccount | undefined {
    return this.accounts.get(`${userId}:${tokenId}`);
  }

  open(userId: number, tokenId: number, now: number): HoldAccount {
    const key = `${userId}:${tokenId}`;
    let account = this.accounts.get(key);
    if (!account) {
      account = { userId, tokenId, free: 0, inFlight: 0, spent: 0, requests: 0, lastUsedAt: now, writtenAt: now, holding: false };
      this.accounts.set(key, account);
    }
    return account;
  }

  granted(account: HoldAccount, quota: number): void {
    account.free += quota;
    account.holding = true;
  }

  /** Takes `quota` from the hold when it has that much free; synchronous, no I/O. */
  tryReserve(account: HoldAccount, quota: number, now: number): boolean {
    if (account.free < quota) return false;
    account.free -= quota;
    account.inFlight += quota;
    account.lastUsedAt = now;
    return true;
  }

  refund(account: HoldAccount, reserved: number): void {
    account.inFlight -= reserved;
    account.free += reserved;
  }

  /** Charges a finished request: at most its reservation plus what is free in the hold. */
  settle(account: HoldAccount, channelId: number, reserved: number, cost: number): number {
    account.inFlight -= reserved;
    const available = account.free + reserved;
    const charged = Math.min(cost, available);
    account.free = available - charged;
    account.spent += charged;
    account.requests += 1;
    this.channelSpent.set(channelId, (this.channelSpent.get(channelId) ?? 0) + charged);
    return charged;
  }

  /**
   * What to write back now: every account that spent something, the holds to end (idle for
   * `idleMs` with nothing in flight, or all of them when `endAll`), and holds not written for
   * `refreshMs` (a long request keeps its hold alive). Resets the spent counters: a flush that
   * fails is sent again as it is (quota-ledger.service.ts), never merged back.
   */
  takeFlush(now: number, when: { idleMs: number; refreshMs: number; endAll: boolean }): HoldFlush | undefined {
    const { idleMs, refreshMs, endAll } = when;
    const flush: HoldFlush = { users: [], tokens: [], spent: [], requests: [], released: [], channels: [], channelSpent: [], ending: [], holding: 0 };
    for (const [key, account] of this.accounts) {
      const ending = account.inFlight === 0 && !account.refilling && (endAll || account.releasing === true || now - account.lastUsedAt >= idleMs);
      // Released with requests still in flight: the free part goes back, their reservations stay held.
      const releasing = account.releasing === true;
      account.releasing = false;
      if (ending && !account.holding && account.spent === 0) {
        this.accounts.delete(key); // never held anything (its requests were reserved directly)
        continue;
      }
      const refresh = account.holding && now - account.writtenAt >= refreshMs;
      if (account.spent === 0 && account.requests === 0 && !ending && !refresh && !(releasing && account.free > 0)) continue;
      if (account.holding) flush.holding += 1;
      account.writtenAt = now;
      flush.users.push(account.userId);
      flush.tokens.push(account.tokenId);
      flush.spent.push(account.spent);
      flush.requests.push(account.requests);
      // Changes, not absolute amounts: a hold taken meanwhile by another call adds to the same row.
      flush.released.push(ending || releasing ? account.free : 0);
      if (ending) flush.ending.push(account);
      if (ending || releasing) account.free = 0;
      // All spent and nothing set aside: the database ends the hold with this flush.
      if (account.free === 0 && account.inFlight === 0) account.holding = false;
      account.spent = 0;
      account.requests = 0;
    }
    for (const [channelId, spent] of this.channelSpent) {
      flush.channels.push(channelId);
      flush.channelSpent.push(spent);
    }
    this.channelSpent = new Map();
    return flush.users.length > 0 || flush.channels.length > 0 ? flush : undefined;
  }

  /** The flush was written: ended holds are forgotten, unless a request took a new hold meanwhile. */
  flushed(flush: HoldFlush): void {
    for (const account of flush.ending) {
      if (account.free === 0 && account.inFlight === 0 && account.spent === 0 && !account.refilling) this.accounts.delete(`${account.userId}:${account.tokenId}`);
    }
  }

  /** The database dropped some of this instance's holds as stale: nothing free is trusted any more. */
  forgetHolds(): void {
    for (const account of this.accounts.values()) {
      account.free = 0;
      account.holding = false;
    }
  }
}
