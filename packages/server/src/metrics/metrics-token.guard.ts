import { createHash, timingSafeEqual } from 'node:crypto';
import { CanActivate, ExecutionContext, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { OptionsService } from '../options/options.service';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** The token of an `Authorization: Bearer <token>` header, else undefined. */
function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer +(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * GET /metrics answers only a scraper that holds the MetricsToken option: while the option is
 * empty the endpoint does not exist (404, like any unknown path); otherwise anything but
 * `Authorization: Bearer <MetricsToken>` is 401. Compared as digests in constant time, so the
 * comparison tells nothing about the token's length or its first differing character.
 */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  constructor(private readonly options: OptionsService) {}

  canActivate(context: ExecutionContext): boolean {
    const expected = this.options.get('MetricsToken');
    if (expected === '') throw new NotFoundException();
    const http = context.switchToHttp();
    const given = bearerToken(http.getRequest<Request>().header('Authorization'));
    if (given !== undefined && timingSafeEqual(digest(given), digest(expected))) return true;
    http.getResponse<Response>().setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
    throw new UnauthorizedException('需要正确的 MetricsToken（Authorization: Bearer <MetricsToken>）');
  }
}
