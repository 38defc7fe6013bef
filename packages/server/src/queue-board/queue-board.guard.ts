import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { Authenticator, checkRole } from '../auth/authenticator';
import { SESSION_COOKIE, SessionsService } from '../auth/sessions.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Root only, on every path of the dashboard: its page, its files, its API and its writes (retry,
 * clean, pause, …). Identified as the console API is (Authenticator), with one difference: a
 * browser that opens the dashboard, and the dashboard's own scripts, cannot send New-Api-User.
 * So the session alone names its user for reads, and for writes that carry an Origin header, which
 * the SameOriginGuard (global, so run before this guard) has already refused unless it names this
 * site. A cookie write with neither New-Api-User nor Origin (a tool, or a browser that sends no
 * Origin) still needs the header. The access token (`Authorization` + `New-Api-User`) works as
 * everywhere. docs/observability.md, "Queue dashboard".
 */
@Injectable()
export class QueueBoardGuard implements CanActivate {
  constructor(
    private readonly authenticator: Authenticator,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const sessionId: unknown = request.signedCookies?.[SESSION_COOKIE];
    let claimedId = request.header('New-Api-User');
    const sessionSuffices = SAFE_METHODS.has(request.method) || request.header('Origin') !== undefined;
    if (claimedId === undefined && sessionSuffices && typeof sessionId === 'string' && sessionId) {
      const userId = await this.sessions.resolve(sessionId);
      if (userId !== undefined) claimedId = String(userId);
    }
    const { user } = await this.authenticator.authenticate({ claimedId, sessionId, authorization: request.header('Authorization') });
    checkRole('root', user);
    return true;
  }
}
