import { describe, expect, it } from 'vitest';
import { MemoryBindings } from './memory-bindings';

describe(MemoryBindings.name, () => {
  const clock = () => {
    const time = { now: 1_000_000 };
    return { time, now: () => time.now };
  };

  it('answers a binding until its TTL has passed, by the injected clock', async () => {
    const { time, now } = clock();
    const sut = new MemoryBindings(now);
    await sut.set('1:m:a', { channelId: 3, keyId: 0, boundAt: time.now }, undefined, 1000);
    time.now += 999;
    expect(await sut.get('1:m:a')).toEqual({ channelId: 3, keyId: 0, boundAt: 1_000_000 });
    time.now += 1;
    expect(await sut.get('1:m:a')).toBeUndefined();
  });

  it('evicts the least recently used binding beyond its size', async () => {
    const { now } = clock();
    const sut = new MemoryBindings(now, 2);
    await sut.set('a', { channelId: 1, keyId: 0, boundAt: 0 }, undefined, 60_000);
    await sut.set('b', { channelId: 2, keyId: 0, boundAt: 0 }, undefined, 60_000);
    await sut.get('a');
    await sut.set('c', { channelId: 3, keyId: 0, boundAt: 0 }, undefined, 60_000);
    expect(await sut.get('b')).toBeUndefined();
    expect(await sut.get('a')).toMatchObject({ channelId: 1 });
    expect(await sut.get('c')).toMatchObject({ channelId: 3 });
  });

  it('counts live bindings per channel and clears one channel’s', async () => {
    const { time, now } = clock();
    const sut = new MemoryBindings(now);
    await sut.set('a', { channelId: 1, keyId: 0, boundAt: 0 }, undefined, 60_000);
    await sut.set('b', { channelId: 1, keyId: 0, boundAt: 0 }, undefined, 60_000);
    await sut.set('c', { channelId: 2, keyId: 5, boundAt: 0 }, undefined, 60_000);
    await sut.set('d', { channelId: 2, keyId: 5, boundAt: 0 }, undefined, 10);
    time.now += 10;
    expect(await sut.counts()).toEqual(new Map([[1, 2], [2, 1]]));
    expect(await sut.clear(1)).toBe(2);
    expect(await sut.counts()).toEqual(new Map([[2, 1]]));
    expect(await sut.get('a')).toBeUndefined();
  });

  it('drops a binding only while it is still the one read', async () => {
    const { now } = clock();
    const sut = new MemoryBindings(now);
    const first = { channelId: 1, keyId: 0, boundAt: 1 };
    await sut.set('a', { channelId: 2, keyId: 0, boundAt: 2 }, first, 60_000);
    await sut.drop('a', first);
    expect(await sut.get('a')).toMatchObject({ channelId: 2 });
    await sut.drop('a', { channelId: 2, keyId: 0, boundAt: 2 });
    expect(await sut.get('a')).toBeUndefined();
  });
});
