import { Injectable, Logger } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';
import { AttemptWindows } from './attempt-windows';

/** Failed redemptions one user may make in a window (against guessing codes). */
export const REDEEM_FAILURE_LIMIT = 10;
export const REDEEM_FAILURE_WINDOW_MS = 10 * 60_000;

/**
 * take as one atomic step for every instance. KEYS[1]: the user's counter; ARGV: limit, window (ms).
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

/**
 * The per-user limit on failed redemptions (docs/console-api.md "Redemption codes"): counters in
 * Redis when REDIS_URL is set, so that every instance counts together; in memory otherwise. An
 * attempt is counted before it is tried (so that concurrent attempts cannot pass the limit
 * together) and given back when it did not fail. A Redis error never blocks a redemption: it only
 * means that attempt is not counted.
 */
@Injectable()
export class RedeemAttempts {
  private readonly logger = new Logger(RedeemAttempts.name);
  private readonly local = new AttemptWindows(REDEEM_FAILURE_LIMIT, REDEEM_FAILURE_WINDOW_MS);
  private commands?: { take: Command; giveBack: Command };

  constructor(private readonly redis: RedisService) {}

  /** Counts an attempt of this user; false when they have too many failures in the window. */
  async take(userId: number): Promise<boolean> {
    if (!this.redis.enabled) return this.local.take(userId, Date.now());
    try {
      return (await this.redisCommands().take(this.key(userId), REDEEM_FAILURE_LIMIT, REDEEM_FAILURE_WINDOW_MS)) === 1;
    } catch (error) {
      this.logger.warn(`Could not count a redemption attempt of user ${userId}: ${error instanceof Error ? error.message : String(error)}`);
      return true;
    }
  }

  /** Uncounts an attempt that did not fail. */
  async giveBack(userId: number): Promise<void> {
    if (!this.redis.enabled) return this.local.giveBack(userId, Date.now());
    try {
      await this.redisCommands().giveBack(this.key(userId));
    } catch (error) {
      this.logger.warn(`Could not uncount a redemption attempt of user ${userId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private key(userId: number): string {
    return `${this.redis.prefix}:redeem-fail:${userId}`;
  }

  private redisCommands(): { take: Command; giveBack: Command } {
    if (!this.commands) {
      const client = this.redis.client;
      client.defineCommand('gwRedeemTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
      client.defineCommand('gwRedeemGiveBack', { numberOfKeys: 1, lua: GIVE_BACK_SCRIPT });
      const commands = client as unknown as { gwRedeemTake: Command; gwRedeemGiveBack: Command };
      this.commands = { take: commands.gwRedeemTake.bind(client), giveBack: commands.gwRedeemGiveBack.bind(client) };
    }
    return this.commands;
  }
}
