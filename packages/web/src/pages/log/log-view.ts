import { LOG_TYPES, type LogItem } from '@/api/logs';

/** The select options and tags of the log types (spec 2 §4). */
export const LOG_TYPE_OPTIONS = [
  { value: LOG_TYPES.ALL, label: '全部' },
  { value: LOG_TYPES.TOPUP, label: '充值' },
  { value: LOG_TYPES.CONSUME, label: '消费' },
  { value: LOG_TYPES.MANAGE, label: '管理' },
  { value: LOG_TYPES.SYSTEM, label: '系统' },
  { value: LOG_TYPES.ERROR, label: '错误' },
];

const TYPE_COLORS: Record<number, string> = {
  [LOG_TYPES.TOPUP]: 'cyan',
  [LOG_TYPES.CONSUME]: 'green',
  [LOG_TYPES.MANAGE]: 'orange',
  [LOG_TYPES.SYSTEM]: 'purple',
  [LOG_TYPES.ERROR]: 'red',
};

export function logTypeTag(type: number): { label: string; color: string } {
  const option = LOG_TYPE_OPTIONS.find((item) => item.value === type && item.value !== LOG_TYPES.ALL);
  return option ? { label: option.label, color: TYPE_COLORS[type] } : { label: '未知', color: 'gray' };
}

/**
 * Whether the row is a relay request, whose time and stream mode mean something: a consumption or
 * an error. A top-up, an administrator's change or a system note took no time to speak of.
 */
export const hasTiming = (log: LogItem): boolean => log.type === LOG_TYPES.CONSUME || log.type === LOG_TYPES.ERROR;

export type BadgeColor = 'green' | 'orange' | 'red';

/** Total time in seconds (spec 2 §9): under 101 green, under 300 orange, else red. */
export function totalTimeColor(seconds: number): BadgeColor {
  if (seconds < 101) return 'green';
  if (seconds < 300) return 'orange';
  return 'red';
}

/** First-token time in milliseconds (spec 2 §9): under 3 s green, under 10 s orange, else red. */
export function firstTokenColor(milliseconds: number): BadgeColor {
  if (milliseconds < 3000) return 'green';
  if (milliseconds < 10000) return 'orange';
  return 'red';
}

/** Tenths of a second, rounded on the milliseconds (850 ms is 0.9 s, not 0.8 from binary floats). */
export function formatFirstToken(milliseconds: number): string {
  return `${(Math.round(milliseconds / 100) / 10).toFixed(1)} s`;
}

/** A long-context price a request was billed at (ModelTieredPricing). */
export interface LogTier {
  above_prompt_tokens: number;
  prompt_multiplier: number;
  completion_multiplier: number;
}

/** The parts of `other` the table shows (spec 2 §3 Log): the ratios a charge was computed with, and the token kinds without a column. */
export interface LogOther {
  frt?: number;
  model_ratio?: number;
  completion_ratio?: number;
  group_ratio?: number;
  model_price?: number;
  cache_ratio?: number;
  cache_creation_ratio?: number;
  cache_creation_ratio_1h?: number;
  audio_ratio?: number;
  audio_completion_ratio?: number;
  image_ratio?: number;
  image_completion_ratio?: number;
  /** Reasoning tokens' multiplier of the completion price. */
  reasoning_ratio?: number;
  /** Present when the long-context price applied. */
  tier?: LogTier;
  cache_creation_tokens_1h?: number;
  prompt_image_tokens?: number;
  completion_audio_tokens?: number;
  completion_image_tokens?: number;
  upstream_model?: string;
  admin_info?: { use_channel?: number[] };
  /** How the channel was chosen, step by step (administrators only). */
  route?: RouteStep[];
  /** Whether the request went where its client session was bound (sticky routing). */
  affinity?: 'hit' | 'miss' | 'moved';
  /** What the call cost the operator upstream (quota) and the channel's cost ratio then (administrators only). */
  cost?: number;
  cost_ratio?: number;
  /** A subscriber's call (issue 34): paid from their plan's period quota or from the wallet; `wallet_quota` is the wallet's part of a plan-paid call. */
  pool?: 'plan' | 'wallet';
  wallet_quota?: number;
}

/** Who paid a subscriber's call, as the cost column's tag says it: '套餐', '套餐 + 钱包' or '钱包'; '' for everyone else. */
export function paidByText(log: LogItem): string {
  const { pool, wallet_quota: wallet } = parseOther(log);
  if (pool === 'plan') return typeof wallet === 'number' && wallet > 0 ? '套餐 + 钱包' : '套餐';
  return pool === 'wallet' ? '钱包' : '';
}

/** One step of the route trail (docs/console-api.md "Usage logs"). */
export type RouteStep =
  | { via: 'affinity' | 'weight' | 'probe'; ch: number; tier: number; n: number; w?: number; of?: number; key?: string }
  | { via: 'key'; ch: number; key: string }
  | { via: 'retry'; ch: number; status: number; key?: string }
  | { via: 'cooldown-skip'; chs: number[] }
  | { via: 'limit-skip'; ch: number; limit: string };

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function parseOther(log: LogItem): LogOther {
  const parsed = parseJson(log.other);
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as LogOther) : {};
}

export interface Attempt {
  channel_id: number;
  channel_name?: string;
  status?: number;
  error?: string;
  /** Milliseconds. */
  duration?: number;
}

/** The channels tried, in order: attempts_log, or admin_info.use_channel of older rows. */
export function parseAttempts(log: LogItem): Attempt[] {
  const parsed = parseJson(log.attempts_log);
  if (Array.isArray(parsed)) return parsed.filter((item): item is Attempt => typeof item?.channel_id === 'number');
  return (parseOther(log).admin_info?.use_channel ?? []).map((channel_id) => ({ channel_id }));
}

/** '#3 → #5' when the request was retried on another channel; '' when one channel served it. */
export function retryPath(log: LogItem): string {
  const attempts = parseAttempts(log);
  return attempts.length > 1 ? attempts.map((attempt) => `#${attempt.channel_id}`).join(' → ') : '';
}

/** The model asked for, and the upstream model when it is a different one (mapping or a dated version). */
export function modelText(log: LogItem): string {
  const upstream = parseOther(log).upstream_model || log.resp_model_name;
  return upstream && upstream !== log.model_name ? `${log.model_name} → ${upstream}` : log.model_name;
}

/**
 * The detail column: how a consumption was priced ('模型倍率 x，补全倍率 y，分组倍率 z', and the
 * long-context tier when it applied, or '模型价格 $p，分组倍率 z' for a per-call model); other rows
 * show their content (an error's message).
 */
export function detailText(log: LogItem): string {
  if (log.type !== LOG_TYPES.CONSUME) return log.content;
  const other = parseOther(log);
  const groupRatio = other.group_ratio ?? 1;
  if (other.model_price !== undefined && other.model_price !== null) return `模型价格 $${other.model_price}，分组倍率 ${groupRatio}`;
  if (other.model_ratio === undefined) return log.content;
  const tier = other.tier;
  const long = tier ? `，长上下文（提示超过 ${tier.above_prompt_tokens} tokens）提示 ×${tier.prompt_multiplier}、补全 ×${tier.completion_multiplier}` : '';
  return `模型倍率 ${other.model_ratio}，补全倍率 ${other.completion_ratio ?? 1}，分组倍率 ${groupRatio}${long}`;
}

const count = (value: unknown): number => (typeof value === 'number' && value > 0 ? value : 0);

/**
 * The token kinds a consumption had beside plain prompt and completion text (spec 2 §3 Log), in
 * the order shown, each with the ratio it was billed at when the row says it ('缓存读取 1000
 * tokens（倍率 0.25）', a multiplier of the prompt price): cache reads, cache writes (by lifetime
 * when some were for an hour), reasoning (the completion ratio × the reasoning ratio), audio in and
 * out, image in and out. Kinds the request did not have are left out (most have none), and so are
 * ratios of a per-call price and of rows written before the ratio was logged.
 */
export function extraTokenTexts(log: LogItem): string[] {
  const other = parseOther(log);
  const perUsage = other.model_price === undefined || other.model_price === null;
  const ratio = (...factors: Array<number | undefined>) =>
    perUsage && factors.every((factor) => typeof factor === 'number') ? `（倍率 ${factors.join(' × ')}）` : '';
  const oneHour = count(other.cache_creation_tokens_1h);
  const writes = count(log.cache_creation_input_tokens);
  const kinds: Array<[label: string, tokens: number, billed: string]> = [['缓存读取', count(log.cache_read_input_tokens), ratio(other.cache_ratio)]];
  if (oneHour > 0) kinds.push(['5 分钟缓存写入', writes - oneHour, ratio(other.cache_creation_ratio)], ['1 小时缓存写入', oneHour, ratio(other.cache_creation_ratio_1h)]);
  else kinds.push(['缓存写入', writes, ratio(other.cache_creation_ratio)]);
  kinds.push(
    ['推理', count(log.thoughts_tokens), ratio(other.completion_ratio, other.reasoning_ratio)],
    ['音频输入', count(log.prompt_audio_tokens), ratio(other.audio_ratio)],
    ['音频输出', count(other.completion_audio_tokens), ratio(other.audio_ratio, other.audio_completion_ratio)],
    ['图片输入', count(other.prompt_image_tokens), ratio(other.image_ratio)],
    ['图片输出', count(other.completion_image_tokens), ratio(other.image_completion_ratio)],
  );
  return kinds.filter(([, tokens]) => tokens > 0).map(([label, tokens, billed]) => `${label} ${tokens} tokens${billed}`);
}

const PICK_LABELS = { affinity: '亲和命中', weight: '权重抽取', probe: '冷却探测' } as const;

function stepText(step: RouteStep): string {
  switch (step.via) {
    case 'retry':
      return `重试：#${step.ch}${step.key ? ` ${step.key}` : ''} ${step.status > 0 ? `返回 ${step.status}` : '无响应'}`;
    case 'cooldown-skip':
      return `冷却跳过 ${step.chs.map((id) => `#${id}`).join('、')}`;
    case 'limit-skip':
      return `限流跳过 #${step.ch}（${step.limit.toUpperCase()}）`;
    case 'key':
      return `换用密钥 #${step.ch} ${step.key}`;
    default: {
      const weight = step.w !== undefined && step.of !== undefined ? `，权重 ${step.w}/${step.of}` : '';
      return `${PICK_LABELS[step.via]} #${step.ch}${step.key ? ` ${step.key}` : ''}（优先级 ${step.tier}，${step.n} 选 1${weight}）`;
    }
  }
}

/**
 * The route trail as one readable line, for administrators: '权重抽取 #3（优先级 0，2 选 1，权重 1/2）
 * → 重试：#3 返回 429 → …'; '' for rows without one (older rows, rows of no relay request).
 */
export function routeText(log: LogItem): string {
  const route = parseOther(log).route;
  if (!Array.isArray(route)) return '';
  return route
    .filter((step): step is RouteStep => typeof step?.via === 'string')
    .map(stepText)
    .join(' → ');
}

const AFFINITY_LABELS = { hit: '命中绑定', miss: '新建绑定', moved: '绑定迁移' } as const;

/** What sticky routing did for a request that named a client session; '' when it named none. */
export function affinityText(log: LogItem): string {
  const affinity = parseOther(log).affinity;
  return affinity && affinity in AFFINITY_LABELS ? `会话${AFFINITY_LABELS[affinity]}` : '';
}
