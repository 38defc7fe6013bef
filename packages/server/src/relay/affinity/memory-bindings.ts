import { type Binding, type BindingStore, sameTarget } from './binding';

/** Sessions this process remembers at most; the least recently used go first. */
export const MEMORY_BINDINGS_MAX = 50_000;

interface Entry {
  binding: Binding;
  /** ms */
  expiresAt: number;
}

/**
 * Bindings in this process's memory (the embedded default, without REDIS_URL): a Map kept in
 * least-recently-used order (a read moves the entry to the end; a write beyond `max` evicts from
 * the front), each entry expiring by TTL. Counts and clear walk it: they are an administrator's
 * occasional calls over at most `max` entries.
 */
export class MemoryBindings implements BindingStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly max = MEMORY_BINDINGS_MAX,
  ) {}

  get(name: string): Promise<Binding | undefined> {
    return Promise.resolve(this.read(name));
  }

  /** get without a promise: the binding while it lives (RedisBindings keeps its local copies here). */
  read(name: string): Binding | undefined {
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    this.entries.delete(name);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(name, entry);
    return entry.binding;
  }

  set(name: string, binding: Binding, _previous: Binding | undefined, ttlMs: number): Promise<void> {
    this.entries.delete(name);
    this.entries.set(name, { binding, expiresAt: this.now() + ttlMs });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return Promise.resolve();
  }

  drop(name: string, binding: Binding): Promise<void> {
    const entry = this.entries.get(name);
    if (entry && sameTarget(entry.binding, binding) && entry.binding.boundAt === binding.boundAt) this.entries.delete(name);
    return Promise.resolve();
  }

  counts(): Promise<Map<number, number>> {
    const now = this.now();
    const counts = new Map<number, number>();
    for (const [name, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(name);
      else counts.set(entry.binding.channelId, (counts.get(entry.binding.channelId) ?? 0) + 1);
    }
    return Promise.resolve(counts);
  }

  clear(channelId: number): Promise<number> {
    const now = this.now();
    let cleared = 0;
    for (const [name, entry] of this.entries) {
      if (entry.binding.channelId !== channelId) continue;
      this.entries.delete(name);
      if (entry.expiresAt > now) cleared++;
    }
    return Promise.resolve(cleared);
  }
}
