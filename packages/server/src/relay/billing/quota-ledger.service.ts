import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
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
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Reserves `quota` from the user and (unless unlimited) the token. False when either cannot
   * cover it; then nothing was taken.
   */
  async preConsume(userId: number, tokenId: number, quota: number): Promise<boolean> {
    if (quota <= 0) return true;
    const rows: Array<{ ok: boolean }> = await this.dataSource.query(
      `WITH ok AS (
         SELECT u.id FROM users u JOIN tokens t ON t.id = $2 AND t.user_id = u.id
          WHERE u.id = $1 AND u.quota >= $3 AND (t.unlimited_quota OR t.remain_quota >= $3)
          FOR UPDATE OF u, t
       ), spend_user AS (
         UPDATE users SET quota = quota - $3 WHERE id = $1 AND EXISTS (SELECT 1 FROM ok) RETURNING id
       ), spend_token AS (
         UPDATE tokens SET remain_quota = CASE WHEN unlimited_quota THEN remain_quota ELSE remain_quota - $3 END
          WHERE id = $2 AND EXISTS (SELECT 1 FROM ok) RETURNING id
       )
       SELECT EXISTS (SELECT 1 FROM ok) AS ok`,
      [userId, tokenId, quota],
    );
    return rows[0]?.ok === true;
  }

  /** Gives back a reservation in full (the request failed before anything was produced). */
  async refund(userId: number, tokenId: number, quota: number): Promise<void> {
    if (quota <= 0) return;
    await this.dataSource.query(
      `WITH give_user AS (UPDATE users SET quota = quota + $3 WHERE id = $1 RETURNING id)
       UPDATE tokens SET remain_quota = CASE WHEN unlimited_quota THEN remain_quota ELSE remain_quota + $3 END WHERE id = $2`,
      [userId, tokenId, quota],
    );
  }

  /**
   * Settles a request at its exact cost: the difference to the reservation is taken (at most what
   * the user and token still hold) or given back, and the usage counters of user, token and
   * channel move together. Returns the quota actually charged, which is what the log records.
   */
  async settle(charge: Charge, reserved: number, cost: number): Promise<number> {
    const rows: Array<{ charged: string }> = await this.dataSource.query(
      `WITH held AS (
         SELECT u.quota AS user_quota, t.remain_quota AS token_quota, t.unlimited_quota
           FROM users u JOIN tokens t ON t.id = $2 AND t.user_id = u.id
          WHERE u.id = $1
          FOR UPDATE OF u, t
       ), delta AS (
         SELECT CASE WHEN $5::bigint - $4::bigint > 0
                     THEN LEAST($5::bigint - $4::bigint, user_quota, CASE WHEN unlimited_quota THEN user_quota ELSE GREATEST(token_quota, 0) END)
                     ELSE $5::bigint - $4::bigint END AS amount
           FROM held
       ), settle_user AS (
         UPDATE users SET quota = quota - (SELECT amount FROM delta),
                          used_quota = used_quota + $4 + (SELECT amount FROM delta),
                          request_count = request_count + 1
          WHERE id = $1 RETURNING id
       ), settle_token AS (
         UPDATE tokens SET remain_quota = CASE WHEN unlimited_quota THEN remain_quota ELSE remain_quota - (SELECT amount FROM delta) END,
                           used_quota = used_quota + $4 + (SELECT amount FROM delta),
                           accessed_time = $6
          WHERE id = $2 RETURNING id
       ), settle_channel AS (
         UPDATE channels SET used_quota = used_quota + $4 + (SELECT amount FROM delta) WHERE id = $3 RETURNING id
       )
       SELECT $4::bigint + COALESCE((SELECT amount FROM delta), 0) AS charged`,
      [charge.userId, charge.tokenId, charge.channelId, reserved, cost, nowSeconds()],
    );
    return Number(rows[0]?.charged ?? reserved);
  }
}
