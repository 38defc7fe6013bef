import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { OptionsService } from '../options/options.service';
import { SESSION_COOKIE } from './sessions.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const MSG_CROSS_SITE = '拒绝跨站请求：请求来自其他网站，请在本站页面中操作';

/** `url` parsed (host lower-cased, default port dropped); undefined when it does not parse. */
function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * Cross-site request refusal for the console API (docs/security.md): a write (any method but GET,
 * HEAD, OPTIONS: login, register and logout set or clear the session cookie) or a request carrying
 * the session cookie is refused when its Origin names another site. Without an Origin, a write
 * marked `Sec-Fetch-Site: cross-site` is refused. Requests without either (curl, scripts with the
 * access token) pass; so do cross-site GET navigations, which carry no Origin.
 *
 * Same site: the Origin's host is the request's Host (X-Forwarded-Host from TRUSTED_PROXIES), or
 * the Origin is the ServerAddress option's, for proxies that rewrite Host.
 */
@Injectable()
export class SameOriginGuard implements CanActivate {
  constructor(private readonly options: OptionsService) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.path.startsWith('/api/')) return true;
    const write = !SAFE_METHODS.has(request.method);
    const origin = request.header('Origin');
    if (origin === undefined) {
      if (write && request.header('Sec-Fetch-Site') === 'cross-site') throw new ForbiddenException(MSG_CROSS_SITE);
      return true;
    }
    const carriesSession = request.cookies?.[SESSION_COOKIE] !== undefined || request.signedCookies?.[SESSION_COOKIE] !== undefined;
    if (!write && !carriesSession) return true;
    if (this.isOwnOrigin(request, origin)) return true;
    throw new ForbiddenException(MSG_CROSS_SITE);
  }

  private isOwnOrigin(request: Request, origin: string): boolean {
    // "null": a sandboxed frame, a data: URL or a redirect across sites.
    const from = origin === 'null' ? undefined : parse(origin);
    if (!from) return false;
    // The Host read with the Origin's scheme, so that "example.com:443" equals "https://example.com".
    if (request.host && from.host === parse(`${from.protocol}//${request.host}`)?.host) return true;
    return parse(this.options.get('ServerAddress'))?.origin === from.origin;
  }
}
