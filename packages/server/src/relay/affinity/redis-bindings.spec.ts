import { describe, expect, it, vi } from 'vitest';
import { sharedRedis } from '../../../test/shared-redis';
import { encodeBinding } from './binding';
import { BINDING_COPY_MS, RedisBindings } from './redis-bindings';

/** Two instances' binding stores on one Redis prefix, each with its own connection and the same injected clock for its copies. */
describe(`${RedisBindings.name}: the local copy of a binding`, () => {
  const { prefix, services: redis } = sharedRedis('bindings');
  const time = { now: Date.now() };
  const [a, b] = redis.map((service) => new RedisBindings(service, () => time.now));
  const HOUR = 3_600_000;
  const stored = (name: string) => redis[0].client.get(`${prefix}:aff:${name}`);

  it('answers a binding it wrote or read from its copy for BINDING_COPY_MS, then from Redis again', async () => {
    const binding = { channelId: 3, keyId: 11, boundAt: time.now };
    await a.set('1:m:copy', binding, undefined, HOUR);
    expect(await stored('1:m:copy')).toBe(encodeBinding(binding));
    // Gone from Redis behind its back: the copy still answers until it is BINDING_COPY_MS old.
    await redis[0].client.del(`${prefix}:aff:1:m:copy`);
    time.now += BINDING_COPY_MS - 1;
    expect(await a.get('1:m:copy', HOUR)).toEqual(binding);
    time.now += 1;
    expect(await a.get('1:m:copy', HOUR)).toBeUndefined();
  });

  it('follows a binding another instance moved within BINDING_COPY_MS (the documented staleness)', async () => {
    const first = { channelId: 3, keyId: 0, boundAt: time.now };
    await a.set('1:m:moved', first, undefined, HOUR);
    expect(await b.get('1:m:moved', HOUR)).toEqual(first);
    const moved = { channelId: 4, keyId: 0, boundAt: time.now };
    await b.set('1:m:moved', moved, first, HOUR);
    expect(await a.get('1:m:moved', HOUR)).toEqual(first);
    time.now += BINDING_COPY_MS;
    expect(await a.get('1:m:moved', HOUR)).toEqual(moved);
    // The instance that moved it answers the new binding at once.
    expect(await b.get('1:m:moved', HOUR)).toEqual(moved);
  });

  it('keeps no copy past the binding’s own TTL', async () => {
    const binding = { channelId: 5, keyId: 0, boundAt: time.now - HOUR + 100 };
    await redis[0].client.set(`${prefix}:aff:1:m:ttl`, encodeBinding(binding), 'PX', 60_000);
    expect(await b.get('1:m:ttl', HOUR)).toEqual(binding);
    await redis[0].client.del(`${prefix}:aff:1:m:ttl`);
    time.now += 100;
    expect(await b.get('1:m:ttl', HOUR)).toBeUndefined();
  });

  it('drops its copy at once when this instance drops or clears the binding', async () => {
    const dropped = { channelId: 6, keyId: 0, boundAt: time.now };
    await a.set('1:m:drop', dropped, undefined, HOUR);
    await a.drop('1:m:drop', dropped);
    expect(await a.get('1:m:drop', HOUR)).toBeUndefined();
    const cleared = { channelId: 7, keyId: 0, boundAt: time.now };
    await a.set('1:m:clear', cleared, undefined, HOUR);
    expect(await a.clear(7)).toBe(1);
    expect(await a.get('1:m:clear', HOUR)).toBeUndefined();
  });

  it('lets concurrent reads of one binding share one GET', async () => {
    const binding = { channelId: 8, keyId: 0, boundAt: time.now };
    await b.set('1:m:shared', binding, undefined, HOUR);
    const get = vi.spyOn(redis[0].client, 'get');
    try {
      const reads = await Promise.all(Array.from({ length: 20 }, () => a.get('1:m:shared', HOUR)));
      expect(reads).toEqual(Array(20).fill(binding));
      expect(await a.get('1:m:shared', HOUR)).toEqual(binding);
      expect(get).toHaveBeenCalledTimes(1);
    } finally {
      get.mockRestore();
    }
  });
});
