import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MSG_SESSION_NOT_FOUND, type SessionView } from '@gw/shared';
import { IsNull, MoreThan, Not, Repository } from 'typeorm';
import { hashToken } from '../auth/hash-token';
import { SessionEntity } from '../auth/session.entity';
import { BusinessError } from '../common/business.error';
import { plainIp } from '../common/client-ip';
import { nowSeconds } from '../common/time';
import { MSG_USER_NOT_FOUND } from '../users/dto/update-user.dto';
import { manageRefusal } from '../users/user-admin-rules';
import { UserEntity } from '../users/user.entity';
import { describeUserAgent } from './user-agent';

/** What ending one session did: `current` when it was the asking browser's own. */
export interface EndedSession {
  current: boolean;
}

/**
 * Signed-in devices (issue 31): a user's live sessions, listed and ended by the user and by an
 * administrator who outranks them (users/user-admin-rules.ts). A session is named by its
 * `public_id`; one of another user answers exactly like one that does not exist.
 */
@Injectable()
export class DevicesService {
  constructor(
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {}

  /** The user's live sessions, most recently seen first; `currentSessionId` is the asking browser's (none with the access token). */
  async list(userId: number, currentSessionId?: string): Promise<SessionView[]> {
    const rows = await this.sessions.find({
      where: { user_id: userId, expires_at: MoreThan(nowSeconds()) },
      order: { last_seen_at: 'DESC', created_at: 'DESC', public_id: 'ASC' },
    });
    const currentHash = currentSessionId ? hashToken(currentSessionId) : undefined;
    return rows.map((row) => ({
      id: row.public_id,
      ...describeUserAgent(row.user_agent),
      ip: plainIp(row.ip),
      created_at: row.created_at,
      last_seen_at: row.last_seen_at,
      current: row.id_hash === currentHash,
    }));
  }

  /** Ends one of the user's sessions; another user's id, or an ended one, is "not found". */
  async end(userId: number, publicId: string, currentSessionId?: string): Promise<EndedSession> {
    const [ended] = (await this.sessions.query(
      `WITH ended AS (DELETE FROM sessions WHERE public_id = $1 AND user_id = $2 AND expires_at > $3 RETURNING id_hash) SELECT id_hash FROM ended`,
      [publicId, userId, nowSeconds()],
    )) as Array<{ id_hash: string }>;
    if (!ended) throw new BusinessError(MSG_SESSION_NOT_FOUND);
    return { current: currentSessionId !== undefined && ended.id_hash === hashToken(currentSessionId) };
  }

  /** Ends every session of the user but the asking browser's; returns how many ended. */
  async endOthers(userId: number, currentSessionId?: string): Promise<number> {
    const where = currentSessionId ? { user_id: userId, id_hash: Not(hashToken(currentSessionId)) } : { user_id: userId };
    return (await this.sessions.delete(where)).affected ?? 0;
  }

  /** An administrator's view of `targetId`'s sessions (whose `current` is the administrator's own browser, when it is one of them). */
  async listOf(actor: UserEntity, targetId: number, actorSessionId?: string): Promise<SessionView[]> {
    await this.authorize(actor, targetId);
    return this.list(targetId, actorSessionId);
  }

  async endOf(actor: UserEntity, targetId: number, publicId: string, actorSessionId?: string): Promise<EndedSession> {
    await this.authorize(actor, targetId);
    return this.end(targetId, publicId, actorSessionId);
  }

  /** Ends every session of `targetId` (the administrator's own too, when it names itself). */
  async endAllOf(actor: UserEntity, targetId: number): Promise<number> {
    await this.authorize(actor, targetId);
    return (await this.sessions.delete({ user_id: targetId })).affected ?? 0;
  }

  /** An administrator acts only on users it outranks, as for an edit (users/user-admin-rules.ts). */
  private async authorize(actor: UserEntity, targetId: number): Promise<void> {
    const target = await this.users.findOne({ where: { id: targetId, deleted_at: IsNull() }, select: { id: true, role: true } });
    if (!target) throw new BusinessError(MSG_USER_NOT_FOUND);
    const refusal = manageRefusal(actor, target, 'edit');
    if (refusal) throw new BusinessError(refusal);
  }
}
