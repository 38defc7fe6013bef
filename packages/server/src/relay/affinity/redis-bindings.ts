import { BusinessError } from '../../common/business.error';
import type { RedisService } from '../../redis/redis.service';
import { type Binding, type BindingStore, decodeBinding, encodeBinding } from './binding';

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
 * Bindings in Redis, shared by every instance:
 * - `<prefix>:aff:<user>:<model>:<hash>` → `<channel>:<key>:<bound at>`, with the TTL (PX);
 * - `<prefix>:aff:ch:<channel>`, a sorted set per channel of the binding names it holds, scored by
 *   their expiry: its live size is the channel's count (expired entries pruned with
 *   ZREMRANGEBYSCORE on every write and read), and it names what 清除绑定 deletes, with no SCAN;
 * - `<prefix>:aff:chs`, the ids of the channels that have such a set.
 * A binding that moves to another channel leaves the old channel's set in the same MULTI; a binding
 * that expires stays in its set until its score passes, so counts are exact at the time of reading.
 * Relay reads and writes fall back to nothing while Redis is unreachable (normal channel choice).
 */
export class RedisBindings implements BindingStore {
  constructor(private readonly redis: RedisService) {}

  private key(name: string): string {
    return `${this.redis.prefix}:aff:${name}`;
  }

  private index(channelId: number): string {
    return `${this.redis.prefix}:aff:ch:${channelId}`;
  }

  private get channels(): string {
    return `${this.redis.prefix}:aff:chs`;
  }

  get(name: string): Promise<Binding | undefined> {
    return this.redis.orMemory(
      async (client) => decodeBinding(await client.get(this.key(name))),
      () => undefined,
    );
  }

  set(name: string, binding: Binding, previous: Binding | undefined, ttlMs: number): Promise<void> {
    const expiresAt = binding.boundAt + ttlMs;
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

  async clear(channelId: number): Promise<number> {
    if (!this.redis.isUp()) throw new BusinessError(MSG_REDIS_DOWN);
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
