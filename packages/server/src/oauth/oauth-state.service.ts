import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hashToken, randomToken } from '../auth/hash-token';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';

/** How long a state waits for the provider's redirect. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

export const MSG_STATE_INVALID = '授权状态无效或已过期，请返回登录页重新发起授权';
export const MSG_STATE_OTHER_USER = '登录状态已变化，请重新发起授权';

interface StateRow {
  binding_hash: string;
  user_id: number | null;
  aff: string;
  expires_at: string;
}

/**
 * OAuth `state` values (docs/security.md): random, stored server-side (only their hash), bound to the
 * browser that asked for them (a random value in a signed cookie: see oauth-binding-cookie.ts) and to
 * the signed-in user if any, used once, valid for ten minutes, carrying the invitation code.
 */
@Injectable()
export class OAuthStateService {
  constructor(private readonly db: DataSource) {}

  async issue(binding: string, userId: number | null, aff: string): Promise<string> {
    const state = randomToken(24);
    const now = nowSeconds();
    await this.db.query('DELETE FROM oauth_states WHERE expires_at < $1', [now]);
    await this.db.query('INSERT INTO oauth_states (state_hash, binding_hash, user_id, aff, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      hashToken(state),
      hashToken(binding),
      userId,
      aff,
      now + OAUTH_STATE_TTL_SECONDS,
    ]);
    return state;
  }

  /**
   * Takes the state out of the store (whatever follows, it cannot be used again) and checks that it
   * is live, was issued to this browser and to the same user (none for a sign-in). Returns its
   * invitation code.
   */
  async consume(state: string, binding: string | undefined, userId: number | null): Promise<{ aff: string }> {
    // A SELECT over the DELETE: plain rows on every driver (PostgreSQL and the embedded PGlite).
    const [row]: StateRow[] = await this.db.query(
      'WITH taken AS (DELETE FROM oauth_states WHERE state_hash = $1 RETURNING binding_hash, user_id, aff, expires_at) SELECT * FROM taken',
      [hashToken(state)],
    );
    if (!row || Number(row.expires_at) < nowSeconds() || !binding || row.binding_hash !== hashToken(binding)) throw new BusinessError(MSG_STATE_INVALID);
    if ((row.user_id ?? null) !== userId) throw new BusinessError(MSG_STATE_OTHER_USER);
    return { aff: row.aff };
  }
}
