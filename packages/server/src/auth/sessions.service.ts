import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { nowSeconds } from '../common/time';
import { hashToken, randomToken } from './hash-token';
import { SessionEntity } from './session.entity';

export const SESSION_COOKIE = 'session';
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

/** Server-side sessions: a new id at every login, gone at logout or when the user is disabled. */
@Injectable()
export class SessionsService {
  constructor(@InjectRepository(SessionEntity) private readonly repository: Repository<SessionEntity>) {}

  /** Opens a session and returns its id (for the cookie only; the database keeps its hash). */
  async open(userId: number, ip: string, userAgent: string): Promise<string> {
    const id = randomToken();
    const now = nowSeconds();
    await this.repository.insert({
      id_hash: hashToken(id),
      user_id: userId,
      ip: ip.slice(0, 64),
      user_agent: userAgent.slice(0, 255),
      created_at: now,
      expires_at: now + SESSION_TTL_SECONDS,
    });
    return id;
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
