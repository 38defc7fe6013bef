import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { hashToken } from '../auth/hash-token';
import { nowSeconds } from '../common/time';

/** 'verify': a code proving the address (registration, e-mail binding); 'reset': a password reset link. */
export type ChallengePurpose = 'verify' | 'reset';

/** Seconds before another mail of the same purpose may go to the same address (spec 1 §9). */
export const RESEND_SECONDS = 30;
/** Wrong codes after which the active code of an address is voided. */
export const MAX_CODE_ATTEMPTS = 5;
/** Rows are kept this long after they expire (for the resend rule and for support), then deleted. */
const RETENTION_SECONDS = 86_400;

export type IssueResult = { issued: true; id: number } | { issued: false; waitSeconds: number };

/**
 * The `email_challenges` table: codes and reset tokens, stored as their SHA-256 only. One active
 * row per purpose and address (issuing voids the previous one); a row is used at most once, by a
 * conditional UPDATE that only one caller can win.
 */
@Injectable()
export class EmailChallengesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Stores a new secret for (purpose, email) unless the previous one is younger than
   * RESEND_SECONDS. Serialized per address by an advisory lock, so two requests at once cannot
   * both pass the resend rule.
   */
  async issue(purpose: ChallengePurpose, email: string, secret: string, ttlSeconds: number, userId: number | null = null): Promise<IssueResult> {
    const now = nowSeconds();
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`email-challenge:${purpose}:${email}`]);
      await manager.query('DELETE FROM email_challenges WHERE expires_at < $1', [now - RETENTION_SECONDS]);
      const [last]: Array<{ created_at: string }> = await manager.query(
        'SELECT created_at FROM email_challenges WHERE purpose = $1 AND email = $2 ORDER BY created_at DESC LIMIT 1',
        [purpose, email],
      );
      const age = last ? now - Number(last.created_at) : Infinity;
      if (age < RESEND_SECONDS) return { issued: false, waitSeconds: RESEND_SECONDS - age };
      await manager.query('UPDATE email_challenges SET used_at = $3 WHERE purpose = $1 AND email = $2 AND used_at IS NULL', [purpose, email, now]);
      const [row]: Array<{ id: number }> = await manager.query(
        `INSERT INTO email_challenges (purpose, email, secret_hash, user_id, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [purpose, email, hashToken(secret), userId, now + ttlSeconds, now],
      );
      return { issued: true, id: row.id };
    });
  }

  /** Removes a row whose mail could not be sent, so that the user may ask again at once. */
  async withdraw(id: number): Promise<void> {
    await this.dataSource.query('DELETE FROM email_challenges WHERE id = $1', [id]);
  }

  /**
   * Uses the active secret of (purpose, email) when `secret` matches its hash and it has not
   * expired: the row's user id (or null), or undefined when nothing matched. Runs on `manager`, so
   * that a caller's transaction that fails afterwards gives the code back.
   */
  async consume(manager: EntityManager, purpose: ChallengePurpose, email: string, secret: string): Promise<{ userId: number | null } | undefined> {
    const now = nowSeconds();
    const [row]: Array<{ user_id: number | null }> = await manager.query(
      `WITH used AS (
         UPDATE email_challenges SET used_at = $4
         WHERE purpose = $1 AND email = $2 AND secret_hash = $3 AND used_at IS NULL AND expires_at > $4
         RETURNING user_id)
       SELECT user_id FROM used`,
      [purpose, email, hashToken(secret), now],
    );
    return row ? { userId: row.user_id } : undefined;
  }

  /** Counts a wrong code against the address's active code, voiding it at MAX_CODE_ATTEMPTS. */
  async recordWrongCode(email: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE email_challenges SET attempts = attempts + 1, used_at = CASE WHEN attempts + 1 >= $2 THEN $3 ELSE used_at END
       WHERE purpose = 'verify' AND email = $1 AND used_at IS NULL AND expires_at > $3`,
      [email, MAX_CODE_ATTEMPTS, nowSeconds()],
    );
  }
}
