import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthenticatedRequest } from '../auth/current-user.decorator';
import { plainIp } from '../common/client-ip';
import type { UserEntity } from '../users/user.entity';

/** Who made a change, and from which address (the client address as Express sees it: TRUSTED_PROXIES decide). */
export interface AuditActor {
  id: number;
  name: string;
  role: number;
  ip: string;
}

/** The actor of a change made by `user` through `request`: `auditActor(user, request)`. */
export function auditActor(user: Pick<UserEntity, 'id' | 'username' | 'role'>, request: Pick<Request, 'ip'>): AuditActor {
  return { id: user.id, name: user.username, role: user.role, ip: plainIp(request.ip ?? '').slice(0, 64) };
}

/** The signed-in user of the request and its address, as the actor of the changes the route makes. */
export const Auditor = createParamDecorator((_data: unknown, context: ExecutionContext): AuditActor => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.user) throw new Error('Auditor used on a route without authentication');
  return auditActor(request.user, request);
});
