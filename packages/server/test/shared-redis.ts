import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../src/config/app-config';
import { RedisService } from '../src/redis/redis.service';
import { TEST_REDIS_PREFIX, TEST_REDIS_URL } from './test-env';

/**
 * `count` RedisServices on the real Redis under one fresh prefix, as that many instances of the
 * gateway would share it, each with its own connection, for a unit spec that needs no application.
 * Registers the spec file's hooks: connected before the tests (orMemory uses Redis only once a
 * connection is ready), and the prefix's keys deleted and the connections closed after them.
 */
export function sharedRedis(label: string, count = 2): { prefix: string; services: RedisService[] } {
  const prefix = `${TEST_REDIS_PREFIX}:${label}${randomBytes(4).toString('hex')}`;
  const services = Array.from({ length: count }, () => new RedisService(loadConfig({ REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, SESSION_SECRET: 's'.repeat(32), CRYPTO_SECRET: 'c'.repeat(32) })));
  beforeAll(async () => {
    await Promise.all(services.map((service) => service.client.ping()));
  });
  afterAll(async () => {
    const keys = await services[0].client.keys(`${prefix}:*`);
    if (keys.length > 0) await services[0].client.del(...keys);
    await Promise.all(services.map((service) => service.onApplicationShutdown()));
  });
  return { prefix, services };
}

/** A RedisService without REDIS_URL: its callers count in memory. */
export const noRedis = (): RedisService => new RedisService(loadConfig({ SESSION_SECRET: 's'.repeat(32), CRYPTO_SECRET: 'c'.repeat(32) }));
