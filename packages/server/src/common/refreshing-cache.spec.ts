import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefreshingCache } from './refreshing-cache';

/** A loader whose answers the test releases by hand, counting the loads asked. */
function manualLoader() {
  const pending: Array<{ key: string; resolve: (value: string | undefined) => void; reject: (error: Error) => void }> = [];
  const load = vi.fn((key: string) => new Promise<string | undefined>((resolve, reject) => pending.push({ key, resolve, reject })));
  return { load, pending };
}

const LIMITS = { freshMs: 1_000, staleMs: 1_000, max: 3 };

/** A cache whose entry 'a' was loaded as `value` at time 0; later loads wait in `pending`. */
async function cacheHolding(value: string) {
  const { load, pending } = manualLoader();
  const cache = new RefreshingCache(load, LIMITS);
  const first = cache.get('a');
  pending[0].resolve(value);
  await first;
  return { cache, load, pending };
}

/** Lets settled loads run their callbacks. */
const settle = () => new Promise((settled) => setImmediate(settled));

describe('RefreshingCache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('asks once for concurrent misses and serves the entry while fresh', async () => {
    const { load, pending } = manualLoader();
    const cache = new RefreshingCache(load, LIMITS);
    const first = Promise.all([cache.get('a'), cache.get('a'), cache.get('a')]);
    expect(load).toHaveBeenCalledTimes(1);
    pending[0].resolve('row a');
    expect(await first).toEqual(['row a', 'row a', 'row a']);
    vi.setSystemTime(999);
    expect(await cache.get('a')).toBe('row a');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('serves the old entry at once while one reload runs, then the new one', async () => {
    const { cache, load, pending } = await cacheHolding('old');
    vi.setSystemTime(1_500);
    // No request waits on the reload, and the requests meanwhile do not ask again.
    expect(await Promise.all([cache.get('a'), cache.get('a')])).toEqual(['old', 'old']);
    expect(load).toHaveBeenCalledTimes(2);
    pending[1].resolve('new');
    await settle();
    expect(await cache.get('a')).toBe('new');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('waits for the database once the entry is older than fresh + stale', async () => {
    const { cache, load, pending } = await cacheHolding('old');
    vi.setSystemTime(2_000);
    let answered: string | undefined;
    const waiting = cache.get('a').then((value) => (answered = value));
    await Promise.resolve();
    expect(answered).toBeUndefined();
    pending[1].resolve('new');
    await waiting;
    expect(answered).toBe('new');
  });

  it('a failed reload served stale leaves the entry, and the next caller past the limit sees the error', async () => {
    const { cache, load, pending } = await cacheHolding('old');
    vi.setSystemTime(1_500);
    expect(await cache.get('a')).toBe('old');
    pending[1].reject(new Error('database down'));
    await settle();
    vi.setSystemTime(1_600);
    expect(await cache.get('a')).toBe('old');
    expect(load).toHaveBeenCalledTimes(3);
    pending[2].reject(new Error('database down'));
    await settle();
    vi.setSystemTime(2_500);
    const late = cache.get('a');
    pending[3].reject(new Error('database down'));
    await expect(late).rejects.toThrow('database down');
  });

  it('forgets at once, and does not keep a load that started before the change', async () => {
    const { load, pending } = manualLoader();
    const cache = new RefreshingCache(load, LIMITS);
    const before = cache.get('a');
    cache.forget((_value, key) => key === 'a');
    // The load that began before the change answers its caller but is not kept.
    pending[0].resolve('read before the change');
    expect(await before).toBe('read before the change');
    const after = cache.get('a');
    expect(load).toHaveBeenCalledTimes(2);
    pending[1].resolve('read after the change');
    expect(await after).toBe('read after the change');
    expect(await cache.get('a')).toBe('read after the change');
    expect(load).toHaveBeenCalledTimes(2);

    cache.forget((value) => value.startsWith('read after'));
    const again = cache.get('a');
    expect(load).toHaveBeenCalledTimes(3);
    pending[2].resolve('third');
    expect(await again).toBe('third');
  });

  it('a caller after a change does not join a load that started before it', async () => {
    const { load, pending } = manualLoader();
    const cache = new RefreshingCache(load, LIMITS);
    const before = cache.get('a');
    cache.clear();
    const after = cache.get('a');
    expect(load).toHaveBeenCalledTimes(2);
    pending[0].resolve('old');
    pending[1].resolve('new');
    expect([await before, await after]).toEqual(['old', 'new']);
  });

  it('keeps nothing for a missing row and drops the oldest entry beyond max', async () => {
    const load = vi.fn(async (key: string) => (key === 'missing' ? undefined : `row ${key}`));
    const cache = new RefreshingCache(load, LIMITS);
    expect(await cache.get('missing')).toBeUndefined();
    expect(await cache.get('missing')).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key);
    load.mockClear();
    await cache.get('d');
    await cache.get('b');
    expect(load).not.toHaveBeenCalled();
    await cache.get('a');
    expect(load).toHaveBeenCalledWith('a');
  });
});
