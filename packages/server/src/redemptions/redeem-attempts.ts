import { Injectable } from '@nestjs/common';
import { AttemptLimiter } from '../common/attempt-limit/attempt-limiter';
import { RedisService } from '../redis/redis.service';

/** Failed redemptions one user may make in a window (against guessing codes). */
export const REDEEM_FAILURE_LIMIT = 10;
export const REDEEM_FAILURE_WINDOW_MS = 10 * 60_000;

/** The per-user limit on failed redemptions (docs/console-api.md "Redemption codes"), keyed by user id. */
@Injectable()
export class RedeemAttempts extends AttemptLimiter {
  constructor(redis: RedisService) {
    super(redis, { name: 'redeem-fail', limit: REDEEM_FAILURE_LIMIT, windowMs: REDEEM_FAILURE_WINDOW_MS });
  }
}
