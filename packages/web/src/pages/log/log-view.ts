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

/** The parts of `other` the table shows (spec 2 §3 Log). */
export interface LogOther {
  frt?: number;
  model_ratio?: number;
  completion_ratio?: number;
  group_ratio?: number;
  model_price?: number;
  upstream_model?: string;
  admin_info?: { use_channel?: number[] };
}

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
 * The detail column: how a consumption was priced ('模型倍率 x，补全倍率 y，分组倍率 z', or
 * '模型价格 $p，分组倍率 z' for a per-call model); other rows show their content (an error's message).
 */
export function detailText(log: LogItem): string {
  if (log.type !== LOG_TYPES.CONSUME) return log.content;
  const other = parseOther(log);
  const groupRatio = other.group_ratio ?? 1;
  if (other.model_price !== undefined && other.model_price !== null) return `模型价格 $${other.model_price}，分组倍率 ${groupRatio}`;
  if (other.model_ratio === undefined) return log.content;
  return `模型倍率 ${other.model_ratio}，补全倍率 ${other.completion_ratio ?? 1}，分组倍率 ${groupRatio}`;
}

/** The token counts a log row keeps beside prompt and completion (spec 2 §3 Log), in the order shown. */
const EXTRA_TOKEN_LABELS: Array<[keyof LogItem, string]> = [
  ['cache_read_input_tokens', '缓存读取'],
  ['cache_creation_input_tokens', '缓存写入'],
  ['thoughts_tokens', '推理'],
  ['prompt_audio_tokens', '音频'],
];

/** '缓存读取 1200 tokens' and the like, only for the kinds the request had (most have none). */
export function extraTokenTexts(log: LogItem): string[] {
  return EXTRA_TOKEN_LABELS.flatMap(([field, label]) => {
    const count = log[field];
    return typeof count === 'number' && count > 0 ? [`${label} ${count} tokens`] : [];
  });
}
