import { Injectable } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';

const WINDOW_MS = 60_000;

/**
 * A token's rate_per_minute over a sliding minute (DESIGN.md §5.2): a Redis sorted set when
 * REDIS_URL is set (so every instance counts together), timestamps in memory otherwise, and while
 * Redis is unreachable (each instance then counts its own requests).
 */
@Injectable()
export class TokenRateLimiter {
  private readonly local = new Map<number, number[]>();

  constructor(private readonly redis: RedisService) {}

  /** Records a request and tells whether it is within the limit. */
  async allow(tokenId: number, perMinute: number): Promise<boolean> {
    if (perMinute <= 0) return true;
    const now = Date.now();
    return this.redis.orMemory(
      async (client) => {
        const key = `${this.redis.prefix}:rate:token:${tokenId}`;
        const member = `${now}-${Math.random().toString(36).slice(2, 8)}`;
        const results = await client.multi().zremrangebyscore(key, 0, now - WINDOW_MS).zadd(key, now, member).zcard(key).pexpire(key, WINDOW_MS).exec();
        const count = Number(results?.[2]?.[1] ?? 0);
        if (count > perMinute) {
          await client.zrem(key, member);
          return false;
        }
        return true;
      },
      () => this.allowLocally(tokenId, perMinute, now),
    );
  }

  private allowLocally(tokenId: number, perMinute: number, now: number): boolean {
    const recent = (this.local.get(tokenId) ?? []).filter((time) => time > now - WINDOW_MS);
    if (recent.length >= perMinute) {
      this.local.set(tokenId, recent);
      return false;
    }
    recent.push(now);
    this.local.set(tokenId, recent);
    return true;
  }
}
