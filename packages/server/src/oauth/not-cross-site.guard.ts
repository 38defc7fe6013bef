import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { MSG_CROSS_SITE } from '../auth/same-origin.guard';

/**
 * The sign-in calls are GETs (spec 1 §7), which SameOriginGuard lets through as navigations. The
 * console calls them with fetch from its own pages, so a browser that says the request comes from
 * another site (`Sec-Fetch-Site: cross-site`) is refused: another site cannot sign a visitor in to
 * an account of its choosing with its own WeChat code or Telegram data (login CSRF).
 */
@Injectable()
export class NotCrossSiteGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (request.header('Sec-Fetch-Site') === 'cross-site') throw new ForbiddenException(MSG_CROSS_SITE);
    return true;
  }
}
