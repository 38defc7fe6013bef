import { CanActivate, ExecutionContext, ForbiddenException, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AccessRule } from '@gw/shared';
import { AdminTwoFactorGate } from '../two-factor/admin-two-factor.gate';
import { ACCESS_KEY } from './access.decorator';
import { Authenticator, checkRole } from './authenticator';
import type { AuthenticatedRequest } from './current-user.decorator';
import { SESSION_COOKIE } from './sessions.service';

/**
 * The server-side role check of every route (DESIGN.md §4). A session cookie or the system access
 * token (`Authorization` + `New-Api-User`) identifies the user (Authenticator); the route's @Access
 * rule decides. A route without a rule is refused: forgetting the rule can never open a route.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly logger = new Logger(AuthGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
    private readonly adminTwoFactor: AdminTwoFactorGate,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!rule) {
      this.logger.error(`Route ${request.method} ${request.path} has no access rule; refused`);
      throw new ForbiddenException();
    }
    if (rule === 'public') return true;

    const { user, sessionId } = await this.authenticator.authenticate({
      claimedId: request.header('New-Api-User'),
      sessionId: request.signedCookies?.[SESSION_COOKIE],
      authorization: request.header('Authorization'),
    });
    if (sessionId !== undefined) request.sessionId = sessionId;
    checkRole(rule, user);
    // TwoFactorRequiredForAdmins: one place for every administrators' route.
    await this.adminTwoFactor.check(rule, user);
    request.user = user;
    return true;
  }
}
