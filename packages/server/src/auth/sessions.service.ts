import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { nowSeconds } from '../common/time';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { hashToken, randomToken } from './hash-token';
import { SessionEntity } from './session.entity';

export const SESSION_COOKIE = 'session';

/** A session seen in use: its hash and the two times its expiry follows from. */
export interface SessionUse {
  hash: string;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
}

/**
 * Server-side sessions: a new id at every login, gone at logout or when the user is disabled.
 *
 * `expires_at` is the session's end as things stand: the sooner of the absolute end (sign-in +
 * SESSION_MAX_MINUTES) and the idle end (last request + SESSION_IDLE_MINUTES). Requests slide it
 * forward (`noteUse`), so every read checks one column and an idle session simply expires.
 */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);
  private readonly idleSeconds: number;
  readonly maxSeconds: number;
  /** The idle end is moved only when it would move by this much: one write per busy session every few minutes, not per request. */
  private readonly slideStepSeconds: number;

  constructor(
    @InjectRepository(SessionEntity) private readonly repository: Repository<SessionEntity>,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.idleSeconds = config.sessions.idleSeconds;
    this.maxSeconds = config.sessions.maxSeconds;
    this.slideStepSeconds = Math.min(600, Math.floor(this.idleSeconds / 10));
  }

  /** When a session of `createdAt` used at `now` ends. */
  private endOf(createdAt: number, now: number): number {
    return Math.min(createdAt + this.maxSeconds, now + this.idleSeconds);
  }

  /** Opens a session and returns its id (for the cookie only; the database keeps its hash). */
  async open(userId: number, ip: string, userAgent: string): Promise<string> {
    const id = randomToken();
    const now = nowSeconds();
    await this.repository.insert({
      id_hash: hashToken(id),
      public_id: randomToken(12),
      user_id: userId,
      ip: ip.slice(0, 64),
      user_agent: userAgent.slice(0, 255),
      created_at: now,
      expires_at: this.endOf(now, now),
      last_seen_at: now,
    });
    return id;
  }

  /**
   * Slides the idle end and the last-seen time of sessions just used (read by the Authenticator).
   * Not awaited by the request (the promise never fails): a lost write only makes a session end a
   * few minutes sooner. A session is written when either time would move by a step: near its
   * absolute end the idle end stops moving, but its last-seen time still follows.
   */
  async noteUse(uses: SessionUse[], now = nowSeconds()): Promise<void> {
    const due = uses
      .filter((use) => this.endOf(use.created_at, now) - use.expires_at >= this.slideStepSeconds || now - use.last_seen_at >= this.slideStepSeconds)
      .map((use) => use.hash);
    if (due.length === 0) return;
    await this.repository
      .query('UPDATE sessions SET expires_at = LEAST(created_at + $2, $3), last_seen_at = GREATEST(last_seen_at, $4) WHERE id_hash = ANY($1) AND expires_at > $4', [
        due,
        this.maxSeconds,
        now + this.idleSeconds,
        now,
      ])
      .catch((error: Error) => this.logger.warn(`Sessions' idle end not moved: ${error.message}`));
  }

  /** The user id of a live session, or undefined. */
  async resolve(id: string): Promise<number | undefined> {
    const session = await this.repository.findOneBy({ id_hash: hashToken(id) });
    if (!session || session.expires_at <= nowSeconds()) return undefined;
    return session.user_id;
  }

  async close(id: string): Promise<void> {
    await this.repository.delete({ id_hash: hashToken(id) });
  }

  /** Ends every session of a user (disabled, deleted or password changed), but the one to keep. */
  async closeAllOf(userId: number, keepSessionId?: string): Promise<void> {
    const query = this.repository.createQueryBuilder().delete().where('user_id = :userId', { userId });
    if (keepSessionId) query.andWhere('id_hash <> :keep', { keep: hashToken(keepSessionId) });
    await query.execute();
  }

  /** Deletes expired sessions; returns how many went. Run by the session-cleanup job. */
  async deleteExpired(): Promise<number> {
    const result = await this.repository.delete({ expires_at: LessThan(nowSeconds()) });
    return result.affected ?? 0;
  }
}
