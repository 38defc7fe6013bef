import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { TurnstileService } from './turnstile.service';

/**
 * Refuses a request whose `?turnstile=` token does not pass (when TurnstileCheckEnabled is on)
 * before its body is validated or anything is read, sent or written. Runs after the global rate
 * limit and access guards.
 */
@Injectable()
export class TurnstileGuard implements CanActivate {
  constructor(private readonly turnstile: TurnstileService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const token = request.query.turnstile;
    await this.turnstile.check(typeof token === 'string' ? token : undefined, request.ip ?? '');
    return true;
  }
}
