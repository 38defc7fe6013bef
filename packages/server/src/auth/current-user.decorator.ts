import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { UserEntity } from '../users/user.entity';

export interface AuthenticatedRequest extends Request {
  user?: UserEntity;
  /** Set when the request came with a session cookie (not with the access token). */
  sessionId?: string;
}

/** The signed-in user, put on the request by the AuthGuard. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): UserEntity => {
  const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
  if (!user) throw new Error('CurrentUser used on a route without authentication');
  return user;
});
