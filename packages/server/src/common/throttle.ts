import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { ExecutionContext } from '@nestjs/common';
import type Redis from 'ioredis';
import { type ThrottlerModuleOptions, type ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import type { Request } from 'express';
import type { AppConfig } from '../config/app-config';
import type { RedisService } from '../redis/redis.service';

const MINUTE_MS = 60_000;

/** Where the app factory puts the configured limits, so that decorators can read them per app. */
export const RATE_LIMITS_LOCAL = 'rateLimits';

const authLimit = (context: ExecutionContext): number =>
  (context.switchToHttp().getRequest<Request>().app.locals[RATE_LIMITS_LOCAL] as AppConfig['rateLimits']).auth;

/** Limit for login, registration and password reset: per client IP and route, per minute. */
export const STRICT_THROTTLE = { default: { limit: authLimit, ttl: MINUTE_MS } };

/**
 * Counters in Redis while it is reachable; in this process's memory while it is not, so that a
 * Redis outage neither fails nor stalls the console API (each instance then counts on its own).
 */
class RedisOrMemoryStorage implements ThrottlerStorage {
  private readonly inRedis: ThrottlerStorageRedisService;
  private readonly memory = new ThrottlerStorageService();

  constructor(
    private readonly redis: RedisService,
    private readonly connection: Redis,
  ) {
    this.inRedis = new ThrottlerStorageRedisService(connection);
  }

  increment(...hit: Parameters<ThrottlerStorage['increment']>): ReturnType<ThrottlerStorage['increment']> {
    return this.redis.orMemory(
      () => this.inRedis.increment(...hit),
      () => this.memory.increment(...hit),
      this.connection,
    );
  }
}

/**
 * Rate limits of the console API (DESIGN.md §5.2): counters in Redis when REDIS_URL is set, so
 * that every instance counts together; in memory otherwise, and while Redis is unreachable. The
 * client is `req.ip`, which honours X-Forwarded-For only from TRUSTED_PROXIES (Express "trust proxy").
 */
export function throttlerOptions(config: AppConfig, redis: RedisService): ThrottlerModuleOptions {
  return {
    throttlers: [{ name: 'default', limit: config.rateLimits.api, ttl: MINUTE_MS }],
    storage: redis.enabled ? new RedisOrMemoryStorage(redis, redis.connect({ keyPrefix: `${redis.prefix}:throttle:` })) : undefined,
    // The relay applies its own per-token limits; these guard the console API, and /metrics, whose
    // token could otherwise be guessed at line speed.
    skipIf: (context) => {
      const path = context.switchToHttp().getRequest<Request>().path;
      return !path.startsWith('/api/') && path !== '/metrics';
    },
    getTracker: (request) => (request as Request).ip ?? 'unknown',
  };
}
