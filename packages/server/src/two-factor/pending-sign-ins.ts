import { Injectable } from '@nestjs/common';
import { TWO_FACTOR_PENDING_MINUTES } from '@gw/shared';
import type { CookieOptions, Request, Response } from 'express';
import { hashToken, randomToken } from '../auth/hash-token';
import { RedisService } from '../redis/redis.service';
import { TwoFactorClock } from './two-factor-clock';

/** The browser's pending sign-in: a random id, signed with SESSION_SECRET; sent only to the login calls. */
export const PENDING_COOKIE = 'pending_2fa';
const PENDING_MS = TWO_FACTOR_PENDING_MINUTES * 60_000;

interface Pending {
  user_id: number;
  /** Milliseconds on TwoFactorClock. */
  expires_at: number;
}

/**
 * A sign-in that passed its first factor (password, OAuth) and waits for the 2FA code: a random id
 * in a signed HttpOnly SameSite=Lax cookie of this browser, its hash in Redis (in memory without
 * it) with the user id, for five minutes, used once. No session exists until the code step.
 */
@Injectable()
export class PendingSignIns {
  private readonly local = new Map<string, Pending>();

  constructor(
    private readonly redis: RedisService,
    private readonly clock: TwoFactorClock,
  ) {}

  private cookieOptions(request: Request): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: request.secure, signed: true, path: '/api/user/login' };
  }

  private key(hash: string): string {
    return `${this.redis.prefix}:2fa-pending:${hash}`;
  }

  async begin(request: Request, response: Response, userId: number): Promise<void> {
    const id = randomToken();
    const hash = hashToken(id);
    const pending: Pending = { user_id: userId, expires_at: this.clock.now() + PENDING_MS };
    await this.redis.orMemory(
      async (client) => {
        await client.set(this.key(hash), JSON.stringify(pending), 'PX', PENDING_MS);
      },
      () => {
        this.dropExpired();
        this.local.set(hash, pending);
      },
    );
    response.cookie(PENDING_COOKIE, id, { ...this.cookieOptions(request), maxAge: PENDING_MS });
  }

  /** The user waiting in this browser, while the marker lives; undefined otherwise. */
  async userOf(request: Request): Promise<number | undefined> {
    const id: unknown = request.signedCookies?.[PENDING_COOKIE];
    if (typeof id !== 'string' || !id) return undefined;
    const hash = hashToken(id);
    const pending = await this.redis.orMemory(
      async (client) => {
        const raw = await client.get(this.key(hash));
        return raw ? (JSON.parse(raw) as Pending) : undefined;
      },
      () => this.local.get(hash),
    );
    if (!pending || pending.expires_at <= this.clock.now()) return undefined;
    return pending.user_id;
  }

  /** Takes the browser's marker; true for the one caller that took it (the same marker twice at once: one). */
  async consume(request: Request, response: Response): Promise<boolean> {
    const id: unknown = request.signedCookies?.[PENDING_COOKIE];
    response.clearCookie(PENDING_COOKIE, this.cookieOptions(request));
    if (typeof id !== 'string' || !id) return false;
    const hash = hashToken(id);
    return this.redis.orMemory(
      async (client) => (await client.del(this.key(hash))) === 1,
      () => this.local.delete(hash),
    );
  }

  private dropExpired(): void {
    const now = this.clock.now();
    for (const [hash, pending] of this.local) if (pending.expires_at <= now) this.local.delete(hash);
  }
}
