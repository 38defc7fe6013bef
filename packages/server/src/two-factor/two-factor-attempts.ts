import { Injectable } from '@nestjs/common';
import { TWO_FACTOR_FAILURE_LIMIT, TWO_FACTOR_LOCK_MINUTES } from '@gw/shared';
import { AttemptLimiter } from '../common/attempt-limit/attempt-limiter';
import { RedisService } from '../redis/redis.service';

/**
 * Wrong two-factor codes (TOTP or backup; at the login's code step, disable and regenerate) per
 * user, counted together on every instance like LoginAttempts. Past the limit TwoFactorService
 * records the lock in the user's row (`locked_until`, on its clock), and the counter's key names
 * the lock it belongs to, so a new lock starts a new count.
 */
@Injectable()
export class TwoFactorAttempts extends AttemptLimiter {
  constructor(redis: RedisService) {
    super(redis, { name: '2fa-fail', limit: TWO_FACTOR_FAILURE_LIMIT, windowMs: TWO_FACTOR_LOCK_MINUTES * 60_000 });
  }
}
