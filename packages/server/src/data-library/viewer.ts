import { USER_STATUS_ENABLED } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request } from 'express';
import { IsNull, Repository } from 'typeorm';
import { SESSION_COOKIE, SessionsService } from '../auth/sessions.service';
import { UserEntity } from '../users/user.entity';

/**
 * Who reads a public route: the guard does not authenticate on 'public' routes, so a route that
 * serves guests less reads the session cookie itself, as the pricing page does.
 */
@Injectable()
export class Viewer {
  constructor(
    private readonly sessions: SessionsService,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {}

  /** True for a live session of an enabled, undeleted user. */
  async isSignedIn(request: Request): Promise<boolean> {
    const sessionId: unknown = request.signedCookies?.[SESSION_COOKIE];
    if (typeof sessionId !== 'string' || sessionId === '') return false;
    const userId = await this.sessions.resolve(sessionId);
    if (userId === undefined) return false;
    const user = await this.users.findOne({ where: { id: userId, deleted_at: IsNull() }, select: { id: true, status: true } });
    return user?.status === USER_STATUS_ENABLED;
  }
}
