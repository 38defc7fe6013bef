import { oneHourCacheRatio, TOKEN_RATIO_FALLBACKS } from '@gw/shared';
import { NO_TIERS, quotaFor, type Price, type Tier } from '../../relay/billing/pricing';
import { count, usageOf } from '../../relay/billing/usage';
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

/** The figures summed into every roll-up row. */
export const ROLLUP_SUMS = [
  'request_count', 'success_count', 'error_count', 'prompt_tokens', 'completion_tokens', 'cache_creation_tokens', 'cache_read_tokens',
  'thoughts_tokens', 'prompt_audio_tokens', 'quota', 'calculate_quota', 'use_time_ms', 'frt_ms', 'frt_count',
  // Per-channel cost (migration ChannelCostRatio): the operator's cost of the rows that recorded one, and how many did.
  'cost_quota', 'costed_count',
  // The token kinds a log row keeps in `other` (Pricing below).
  'cache_creation_1h_tokens', 'completion_audio_tokens', 'prompt_image_tokens', 'completion_image_tokens',
] as const;

type Value = string | number | null;
/** One roll-up row: its key, its names and prices, and its sums. */
export type RollupEntry = Record<string, Value>;

/**
 * A roll-up table and the dimensions of its readers. `latest` columns take the value of the
 * latest log (a user or token renamed keeps its id); `fixed` ones are part of what the key says.
 */
export interface Cube {
  table: string;
  grains: Grain[];
  key: string[];
  latest: string[];
  fixed: string[];
}

const PRICE_COLUMNS = ['model_ratio', 'completion_ratio', 'group_ratio', 'cache_read_ratio', 'cache_creation_ratio', 'audio_ratio', 'model_price'];

export const CUBES = {
  /** The statistics page: hour and day × instance × user × token × model × price. */
  statistics: {
    table: 'usage_rollups',
    grains: ['h', 'd'],
    key: ['grain', 'bucket', 'instance', 'user_id', 'token_id', 'model_name', 'price_key'],
    latest: ['username', 'token_name'],
    fixed: PRICE_COLUMNS,
  },
  /** The downstream monitor and one user's dashboard. */
  tokens: {
    table: 'usage_token_rollups',
    grains: ['m', 'h', 'd'],
    key: ['grain', 'user_id', 'bucket', 'token_id', 'model_name', 'channel_id'],
    latest: ['token_name', 'channel_name'],
    fixed: [],
  },
  /** The upstream monitor and everyone's dashboard. */
  channels: {
    table: 'usage_channel_rollups',
    grains: ['m', 'h', 'd'],
    key: ['grain', 'bucket', 'channel_id', 'model_name'],
    latest: ['channel_name'],
    fixed: [],
  },
} satisfies Record<string, Cube>;
export type CubeName = keyof typeof CUBES;

/** The log types the statistics count: consumption (a success) and errors. */
export const ROLLUP_LOG_TYPES = [LOG_TYPE.CONSUME, LOG_TYPE.ERROR];

interface Pricing {
  price: Price;
  key: string;
  frt?: number;
  channelTest: boolean;
  /** The token kinds a log row keeps in `other` rather than in columns of its own (relay-logger.ts). */
  cacheCreation1hTokens: number;
  promptImageTokens: number;
  completionAudioTokens: number;
  completionImageTokens: number;
  /** What the call cost the operator (`other.cost`, relay-logger.ts); undefined for rows that did not record it. */
  cost?: number;
}

/**
 * Sums log rows into the entries of every roll-up and grain. A consumption row adds its tokens,
 * its quota and the quota the billing formula gives for its tokens and logged ratios
 * (`calculate_quota`: the two differ only when a charge went wrong); an error row adds a request
 * and an error.
 */
export function aggregateLogs(logs: readonly RollupLog[], clock: StatsClock, quotaPerUnit: number): Record<CubeName, RollupEntry[]> {
  const entries = { statistics: new Map<string, RollupEntry>(), tokens: new Map<string, RollupEntry>(), channels: new Map<string, RollupEntry>() };
  const buckets: Partial<Record<Grain, number>> = {};
  for (const log of logs) {
    const success = log.type === LOG_TYPE.CONSUME;
    const pricing = success ? pricingOf(log.other) : undefined;
    // A channel test (channel-ops) is logged as consumption at no charge; it is not usage.
    if (pricing?.channelTest) continue;
    const row = rowOf(log, pricing, success, quotaPerUnit);
    const createdAt = Number(log.created_at);
    for (const grain of ['m', 'h', 'd'] as const) buckets[grain] = clock.start(createdAt, grain);
    for (const name of Object.keys(CUBES) as CubeName[]) {
      const cube: Cube = CUBES[name];
      for (const grain of cube.grains) {
        const keyValues = cube.key.map((column) => (column === 'grain' ? grain : column === 'bucket' ? buckets[grain]! : row[column]));
        const key = keyValues.join('|');
        let entry = entries[name].get(key);
        if (!entry) {
          entry = Object.fromEntries(cube.key.map((column, index) => [column, keyValues[index]]));
          for (const column of [...cube.latest, ...cube.fixed]) entry[column] = row[column];
          for (const sum of ROLLUP_SUMS) entry[sum] = 0;
          entries[name].set(key, entry);
        }
        for (const column of cube.latest) if (row[column] !== '') entry[column] = row[column];
        for (const sum of ROLLUP_SUMS) (entry[sum] as number) += row[sum] as number;
      }
    }
  }
  return { statistics: [...entries.statistics.values()], tokens: [...entries.tokens.values()], channels: [...entries.channels.values()] };
}

/** What an error row adds besides its request: nothing (a failed call is charged nothing and costs nothing). */
const NO_FIGURES = Object.freeze({
  success_count: 0, error_count: 1, prompt_tokens: 0, completion_tokens: 0, cache_creation_tokens: 0, cache_read_tokens: 0, thoughts_tokens: 0, prompt_audio_tokens: 0,
  quota: 0, calculate_quota: 0, frt_ms: 0, frt_count: 0, cost_quota: 0, costed_count: 0, cache_creation_1h_tokens: 0, completion_audio_tokens: 0, prompt_image_tokens: 0,
  completion_image_tokens: 0,
});

/** Everything one log adds: the dimensions, names and prices, and its share of every sum. */
function rowOf(log: RollupLog, pricing: Pricing | undefined, success: boolean, quotaPerUnit: number): RollupEntry {
  const price = pricing?.price;
  const calculated = pricing
    ? quotaFor(
        pricing.price,
        usageOf({
          prompt_tokens: log.prompt_tokens,
          completion_tokens: log.completion_tokens,
          cache_read_tokens: log.cache_read_input_tokens,
          cache_creation_tokens: log.cache_creation_input_tokens,
          cache_creation_1h_tokens: pricing.cacheCreation1hTokens,
          prompt_audio_tokens: log.prompt_audio_tokens,
          prompt_image_tokens: pricing.promptImageTokens,
          reasoning_tokens: log.thoughts_tokens,
          completion_audio_tokens: pricing.completionAudioTokens,
          completion_image_tokens: pricing.completionImageTokens,
        }),
        quotaPerUnit,
      )
    : 0;
  const figures = success
    ? {
        success_count: 1,
        error_count: 0,
        prompt_tokens: log.prompt_tokens,
        completion_tokens: log.completion_tokens,
        cache_creation_tokens: log.cache_creation_input_tokens,
        cache_read_tokens: log.cache_read_input_tokens,
        thoughts_tokens: log.thoughts_tokens,
        prompt_audio_tokens: log.prompt_audio_tokens,
        quota: Number(log.quota),
        calculate_quota: calculated,
        frt_ms: pricing?.frt ?? 0,
        frt_count: pricing?.frt === undefined ? 0 : 1,
        cost_quota: pricing?.cost ?? 0,
        costed_count: pricing?.cost === undefined ? 0 : 1,
        cache_creation_1h_tokens: pricing?.cacheCreation1hTokens ?? 0,
        completion_audio_tokens: pricing?.completionAudioTokens ?? 0,
        prompt_image_tokens: pricing?.promptImageTokens ?? 0,
        completion_image_tokens: pricing?.completionImageTokens ?? 0,
      }
    : NO_FIGURES;
  return {
    instance: log.instance,
    user_id: log.user_id,
    token_id: log.token_id,
    model_name: log.model_name,
    channel_id: log.channel,
    price_key: pricing?.key ?? '',
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
    request_count: 1,
    use_time_ms: log.use_time_ms > 0 ? log.use_time_ms : log.use_time * 1000,
    ...figures,
  };
}

/**
 * The price a consumption row was billed with, from its `other` JSON (spec 2 §3 Log): the ratios
 * and the long-context tier the relay applied (relay-logger.ts), with the fallbacks the relay
 * uses (TOKEN_RATIO_FALLBACKS) for rows written before a ratio was logged.
 */
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
  const completionRatio = num('completion_ratio', 1);
  const cacheCreationRatio = num('cache_creation_ratio', TOKEN_RATIO_FALLBACKS.cacheCreation);
  const tier = tierOf(parsed.tier);
  const price: Price = {
    modelPrice,
    modelRatio: num('model_ratio', 0),
    completionRatio,
    groupRatio: num('group_ratio', 1),
    cacheReadRatio: num('cache_ratio', TOKEN_RATIO_FALLBACKS.cacheRead),
    cacheCreationRatio,
    cacheCreation1hRatio: num('cache_creation_ratio_1h', oneHourCacheRatio(cacheCreationRatio)),
    audioRatio: num('audio_ratio', TOKEN_RATIO_FALLBACKS.audio),
    imageRatio: num('image_ratio', TOKEN_RATIO_FALLBACKS.image),
    audioCompletionRatio: num('audio_completion_ratio', completionRatio),
    imageCompletionRatio: num('image_completion_ratio', completionRatio),
    reasoningRatio: num('reasoning_ratio', TOKEN_RATIO_FALLBACKS.reasoning),
    tiers: tier ? [tier] : NO_TIERS,
  };
  // The price columns of a roll-up row (PRICE_COLUMNS); the ratios without a column of their own
  // only reach its calculated quota, which is summed log by log.
  const key = [price.modelPrice ?? '', price.modelRatio, price.completionRatio, price.groupRatio, price.cacheReadRatio, price.cacheCreationRatio, price.audioRatio].join(':');
  const frt = typeof parsed.frt === 'number' && Number.isFinite(parsed.frt) && parsed.frt >= 0 ? Math.round(parsed.frt) : undefined;
  return {
    price,
    key,
    frt,
    channelTest: parsed.channel_test !== undefined,
    cacheCreation1hTokens: count(parsed.cache_creation_tokens_1h),
    promptImageTokens: count(parsed.prompt_image_tokens),
    completionAudioTokens: count(parsed.completion_audio_tokens),
    completionImageTokens: count(parsed.completion_image_tokens),
    cost: costOf(parsed.cost),
  };
}

/** A recorded cost in whole quota units; anything else (absent, negative, not a number) is no record. */
function costOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
}

/** The tier a row was billed at (`other.tier`), if any. */
function tierOf(value: unknown): Tier | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const tier = value as Record<string, unknown>;
  const num = (name: string, fallback: number) => (typeof tier[name] === 'number' && Number.isFinite(tier[name]) ? (tier[name] as number) : fallback);
  return { abovePromptTokens: num('above_prompt_tokens', 0), promptMultiplier: num('prompt_multiplier', 1), completionMultiplier: num('completion_multiplier', 1) };
}
