import { CanActivate, ExecutionContext, ForbiddenException, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectRepository } from '@nestjs/typeorm';
import { AccessRule, roleAllows, USER_STATUS_ENABLED } from '@gw/shared';
import { IsNull, Repository } from 'typeorm';
import { nowSeconds } from '../common/time';
import { UserEntity } from '../users/user.entity';
import { ACCESS_KEY } from './access.decorator';
import type { AuthenticatedRequest } from './current-user.decorator';
import { hashToken } from './hash-token';
import { SessionEntity } from './session.entity';
import { SESSION_COOKIE, SessionsService } from './sessions.service';

/**
 * The server-side role check of every route (DESIGN.md §4). A session cookie or the system access
 * token (`Authorization` + `New-Api-User`) identifies the user; the route's @Access rule decides.
 * A route without a rule is refused: forgetting the rule can never open a route.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly logger = new Logger(AuthGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!rule) {
      this.logger.error(`Route ${request.method} ${request.path} has no access rule; refused`);
      throw new ForbiddenException();
    }
    if (rule === 'public') return true;

    const user = await this.authenticate(request);
    if (!roleAllows(rule, user.role, user.id)) throw new ForbiddenException('无权进行此操作，权限不足');
    request.user = user;
    return true;
  }

  private async authenticate(request: AuthenticatedRequest): Promise<UserEntity> {
    const claimedId = request.header('New-Api-User');
    const sessionId: unknown = request.signedCookies?.[SESSION_COOKIE];
    let userId: number | undefined;
    let byToken = false;
    let loaded: UserEntity | null = null;

    if (typeof sessionId === 'string' && sessionId) {
      // The common case in one query: a live session of a user not deleted. Anything else takes
      // the two steps below, which tell an ended session from a deleted user.
      loaded = await this.sessionUser(sessionId);
      userId = loaded ? loaded.id : await this.sessions.resolve(sessionId);
      if (userId !== undefined) request.sessionId = sessionId;
    }
    if (userId === undefined) {
      const token = request.header('Authorization')?.replace(/^Bearer\s+/i, '').trim();
      if (!token) throw new UnauthorizedException('未登录或登录已过期，请重新登录');
      const owner = await this.users.findOne({ where: { access_token_hash: hashToken(token), deleted_at: IsNull() }, select: { id: true } });
      if (!owner) throw new UnauthorizedException('无权进行此操作，access token 无效');
      userId = owner.id;
      byToken = true;
    }

    // The user-id header must name the signed-in user: a cross-site form cannot set it (CSRF), and a
    // console holding another user's state is told to sign in again.
    if (!claimedId) throw new UnauthorizedException('无权进行此操作，未提供 New-Api-User');
    if (claimedId !== String(userId)) {
      throw new UnauthorizedException(byToken ? '无权进行此操作，New-Api-User 与 access token 不匹配' : '无权进行此操作，New-Api-User 与登录用户不匹配');
    }

    const user = loaded ?? (await this.users.findOneBy({ id: userId, deleted_at: IsNull() }));
    if (!user) throw new UnauthorizedException('用户不存在或已被删除');
    if (user.status !== USER_STATUS_ENABLED) throw new UnauthorizedException('用户已被封禁');
    return user;
  }

  /** The user of a live session (as SessionsService.resolve decides), when not deleted. */
  private sessionUser(sessionId: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('user')
      .innerJoin(SessionEntity, 'session', 'session.user_id = user.id')
      .where('session.id_hash = :hash AND session.expires_at > :now AND user.deleted_at IS NULL', { hash: hashToken(sessionId), now: nowSeconds() })
      .getOne();
  }
}
