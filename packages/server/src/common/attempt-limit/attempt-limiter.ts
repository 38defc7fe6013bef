import type { RedisService } from '../../redis/redis.service';
import { AttemptWindows } from './attempt-windows';

/**
 * take as one atomic step for every instance. KEYS[1]: the key's counter; ARGV: limit, window (ms).
 * A counter back at 0 opens a new window; one left without an expiry (never expected) gets one.
 */
const TAKE_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if count > tonumber(ARGV[1]) then
  redis.call('DECR', KEYS[1])
  return 0
end
return 1
`;

/** Never below 0, and never on a counter that expired meanwhile (DECR would recreate it without an expiry). */
const GIVE_BACK_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 1
`;

type Command = (key: string, ...args: Array<string | number>) => Promise<number>;
type Commands = { gwAttemptTake: Command; gwAttemptGiveBack: Command };

export interface AttemptLimit {
  /** Names the counters in Redis and in the log. */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * A limit on failed attempts per key (a user guessing redemption codes, an account being guessed
 * at the login): counters in Redis when REDIS_URL is set, so that every instance counts together;
 * in memory otherwise, and while Redis is down (RedisService.orMemory). An attempt is counted before
 * it is tried (so that concurrent attempts cannot pass the limit together) and given back when it
 * did not fail.
 */
export class AttemptLimiter {
  private readonly local: AttemptWindows;
  private commands?: { take: Command; giveBack: Command };

  constructor(
    private readonly redis: RedisService,
    private readonly rule: AttemptLimit,
  ) {
    this.local = new AttemptWindows(rule.limit, rule.windowMs);
  }

  /** Counts an attempt for this key; false when it has too many failures in the window. */
  take(key: string | number): Promise<boolean> {
    return this.redis.orMemory(
      async () => (await this.redisCommands().take(this.redisKey(key), this.rule.limit, this.rule.windowMs)) === 1,
      () => this.local.take(key, Date.now()),
    );
  }

  /** Uncounts an attempt that did not fail. */
  async giveBack(key: string | number): Promise<void> {
    await this.redis.orMemory(
      async () => {
        await this.redisCommands().giveBack(this.redisKey(key));
      },
      () => this.local.giveBack(key, Date.now()),
    );
  }

  private redisKey(key: string | number): string {
    return `${this.redis.prefix}:${this.rule.name}:${key}`;
  }

  private redisCommands(): { take: Command; giveBack: Command } {
    if (!this.commands) {
      const client = this.redis.client;
      // One definition per connection, whichever limiter comes first.
      if (!('gwAttemptTake' in client)) {
        client.defineCommand('gwAttemptTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
        client.defineCommand('gwAttemptGiveBack', { numberOfKeys: 1, lua: GIVE_BACK_SCRIPT });
      }
      const commands = client as unknown as Commands;
      this.commands = { take: commands.gwAttemptTake.bind(client), giveBack: commands.gwAttemptGiveBack.bind(client) };
    }
    return this.commands;
  }
}
