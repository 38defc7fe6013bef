import { Injectable, OnModuleInit } from '@nestjs/common';
import { ClusterBus } from '../cluster/cluster-bus';
import { RedisService } from '../redis/redis.service';
import { COOLDOWN_AFTER, COOLDOWN_BASE_MS, COOLDOWN_MAX_MS, CooldownBook, cooldownReason, type CooldownState, decodeCooldown, STREAK_TTL_MS } from './cooldown-state';

/**
 * afterFailure as one atomic step for every instance. KEYS[1]: the channel's key; ARGV: now (ms),
 * reason. Answers the new state in its stored form.
 */
const FAIL_SCRIPT = `
local now = tonumber(ARGV[1])
local stored = redis.call('GET', KEYS[1])
local streak, untilMs = 0, 0
if stored then
  local s, u = string.match(stored, '^(%d+):(%d+):')
  if s then streak, untilMs = tonumber(s), tonumber(u) end
end
if untilMs > now then return stored end
streak = streak + 1
local cool = 0
if streak >= ${COOLDOWN_AFTER} then cool = math.min(${COOLDOWN_BASE_MS} * 2 ^ (streak - ${COOLDOWN_AFTER}), ${COOLDOWN_MAX_MS}) end
if cool > 0 then untilMs = now + cool else untilMs = 0 end
local value = string.format('%d:%d:', streak, untilMs) .. ARGV[2]
redis.call('SET', KEYS[1], value, 'PX', string.format('%d', ${STREAK_TTL_MS} + cool))
return value
`;

type FailCommand = (key: string, now: number, reason: string) => Promise<string>;

/** Bus topic: `<channel id>:<stored state>` after a failure, `<channel id>:` when a run ends. */
const COOLDOWN_TOPIC = 'channel-cooldown';

/** What the channel list shows of a cooling channel. */
export interface Cooling {
  /** Unix seconds. */
  until: number;
  reason: string;
}

/**
 * Channels that keep failing are cooled down for a short, growing time (DESIGN.md §5.3), on every
 * instance. With REDIS_URL the runs of failures are counted in Redis by one atomic script, and
 * every instance keeps a copy in memory, loaded at start and kept current over the cluster bus
 * (as channel and option caches are): choosing a channel reads memory only, and only failures
 * (and the success that ends a run) touch Redis. Without Redis, and while it is unreachable, the
 * memory is all there is: a Redis outage never fails or slows a request.
 */
@Injectable()
export class ChannelCooldown implements OnModuleInit {
  /** This instance's view of every run; with Redis a copy of what Redis holds. */
  private readonly book = new CooldownBook();
  private command?: FailCommand;

  constructor(
    private readonly redis: RedisService,
    private readonly bus: ClusterBus,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.redis.enabled) return;
    await this.bus.subscribe(COOLDOWN_TOPIC, (message) => this.apply(message));
    // Runs that began before this instance started.
    const prefix = `${this.redis.prefix}:chcool:`;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length === 0) continue;
      const stored = await this.redis.client.mget(keys);
      keys.forEach((key, index) => this.apply(`${key.slice(prefix.length)}:${stored[index] ?? ''}`));
    } while (cursor !== '0');
  }

  private key(channelId: number): string {
    return `${this.redis.prefix}:chcool:${channelId}`;
  }

  private apply(message: string): void {
    const colon = message.indexOf(':');
    const channelId = Number(message.slice(0, colon));
    if (!Number.isInteger(channelId)) return;
    const state = decodeCooldown(message.slice(colon + 1));
    if (state) this.book.set(channelId, state, Date.now());
    else this.book.succeed(channelId);
  }

  /** The runs of failures of these channels (channels with none are absent). Memory only: the relay calls it on every request. */
  states(channelIds: readonly number[], now = Date.now()): Map<number, CooldownState> {
    const states = new Map<number, CooldownState>();
    for (const id of channelIds) {
      const state = this.book.get(id, now);
      if (state) states.set(id, state);
    }
    return states;
  }

  /** The channels among these that are cooling down now, for the channel list. */
  cooling(channelIds: readonly number[]): Map<number, Cooling> {
    const now = Date.now();
    const cooling = new Map<number, Cooling>();
    for (const [id, state] of this.states(channelIds, now)) {
      if (state.until > now) cooling.set(id, { until: Math.ceil(state.until / 1000), reason: state.reason });
    }
    return cooling;
  }

  /** Counts a channel failure; answers the channel's state after it. */
  async failed(channelId: number, reason: string): Promise<CooldownState | undefined> {
    const now = Date.now();
    return this.redis.orMemory(
      async () => {
        const stored = await this.failCommand()(this.key(channelId), now, cooldownReason(reason));
        this.apply(`${channelId}:${stored}`);
        await this.bus.publish(COOLDOWN_TOPIC, `${channelId}:${stored}`);
        return decodeCooldown(stored);
      },
      // Without Redis (or while it is unreachable) this instance's memory is all there is.
      () => this.book.fail(channelId, now, reason),
    );
  }

  /** Ends the channel's run of failures. */
  async succeeded(channelId: number): Promise<void> {
    this.book.succeed(channelId);
    await this.redis.orMemory(
      async (client) => {
        await client.del(this.key(channelId));
        await this.bus.publish(COOLDOWN_TOPIC, `${channelId}:`);
      },
      () => undefined,
    );
  }

  private failCommand(): FailCommand {
    if (!this.command) {
      const client = this.redis.client;
      client.defineCommand('gwChannelCooldownFail', { numberOfKeys: 1, lua: FAIL_SCRIPT });
      this.command = (client as unknown as { gwChannelCooldownFail: FailCommand }).gwChannelCooldownFail.bind(client);
    }
    return this.command;
  }
}
