import { Injectable } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';
import { DAY_BUCKET_MS, DAY_BUCKETS, MINUTE_BUCKET_MS, MINUTE_BUCKETS, reachedLimit, type RequestLimits, type RequestUsage } from './request-limits';
import { WindowCounters } from './window-counters';

/**
 * One script for every step, so that check and count are one atomic step for all instances:
 * sums the channel's buckets in the minute and day windows (dropping older ones), then, for
 * "acquire", refuses when a limit is reached; for "acquire" and "add", counts the request and
 * tokens. KEYS[1]: the channel's hash. ARGV: now (ms), mode, requests, tokens, rpm, rpd, tpm, tpd
 * (token limits in thousands). Answers the reached limit's name, "ok", or the four sums.
 */
const WINDOWS_SCRIPT = `
local now = tonumber(ARGV[1])
local minute = math.floor(now / ${MINUTE_BUCKET_MS})
local day = math.floor(now / ${DAY_BUCKET_MS})
local rm, rd, tm, td = 0, 0, 0, 0
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  local field = fields[i]
  local kind = string.sub(field, 1, 2)
  local bucket = tonumber(string.sub(field, 3))
  local count = tonumber(fields[i + 1])
  if kind == 'mr' or kind == 'mt' then
    if bucket > minute - ${MINUTE_BUCKETS} then
      if kind == 'mr' then rm = rm + count else tm = tm + count end
    else redis.call('HDEL', KEYS[1], field) end
  else
    if bucket > day - ${DAY_BUCKETS} then
      if kind == 'dr' then rd = rd + count else td = td + count end
    else redis.call('HDEL', KEYS[1], field) end
  end
end
local mode = ARGV[2]
if mode == 'read' then return {rm, rd, tm, td} end
if mode == 'acquire' then
  local limits = {tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7]) * 1000, tonumber(ARGV[8]) * 1000}
  local used = {rm, rd, tm, td}
  local names = {'rpm', 'rpd', 'tpm', 'tpd'}
  for i = 1, 4 do
    if limits[i] > 0 and used[i] >= limits[i] then return names[i] end
  end
end
local requests, tokens = tonumber(ARGV[3]), tonumber(ARGV[4])
if requests > 0 then
  redis.call('HINCRBY', KEYS[1], 'mr' .. minute, requests)
  redis.call('HINCRBY', KEYS[1], 'dr' .. day, requests)
end
if tokens > 0 then
  redis.call('HINCRBY', KEYS[1], 'mt' .. minute, tokens)
  redis.call('HINCRBY', KEYS[1], 'dt' .. day, tokens)
end
redis.call('PEXPIRE', KEYS[1], ${(DAY_BUCKETS + 1) * DAY_BUCKET_MS})
return 'ok'
`;

type WindowsCommand = (key: string, ...args: Array<string | number>) => Promise<string | number[]>;

/**
 * Channels' request limits (model_req_limit) over sliding windows, counted together by every
 * instance in Redis when REDIS_URL is set, in memory otherwise, and while Redis is unreachable
 * (each instance then counts only its own requests, from the moment Redis went away). The windows
 * are buckets (5 s for the minute, 10 min for the day), so a window slides in those steps. Only
 * channels with limits are counted.
 */
@Injectable()
export class ChannelLimiter {
  private readonly memory = new WindowCounters();
  private command?: WindowsCommand;

  constructor(private readonly redis: RedisService) {}

  /** Counts a request on the channel unless a limit is reached; then says which, and counts nothing. */
  async acquire(channelId: number, limits: RequestLimits): Promise<keyof RequestLimits | undefined> {
    const now = Date.now();
    return this.redis.orMemory(
      async () => {
        const answer = await this.windows(channelId, now, 'acquire', 1, 0, limits);
        return answer === 'ok' ? undefined : (answer as keyof RequestLimits);
      },
      () => {
        const reached = reachedLimit(this.memory.usage(channelId, now), limits);
        if (!reached) this.memory.add(channelId, now, 1, 0);
        return reached;
      },
    );
  }

  /** Adds the tokens a finished request used (prompt and completion). */
  async addTokens(channelId: number, tokens: number): Promise<void> {
    if (tokens <= 0) return;
    const now = Date.now();
    await this.redis.orMemory(
      async () => void (await this.windows(channelId, now, 'add', 0, tokens)),
      () => this.memory.add(channelId, now, 0, tokens),
    );
  }

  /** The channel's current use in each window, tokens in thousands. */
  async usage(channelId: number): Promise<RequestUsage> {
    const now = Date.now();
    return this.redis.orMemory(
      async () => {
        const [rpm, rpd, tpm, tpd] = (await this.windows(channelId, now, 'read', 0, 0)) as number[];
        return { rpm, rpd, tpm: tpm / 1000, tpd: tpd / 1000 };
      },
      () => this.memory.usage(channelId, now),
    );
  }

  private windows(channelId: number, now: number, mode: string, requests: number, tokens: number, limits?: RequestLimits): Promise<string | number[]> {
    if (!this.command) {
      const client = this.redis.client;
      client.defineCommand('gwChannelWindows', { numberOfKeys: 1, lua: WINDOWS_SCRIPT });
      this.command = (client as unknown as { gwChannelWindows: WindowsCommand }).gwChannelWindows.bind(client);
    }
    const key = `${this.redis.prefix}:chlimit:${channelId}`;
    return this.command(key, now, mode, requests, tokens, limits?.rpm ?? 0, limits?.rpd ?? 0, limits?.tpm ?? 0, limits?.tpd ?? 0);
  }
}
