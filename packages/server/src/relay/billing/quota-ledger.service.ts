import { Injectable } from '@nestjs/common';
import { RelayDb } from '../relay-db';
import { nowSeconds } from '../../common/time';

export interface Charge {
  userId: number;
  tokenId: number;
  channelId: number;
}

/**
 * Moves quota for the relay (DESIGN.md §5.6). Every step is one SQL statement that locks the user
 * and token rows, so concurrent requests can neither spend the same quota twice nor drive a
 * balance below zero.
 */
@Injectable()
export class QuotaLedgerService {
  constructor(private readonly db: RelayDb) {}

  /**
   * Reserves `quota` from the user and (unless unlimited) the token: gw_reserve_quota locks both
   * rows and checks them, in one round trip. Says which one could not cover it; then nothing
   * was taken.
   */
  async preConsume(userId: number, tokenId: number, quota: number): Promise<'ok' | 'user' | 'token'> {
    if (quota <= 0) return 'ok';
    const [row]: Array<{ result: 'ok' | 'user' | 'token' }> = await this.db.query('SELECT gw_reserve_quota($1, $2, $3) AS result', [userId, tokenId, quota]);
    return row.result;
  }

  /** Gives back a reservation in full (the request failed before anything was produced). */
  async refund(userId: number, tokenId: number, quota: number): Promise<void> {
    if (quota <= 0) return;
    await this.db.query(
      `WITH give_user AS (UPDATE users SET quota = quota + $3 WHERE id = $1 RETURNING id)
       UPDATE tokens SET remain_quota = CASE WHEN unlimited_quota THEN remain_quota ELSE remain_quota + $3 END WHERE id = $2`,
      [userId, tokenId, quota],
    );
  }

  /**
   * Settles a request at its exact cost (gw_settle_quota, one round trip): the difference to the
   * reservation is taken (at most what the user and the token still hold) or given back, and the
   * usage counters of user, token and channel move together. Returns the quota actually charged,
   * which is what the log records.
   */
  async settle(charge: Charge, reserved: number, cost: number): Promise<number> {
    const [row]: Array<{ charged: string }> = await this.db.query('SELECT gw_settle_quota($1, $2, $3, $4, $5, $6) AS charged', [
      charge.userId,
      charge.tokenId,
      charge.channelId,
      reserved,
      cost,
      nowSeconds(),
    ]);
    return Number(row.charged);
  }
}
