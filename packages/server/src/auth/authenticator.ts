import { ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AccessRule, roleAllows, USER_STATUS_ENABLED } from '@gw/shared';
import { IsNull, Repository } from 'typeorm';
import { MicroBatch } from '../common/micro-batch';
import { nowSeconds } from '../common/time';
import { UserEntity } from '../users/user.entity';
import { hashToken } from './hash-token';
import { SessionEntity } from './session.entity';
import { SessionsService } from './sessions.service';

/** What a request offers to say who it is. */
export interface Credentials {
  /** The New-Api-User header. */
  claimedId: string | undefined;
  /** The signed session cookie's value, when it carried a valid signature. */
  sessionId: unknown;
  /** The Authorization header (the system access token), when present. */
  authorization: string | undefined;
}

export interface Authenticated {
  user: UserEntity;
  /** Set when the session cookie identified the user (not the access token). */
  sessionId?: string;
}

/**
 * The user-id header must name the signed-in user: a cross-site form cannot set it (CSRF), and a
 * console holding another user's state is told to sign in again.
 */
export function checkClaim(claimedId: string | undefined, userId: number, byToken: boolean): void {
  if (!claimedId) throw new UnauthorizedException('无权进行此操作，未提供 New-Api-User');
  if (claimedId !== String(userId)) {
    throw new UnauthorizedException(byToken ? '无权进行此操作，New-Api-User 与 access token 不匹配' : '无权进行此操作，New-Api-User 与登录用户不匹配');
  }
}

/** A disabled user is refused everywhere. */
export function checkEnabled(user: Pick<UserEntity, 'status'>): void {
  if (user.status !== USER_STATUS_ENABLED) throw new UnauthorizedException('用户已被封禁');
}

/** Refuses a user the route's rule does not admit. */
export function checkRole(rule: AccessRule, user: Pick<UserEntity, 'role' | 'id'>): void {
  if (!roleAllows(rule, user.role, user.id)) throw new ForbiddenException('无权进行此操作，权限不足');
}

/**
 * Who a console request is (DESIGN.md §4): a session cookie or the system access token, with the
 * New-Api-User header naming that same user, who is neither deleted nor disabled. Shared by the
 * AuthGuard (every Nest route) and the compare chat's own door (talkings/console-chat-door.ts),
 * whose common case reads the session with the conversation in one query and then makes the same
 * checks (checkClaim, checkEnabled, checkRole).
 */
@Injectable()
export class Authenticator {
  constructor(
    private readonly sessions: SessionsService,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {}

  async authenticate({ claimedId, sessionId, authorization }: Credentials): Promise<Authenticated> {
    let userId: number | undefined;
    let byToken = false;
    let loaded: UserEntity | null = null;
    let liveSession: string | undefined;

    if (typeof sessionId === 'string' && sessionId) {
      // The common case in one query: a live session of a user not deleted. Anything else takes
      // the two steps below, which tell an ended session from a deleted user.
      loaded = await this.sessionUser(sessionId);
      userId = loaded ? loaded.id : await this.sessions.resolve(sessionId);
      if (userId !== undefined) liveSession = sessionId;
    }
    if (userId === undefined) {
      const token = authorization?.replace(/^Bearer\s+/i, '').trim();
      if (!token) throw new UnauthorizedException('未登录或登录已过期，请重新登录');
      const owner = await this.users.findOne({ where: { access_token_hash: hashToken(token), deleted_at: IsNull() }, select: { id: true } });
      if (!owner) throw new UnauthorizedException('无权进行此操作，access token 无效');
      userId = owner.id;
      byToken = true;
    }

    checkClaim(claimedId, userId, byToken);
    const user = loaded ?? (await this.users.findOneBy({ id: userId, deleted_at: IsNull() }));
    if (!user) throw new UnauthorizedException('用户不存在或已被删除');
    checkEnabled(user);
    return { user, sessionId: liveSession };
  }

  /** The user of a live session (as SessionsService.resolve decides), when not deleted (also talkings/chat-lookup.ts). */
  private sessionUser(sessionId: string): Promise<UserEntity | null> {
    return this.sessionUsers.add(hashToken(sessionId));
  }

  /**
   * The users of live sessions by session hash, for every request of one turn in one query (a
   * console page asks several calls at once; the compare chat one per column).
   */
  private readonly sessionUsers = new MicroBatch<string, UserEntity | null>(async (hashes) => {
    const { raw, entities } = await this.users
      .createQueryBuilder('user')
      .innerJoin(SessionEntity, 'session', 'session.user_id = user.id')
      .addSelect('session.id_hash', 'session_hash')
      .addSelect('session.created_at', 'session_created_at')
      .addSelect('session.expires_at', 'session_expires_at')
      .addSelect('session.last_seen_at', 'session_last_seen_at')
      .where('session.id_hash IN (:...hashes) AND session.expires_at > :now AND user.deleted_at IS NULL', { hashes: [...new Set(hashes)], now: nowSeconds() })
      .getRawAndEntities<{ session_hash: string; session_created_at: string; session_expires_at: string; session_last_seen_at: string; user_id: number }>();
    void this.sessions.noteUse(
      raw.map((row) => ({
        hash: row.session_hash,
        created_at: Number(row.session_created_at),
        expires_at: Number(row.session_expires_at),
        last_seen_at: Number(row.session_last_seen_at),
      })),
    );
    // One entity per user, one raw row per session: two sessions of one user share the entity.
    const byUser = new Map(entities.map((user) => [user.id, user]));
    const userOf = new Map(raw.map((row) => [row.session_hash, byUser.get(Number(row.user_id)) ?? null]));
    return hashes.map((hash) => userOf.get(hash) ?? null);
  });
}
