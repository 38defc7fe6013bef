/**
 * A keyed read-through cache of rows the database owns, for the relay's hot path. Within
 * `freshMs` an entry is served as it is. After that, the first request starts one reload and
 * every request meanwhile is still served the entry, for at most `staleMs` more: when a
 * cache entry expires under load, no request waits on the database, and one query is asked, not
 * one per request (at 1,000 req/s an expiring token row used to send every request arriving during
 * the query to the database, tens of ms each behind a billing commit). Concurrent misses share
 * one load too.
 *
 * Invalidation is by change messages (`forget`, `clear`): a forgotten entry is gone at once, and
 * a load that started before a change answers its callers but is not kept (it may have read the
 * row before the change).
 */
export class RefreshingCache<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>();
  private readonly loads = new Map<K, { generation: number; promise: Promise<V | undefined> }>();
  /** Bumped by every invalidation: loads from an older generation are not kept. */
  private generation = 0;

  constructor(
    private readonly load: (key: K) => Promise<V | undefined>,
    private readonly limits: { freshMs: number; staleMs: number; max: number },
  ) {}

  /** The value for `key` (undefined: the database has none; not cached). */
  async get(key: K): Promise<V | undefined> {
    const entry = this.entries.get(key);
    const age = entry ? Date.now() - entry.at : Infinity;
    if (entry && age < this.limits.freshMs) return entry.value;
    const loading = this.reload(key);
    if (entry && age < this.limits.freshMs + this.limits.staleMs) {
      // Served stale: the reload's failure is the next caller's to see once the entry is too old.
      loading.catch(() => undefined);
      return entry.value;
    }
    return loading;
  }

  /** Drops the entries that match; loads under way are not kept. */
  forget(matches: (value: V, key: K) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (matches(entry.value, key)) this.entries.delete(key);
  }

  delete(key: K): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private reload(key: K): Promise<V | undefined> {
    const current = this.loads.get(key);
    if (current && current.generation === this.generation) return current.promise;
    const generation = this.generation;
    const promise = this.load(key)
      .then((value) => {
        if (generation === this.generation) this.keep(key, value);
        return value;
      })
      .finally(() => {
        if (this.loads.get(key)?.promise === promise) this.loads.delete(key);
      });
    this.loads.set(key, { generation, promise });
    return promise;
  }

  private keep(key: K, value: V | undefined): void {
    this.entries.delete(key);
    if (value === undefined) return;
    // The oldest written entry goes first (a Map iterates in insertion order).
    if (this.entries.size >= this.limits.max) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, at: Date.now() });
  }
}
