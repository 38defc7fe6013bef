import { DEFAULT_AUDIO_RATIO, DEFAULT_CACHE_CREATION_RATIO, DEFAULT_CACHE_READ_RATIO, quotaFor, type Price } from '../../relay/billing/pricing';
import { LOG_TYPE } from '../../logs/log.entity';
import type { Grain, StatsClock } from './stats-clock';

/** The columns of a log row the roll-ups read. */
export interface RollupLog {
  id: string;
  created_at: number;
  type: number;
  instance: string;
  user_id: number;
  username: string;
  token_id: number;
  token_name: string;
  channel: number;
  channel_name: string;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  thoughts_tokens: number;
  prompt_audio_tokens: number;
  use_time: number;
  use_time_ms: number;
  other: string;
}

/** One row of `usage_rollups`: its key, the latest names seen, the prices, and the sums. */
export interface RollupEntry {
  grain: Grain;
  bucket: number;
  instance: string;
  user_id: number;
  token_id: number;
  model_name: string;
  channel_id: number;
  price_key: string;
  username: string;
  token_name: string;
  channel_name: string;
  model_ratio: number;
  completion_ratio: number;
  group_ratio: number;
  cache_read_ratio: number;
  cache_creation_ratio: number;
  audio_ratio: number;
  model_price: number | null;
  request_count: number;
  success_count: number;
  error_count: number;
  prompt_tokens: number;
  completion_tokens: number;
  cache_creation_tokens: number;
  cache_read_tokens: number;
  thoughts_tokens: number;
  prompt_audio_tokens: number;
  quota: number;
  calculate_quota: number;
  use_time_ms: number;
  frt_ms: number;
  frt_count: number;
}

/** The figures summed into a roll-up row. */
export const ROLLUP_SUMS = [
  'request_count', 'success_count', 'error_count', 'prompt_tokens', 'completion_tokens', 'cache_creation_tokens', 'cache_read_tokens',
  'thoughts_tokens', 'prompt_audio_tokens', 'quota', 'calculate_quota', 'use_time_ms', 'frt_ms', 'frt_count',
] as const satisfies ReadonlyArray<keyof RollupEntry>;

const GRAINS: Grain[] = ['m', 'h', 'd'];
/** The log types the statistics count: consumption (a success) and errors. */
export const ROLLUP_LOG_TYPES = [LOG_TYPE.CONSUME, LOG_TYPE.ERROR];

interface Pricing {
  price: Price;
  key: string;
  frt?: number;
  channelTest: boolean;
}

/**
 * Sums log rows into roll-up entries for every grain. A consumption row adds its tokens, its quota
 * and the quota the billing formula gives for its tokens and logged ratios (`calculate_quota`: the
 * two differ only when a charge went wrong); an error row adds a request and an error.
 */
export function aggregateLogs(logs: readonly RollupLog[], clock: StatsClock, quotaPerUnit: number): RollupEntry[] {
  const entries = new Map<string, RollupEntry>();
  for (const log of logs) {
    const success = log.type === LOG_TYPE.CONSUME;
    const pricing = success ? pricingOf(log.other) : undefined;
    // A channel test (channel-ops) is logged as consumption at no charge; it is not usage.
    if (pricing?.channelTest) continue;
    const price = pricing?.price;
    const calculated = price
      ? quotaFor(
          price,
          {
            prompt_tokens: log.prompt_tokens,
            completion_tokens: log.completion_tokens,
            cache_read_tokens: log.cache_read_input_tokens,
            cache_creation_tokens: log.cache_creation_input_tokens,
            prompt_audio_tokens: log.prompt_audio_tokens,
            reasoning_tokens: log.thoughts_tokens,
          },
          quotaPerUnit,
        )
      : 0;
    const useTimeMs = log.use_time_ms > 0 ? log.use_time_ms : log.use_time * 1000;
    for (const grain of GRAINS) {
      const bucket = clock.start(Number(log.created_at), grain);
      const priceKey = pricing?.key ?? '';
      const key = `${grain}|${bucket}|${log.instance}|${log.user_id}|${log.token_id}|${log.model_name}|${log.channel}|${priceKey}`;
      let entry = entries.get(key);
      if (!entry) {
        entry = emptyEntry(grain, bucket, log, priceKey, price);
        entries.set(key, entry);
      }
      // Later rows carry the names in use now (a user or token renamed keeps its id).
      entry.username = log.username;
      entry.token_name = log.token_name;
      if (log.channel_name) entry.channel_name = log.channel_name;
      entry.request_count += 1;
      if (!success) {
        entry.error_count += 1;
        entry.use_time_ms += useTimeMs;
        continue;
      }
      entry.success_count += 1;
      entry.prompt_tokens += log.prompt_tokens;
      entry.completion_tokens += log.completion_tokens;
      entry.cache_creation_tokens += log.cache_creation_input_tokens;
      entry.cache_read_tokens += log.cache_read_input_tokens;
      entry.thoughts_tokens += log.thoughts_tokens;
      entry.prompt_audio_tokens += log.prompt_audio_tokens;
      entry.quota += Number(log.quota);
      entry.calculate_quota += calculated;
      entry.use_time_ms += useTimeMs;
      if (pricing?.frt !== undefined) {
        entry.frt_ms += pricing.frt;
        entry.frt_count += 1;
      }
    }
  }
  return [...entries.values()];
}

function emptyEntry(grain: Grain, bucket: number, log: RollupLog, priceKey: string, price: Price | undefined): RollupEntry {
  return {
    grain,
    bucket,
    instance: log.instance,
    user_id: log.user_id,
    token_id: log.token_id,
    model_name: log.model_name,
    channel_id: log.channel,
    price_key: priceKey,
    username: log.username,
    token_name: log.token_name,
    channel_name: log.channel_name,
    model_ratio: price?.modelRatio ?? 0,
    completion_ratio: price?.completionRatio ?? 0,
    group_ratio: price?.groupRatio ?? 0,
    cache_read_ratio: price?.cacheReadRatio ?? 0,
    cache_creation_ratio: price?.cacheCreationRatio ?? 0,
    audio_ratio: price?.audioRatio ?? 0,
    model_price: price?.modelPrice ?? null,
    request_count: 0,
    success_count: 0,
    error_count: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    cache_creation_tokens: 0,
    cache_read_tokens: 0,
    thoughts_tokens: 0,
    prompt_audio_tokens: 0,
    quota: 0,
    calculate_quota: 0,
    use_time_ms: 0,
    frt_ms: 0,
    frt_count: 0,
  };
}

/** The price a consumption row was billed with, from its `other` JSON (spec 2 §3 Log). */
function pricingOf(other: string): Pricing {
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(other || '{}');
    if (value && typeof value === 'object') parsed = value as Record<string, unknown>;
  } catch {
    // A row without readable ratios is priced at zero: its calculated quota then shows the difference.
  }
  const num = (name: string, fallback: number) => (typeof parsed[name] === 'number' && Number.isFinite(parsed[name]) ? (parsed[name] as number) : fallback);
  const modelPrice = typeof parsed.model_price === 'number' && Number.isFinite(parsed.model_price) ? parsed.model_price : undefined;
  const price: Price = {
    modelPrice,
    modelRatio: num('model_ratio', 0),
    completionRatio: num('completion_ratio', 1),
    groupRatio: num('group_ratio', 1),
    cacheReadRatio: num('cache_ratio', DEFAULT_CACHE_READ_RATIO),
    cacheCreationRatio: num('cache_creation_ratio', DEFAULT_CACHE_CREATION_RATIO),
    audioRatio: num('audio_ratio', DEFAULT_AUDIO_RATIO),
  };
  const key = [price.modelPrice ?? '', price.modelRatio, price.completionRatio, price.groupRatio, price.cacheReadRatio, price.cacheCreationRatio, price.audioRatio].join(':');
  const frt = typeof parsed.frt === 'number' && Number.isFinite(parsed.frt) && parsed.frt >= 0 ? Math.round(parsed.frt) : undefined;
  return { price, key, frt, channelTest: parsed.channel_test !== undefined };
}
