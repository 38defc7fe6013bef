import type { IncomingMessage } from 'node:http';
import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { type ProxyTrust, proxyTrust } from '../config/proxy-trust';
import { OptionsService } from '../options/options.service';
import { headerOf } from '../relay/relay-request';
import { SESSION_COOKIE } from './sessions.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const MSG_CROSS_SITE = '拒绝跨站请求：请求来自其他网站，请在本站页面中操作';

/** A request after cookie-parser: its cookies, signed and plain. */
export type CookieRequest = IncomingMessage & { cookies?: Record<string, unknown>; signedCookies?: Record<string, unknown> };

/** `url` parsed (host lower-cased, default port dropped); undefined when it does not parse. */
function parse(url: string, base?: string): URL | undefined {
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}

/** Whether the request's path (also when the target is given whole, "http://host/api/…", as Express reads it) is under /api/. */
const isConsoleApi = (request: IncomingMessage): boolean => parse(request.url ?? '/', 'http://target.invalid')?.pathname.startsWith('/api/') === true;

/**
 * Cross-site request refusal (docs/security.md): a request carrying the session cookie, on any
 * path, or a write to the console API (any method but GET, HEAD, OPTIONS: login, register and
 * logout set or clear the cookie) is refused when its Origin names another site. Without an Origin,
 * such a write marked `Sec-Fetch-Site: cross-site` is refused. Requests without either (curl,
 * scripts with the access token) pass; so do cross-site GET navigations, which carry no Origin,
 * and the relay's sk- key calls, which carry no cookie.
 *
 * Same site: the Origin's host is the request's Host (X-Forwarded-Host from TRUSTED_PROXIES), or
 * the Origin is the ServerAddress option's, for proxies that rewrite Host.
 *
 * `check` is also called by the compare chat's door (talkings/console-chat-door.ts), which takes
 * its cookie calls before Nest.
 */
@Injectable()
export class SameOriginGuard implements CanActivate {
  private readonly trust: ProxyTrust;

  constructor(
    private readonly options: OptionsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.trust = proxyTrust(config);
  }

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() === 'http') this.check(context.switchToHttp().getRequest<CookieRequest>());
    return true;
  }

  /** Throws 403 MSG_CROSS_SITE when the rule above refuses the request; its cookies must be parsed. */
  check(request: CookieRequest): void {
    const write = !SAFE_METHODS.has(request.method ?? 'GET');
    const carriesSession = request.cookies?.[SESSION_COOKIE] !== undefined || request.signedCookies?.[SESSION_COOKIE] !== undefined;
    if (!carriesSession && !(write && isConsoleApi(request))) return;
    const origin = headerOf(request.headers, 'origin');
    if (origin === undefined) {
      if (write && headerOf(request.headers, 'sec-fetch-site') === 'cross-site') throw new ForbiddenException(MSG_CROSS_SITE);
      return;
    }
    if (!this.isOwnOrigin(request, origin)) throw new ForbiddenException(MSG_CROSS_SITE);
  }

  private isOwnOrigin(request: IncomingMessage, origin: string): boolean {
    // "null": a sandboxed frame, a data: URL or a redirect across sites.
    const from = origin === 'null' ? undefined : parse(origin);
    if (!from) return false;
    const host = this.hostOf(request);
    // The Host read with the Origin's scheme, so that "example.com:443" equals "https://example.com".
    if (host && from.host === parse(`${from.protocol}//${host}`)?.host) return true;
    return parse(this.options.get('ServerAddress'))?.origin === from.origin;
  }

  /** The host the client asked for, as Express reads it (req.host): X-Forwarded-Host from a trusted proxy, else Host. */
  private hostOf(request: IncomingMessage): string | undefined {
    const forwarded = headerOf(request.headers, 'x-forwarded-host');
    if (forwarded && this.trust(request.socket.remoteAddress ?? '', 0)) return forwarded.split(',')[0].trim();
    return headerOf(request.headers, 'host');
  }
}
