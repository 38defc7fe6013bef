import { BusinessError } from '../../common/business.error';
import type { RedisService } from '../../redis/redis.service';
import { type Binding, type BindingStore, decodeBinding, encodeBinding } from './binding';
import { MemoryBindings } from './memory-bindings';

/** Drops KEYS[1] (a binding) and its entry ARGV[2] in the index KEYS[2] only if it still holds ARGV[1]. */
const DROP_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  redis.call('ZREM', KEYS[2], ARGV[2])
end
return 0
`;

/** Deletes the bindings among KEYS that name the channel ARGV[1] (`<channel id>:`); answers how many. */
const CLEAR_SCRIPT = `
local cleared = 0
for _, key in ipairs(KEYS) do
  local value = redis.call('GET', key)
  if value and string.sub(value, 1, #ARGV[1]) == ARGV[1] then
    redis.call('DEL', key)
    cleared = cleared + 1
  end
end
return cleared
`;

/** Bindings cleared per script call: a channel with many sessions is cleared in slices, never one long script. */
const CLEAR_SLICE = 500;

export const MSG_REDIS_DOWN = 'Redis 暂时无法访问，请稍后再试';

/**
 * How long (ms) an instance answers a session's binding from its own copy before it reads Redis
 * again: a hit costs no Redis command while the copy is fresh (a GET per request was, with the
 * polling INCR, what the bench's CPU profile charged a sticky multi-key request; docs/performance.md
 * 2026-12-01). It is also the staleness this instance may show: a binding another instance moved
 * (its failover), dropped or cleared (清除绑定 there) is honoured here at most this long after. The
 * copy never outlives the binding's TTL, and it never overrides a channel or key that can no
 * longer serve: bound-target.ts checks that on every request against this instance's channel
 * cache, dead keys and cooldowns. This instance's own writes, drops and clears update it at once.
 */
export const BINDING_COPY_MS = 2_000;
/** Local copies kept at most, least recently used dropped first: the sessions active in the last BINDING_COPY_MS. */
export const BINDING_COPIES_MAX = 10_000;

/**
 * Bindings in Redis, shared by every instance:
 * - `<prefix>:aff:<user>:<model>:<hash>` → `<channel>:<key>:<bound at>`, with the TTL (PX);
 * - `<prefix>:aff:ch:<channel>`, a sorted set per channel of the binding names it holds, scored by
 *   their expiry: its live size is the channel's count (expired entries pruned with
 *   ZREMRANGEBYSCORE on every write and read), and it names what 清除绑定 deletes, with no SCAN;
 * - `<prefix>:aff:chs`, the ids of the channels that have such a set.
 * A binding that moves to another channel leaves the old channel's set in the same MULTI; a binding
 * that expires stays in its set until its score passes, so counts are exact at the time of reading.
 * Reads go through a short-lived local copy (BINDING_COPY_MS); concurrent reads of one binding
 * share one GET. Relay reads and writes fall back to nothing while Redis is unreachable (normal
 * channel choice).
 */
export class RedisBindings implements BindingStore {
  private readonly copies: MemoryBindings;
  /** The GET under way per binding name. */
  private readonly reading = new Map<string, Promise<Binding | undefined>>();

  constructor(
    private readonly redis: RedisService,
    private readonly now: () => number = Date.now,
  ) {
    this.copies = new MemoryBindings(now, BINDING_COPIES_MAX);
  }

  private key(name: string): string {
    return `${this.redis.prefix}:aff:${name}`;
  }

  private index(channelId: number): string {
    return `${this.redis.prefix}:aff:ch:${channelId}`;
  }

  private get channels(): string {
    return `${this.redis.prefix}:aff:chs`;
  }

  get(name: string, ttlMs: number): Promise<Binding | undefined> {
    const copy = this.copies.read(name);
    if (copy) return Promise.resolve(copy);
    const underWay = this.reading.get(name);
    if (underWay) return underWay;
    const read = this.redis
      .orMemory(
        async (client) => decodeBinding(await client.get(this.key(name))),
        () => undefined,
      )
      .then((binding) => {
        // A write or drop of this instance while the GET was out replaced it (and its copy stands).
        if (this.reading.get(name) === read) {
          this.reading.delete(name);
          if (binding) this.keep(name, binding, ttlMs);
        }
        return binding;
      });
    this.reading.set(name, read);
    return read;
  }

  /** The local copy of a binding read or written: for BINDING_COPY_MS, never past the binding's own expiry. */
  private keep(name: string, binding: Binding, ttlMs: number): void {
    const lifeMs = Math.min(BINDING_COPY_MS, binding.boundAt + ttlMs - this.now());
    if (lifeMs > 0) void this.copies.set(name, binding, undefined, lifeMs);
  }

  set(name: string, binding: Binding, previous: Binding | undefined, ttlMs: number): Promise<void> {
    const expiresAt = binding.boundAt + ttlMs;
    this.reading.delete(name);
    this.keep(name, binding, ttlMs);
    return this.redis.orMemory(
      async (client) => {
        const index = this.index(binding.channelId);
        const write = client
          .multi()
          .set(this.key(name), encodeBinding(binding), 'PX', ttlMs)
          .zadd(index, expiresAt, name)
          .zremrangebyscore(index, '-inf', binding.boundAt)
          .sadd(this.channels, String(binding.channelId));
        if (previous && previous.channelId !== binding.channelId) write.zrem(this.index(previous.channelId), name);
        await write.exec();
      },
      () => undefined,
    );
  }

  drop(name: string, binding: Binding): Promise<void> {
    this.reading.delete(name);
    void this.copies.drop(name, binding);
    return this.redis.orMemory(
      async (client) => {
        await client.eval(DROP_SCRIPT, 2, this.key(name), this.index(binding.channelId), encodeBinding(binding), name);
      },
      () => undefined,
    );
  }

  /** While Redis is unreachable the list shows no counts rather than failing. */
  counts(): Promise<Map<number, number>> {
    return this.redis.orMemory(
      async (client) => {
        const ids = (await client.smembers(this.channels)).map(Number).filter((id) => Number.isInteger(id) && id > 0);
        if (ids.length === 0) return new Map();
        const now = Date.now();
        const read = client.pipeline();
        for (const id of ids) read.zremrangebyscore(this.index(id), '-inf', now).zcard(this.index(id));
        const results = (await read.exec()) ?? [];
        const counts = new Map<number, number>();
        ids.forEach((id, index) => {
          const [error, count] = results[index * 2 + 1] ?? [];
          if (!error && Number(count) > 0) counts.set(id, Number(count));
        });
        return counts;
      },
      () => new Map(),
    );
  }

  /** Other instances drop their copies of the cleared bindings within BINDING_COPY_MS; this one at once. */
  async clear(channelId: number): Promise<number> {
    if (!this.redis.isUp()) throw new BusinessError(MSG_REDIS_DOWN);
    void this.copies.clear(channelId);
    this.reading.clear();
    const client = this.redis.client;
    const index = this.index(channelId);
    const names = await client.zrange(index, 0, -1);
    let cleared = 0;
    for (let start = 0; start < names.length; start += CLEAR_SLICE) {
      const slice = names.slice(start, start + CLEAR_SLICE);
      cleared += Number(await client.eval(CLEAR_SCRIPT, slice.length, ...slice.map((name) => this.key(name)), `${channelId}:`));
      await client.zrem(index, ...slice);
    }
    return cleared;
  }
}
