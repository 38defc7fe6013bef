import { Injectable } from '@nestjs/common';
import { AttemptLimiter } from '../common/attempt-limit/attempt-limiter';
import { RedisService } from '../redis/redis.service';

/** Failed sign-ins one account name may take in a window, from whatever addresses they come. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const MSG_LOGIN_LOCKED = '该账户登录失败次数过多，请 15 分钟后再试';

/**
 * The per-account limit on failed password sign-ins (docs/security.md "Password guessing"). The
 * per-address limit (RATE_LIMIT_AUTH) stops one client; this one stops many clients taking turns
 * on one account, which rotating addresses behind a trusted proxy would otherwise allow.
 */
@Injectable()
export class LoginAttempts extends AttemptLimiter {
  constructor(redis: RedisService) {
    super(redis, { name: 'login-fail', limit: LOGIN_FAILURE_LIMIT, windowMs: LOGIN_FAILURE_WINDOW_MS });
  }
}
