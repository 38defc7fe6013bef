import { Injectable } from '@nestjs/common';
import { PASSKEY_CHALLENGE_MINUTES } from '@gw/shared';
import type { CookieOptions, Request, Response } from 'express';
import { hashToken, randomToken } from '../auth/hash-token';
import { RedisService } from '../redis/redis.service';

export const CHALLENGE_COOKIE = 'passkey_challenge';
const CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;

/** The ceremony a challenge was issued for: a challenge of one is never accepted by another. */
export type PasskeyCeremony = 'register' | 'login' | 'second-factor';

export interface PasskeyChallenge {
  ceremony: PasskeyCeremony;
  /** The base64url challenge the authenticator signs. */
  challenge: string;
  /** The user it was issued to (registration, second factor); null for the discoverable sign-in. */
  user_id: number | null;
  expires_at: number;
}

/**
 * A WebAuthn ceremony in progress, as PendingSignIns keeps a pending 2FA sign-in: a random id in a
 * signed HttpOnly SameSite=Lax cookie of this browser, its hash in Redis (in memory without it)
 * with the challenge, for five minutes. A challenge is taken (deleted) before the answer is
 * verified, whatever the outcome: it is used once, and from the browser it was given to only.
 */
@Injectable()
export class PasskeyChallenges {
  private readonly local = new Map<string, PasskeyChallenge>();

  constructor(private readonly redis: RedisService) {}

  private cookieOptions(request: Request): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: request.secure, signed: true, path: '/api/user' };
  }

  private key(hash: string): string {
    return `${this.redis.prefix}:passkey-challenge:${hash}`;
  }

  /** Keeps `challenge` for this browser, replacing the ceremony it had begun before, if any. */
  async issue(request: Request, response: Response, ceremony: PasskeyCeremony, challenge: string, userId: number | null): Promise<void> {
    await this.take(request, response);
    const id = randomToken();
    const hash = hashToken(id);
    const entry: PasskeyChallenge = { ceremony, challenge, user_id: userId, expires_at: Date.now() + CHALLENGE_MS };
    await this.redis.orMemory(
      async (client) => {
        await client.set(this.key(hash), JSON.stringify(entry), 'PX', CHALLENGE_MS);
      },
      () => {
        this.dropExpired();
        this.local.set(hash, entry);
      },
    );
    response.cookie(CHALLENGE_COOKIE, id, { ...this.cookieOptions(request), maxAge: CHALLENGE_MS });
  }

  /** Takes this browser's challenge of `ceremony` (deleting it); undefined when none lives. */
  async take(request: Request, response: Response, ceremony?: PasskeyCeremony): Promise<PasskeyChallenge | undefined> {
    const id: unknown = request.signedCookies?.[CHALLENGE_COOKIE];
    response.clearCookie(CHALLENGE_COOKIE, this.cookieOptions(request));
    if (typeof id !== 'string' || !id) return undefined;
    const hash = hashToken(id);
    const entry = await this.redis.orMemory(
      async (client) => {
        const raw = await client.getdel(this.key(hash));
        return raw ? (JSON.parse(raw) as PasskeyChallenge) : undefined;
      },
      () => {
        const found = this.local.get(hash);
        this.local.delete(hash);
        return found;
      },
    );
    if (!entry || entry.expires_at <= Date.now()) return undefined;
    if (ceremony !== undefined && entry.ceremony !== ceremony) return undefined;
    return entry;
  }

  private dropExpired(): void {
    const now = Date.now();
    for (const [hash, entry] of this.local) if (entry.expires_at <= now) this.local.delete(hash);
  }
}
