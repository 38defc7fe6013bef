import { DEFAULT_QUOTA_PER_UNIT, TOKEN_BATCH_MAX, TOKEN_NEVER_EXPIRES } from '@gw/shared';
import type { Token, TokenFields } from '@/api/tokens';
import { formatTimestamp } from '@/lib/time';

/** What the add/edit drawer edits; lists and switches where the API has strings and flags. */
export interface TokenFormValues {
  name: string;
  group: string;
  neverExpires: boolean;
  /** YYYY-MM-DD HH:mm:ss (local time); ignored while neverExpires. */
  expiredTime: string;
  unlimitedQuota: boolean;
  remainQuota: number | undefined;
  /** How many tokens to create (create only). */
  count: number | undefined;
  modelLimitsEnabled: boolean;
  modelLimits: string[];
  /** One IP or CIDR range per line. */
  allowIps: string;
  rateLimitEnabled: boolean;
  ratePerMinute: number | undefined;
}

export const DEFAULT_TOKEN_QUOTA = DEFAULT_QUOTA_PER_UNIT;
/** Batch size quick picks (spec 2 §9). */
export const BATCH_SIZES = [10, 20, 30, 100];

export const EXPIRY_PICKS = [
  { key: 'month', label: '一个月' },
  { key: 'day', label: '一天' },
  { key: 'hour', label: '一小时' },
] as const;
export type ExpiryPick = (typeof EXPIRY_PICKS)[number]['key'];

export const MSG_NAME_REQUIRED = '请输入令牌名称';
export const MSG_EXPIRY_FORMAT = '过期时间格式错误，请输入正确的日期时间';
export const MSG_QUOTA_INVALID = '额度必须是不小于 0 的整数';
export const MSG_COUNT_INVALID = '令牌数量必须是正整数';
export const MSG_COUNT_TOO_LARGE = `一次最多创建 ${TOKEN_BATCH_MAX} 个令牌`;
export const MSG_RATE_REQUIRED = '请输入每分钟请求次数';
export const MSG_RATE_INVALID = '每分钟请求次数必须是正整数';

export function defaultTokenForm(): TokenFormValues {
  return {
    name: '',
    group: '',
    neverExpires: true,
    expiredTime: '',
    unlimitedQuota: false,
    remainQuota: DEFAULT_TOKEN_QUOTA,
    count: 1,
    modelLimitsEnabled: false,
    modelLimits: [],
    allowIps: '',
    rateLimitEnabled: false,
    ratePerMinute: undefined,
  };
}

/** The drawer's values for an existing token. */
export function tokenToForm(token: Token): TokenFormValues {
  const never = token.expired_time === TOKEN_NEVER_EXPIRES;
  return {
    name: token.name,
    group: token.group ?? '',
    neverExpires: never,
    expiredTime: never ? '' : formatTimestamp(token.expired_time),
    unlimitedQuota: token.unlimited_quota,
    remainQuota: token.remain_quota,
    count: 1,
    modelLimitsEnabled: token.model_limits_enabled,
    modelLimits: splitList(token.model_limits, ','),
    allowIps: token.allow_ips ?? '',
    rateLimitEnabled: token.rate_limit_enabled,
    ratePerMinute: token.rate_limit_enabled ? token.rate_per_minute : undefined,
  };
}

function splitList(text: string | null | undefined, separator: string): string[] {
  return (text ?? '')
    .split(separator)
    .map((part) => part.trim())
    .filter(Boolean);
}

const DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Unix seconds of a local date-time written YYYY-MM-DD[ HH:mm[:ss]], or null when the text is not a
 * real date (2025-02-30 is refused rather than rolled over into March).
 */
export function parseDateTime(text: string): number | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(year, month - 1, day, hour, minute, second);
  const roundTrips =
    date.getFullYear() === year &&
    date.getMonth() === month - 1 &&
    date.getDate() === day &&
    date.getHours() === hour &&
    date.getMinutes() === minute &&
    date.getSeconds() === second;
  return roundTrips ? Math.floor(date.getTime() / 1000) : null;
}

/** The expiry a quick pick sets, counted from now. */
export function expiryAfter(pick: ExpiryPick, now: Date = new Date()): string {
  const date = new Date(now);
  if (pick === 'month') date.setMonth(date.getMonth() + 1);
  if (pick === 'day') date.setDate(date.getDate() + 1);
  if (pick === 'hour') date.setHours(date.getHours() + 1);
  return formatTimestamp(Math.floor(date.getTime() / 1000));
}

const isPositiveInteger = (value: number | undefined): value is number => Number.isInteger(value) && (value as number) >= 1;

/**
 * The spec 2 §5 rules, first problem first: name required on create, expiry a real date, a
 * non-negative quota, a positive batch quantity on create, a rate when rate limiting is on.
 */
export function validateTokenForm(form: TokenFormValues, mode: 'create' | 'edit'): string | null {
  if (mode === 'create' && form.name.trim() === '') return MSG_NAME_REQUIRED;
  if (!form.neverExpires && parseDateTime(form.expiredTime) === null) return MSG_EXPIRY_FORMAT;
  if (!form.unlimitedQuota && !(Number.isInteger(form.remainQuota) && (form.remainQuota as number) >= 0)) return MSG_QUOTA_INVALID;
  if (mode === 'create') {
    if (!isPositiveInteger(form.count)) return MSG_COUNT_INVALID;
    if (form.count > TOKEN_BATCH_MAX) return MSG_COUNT_TOO_LARGE;
  }
  if (form.rateLimitEnabled) {
    if (form.ratePerMinute === undefined || form.ratePerMinute === null) return MSG_RATE_REQUIRED;
    if (!isPositiveInteger(form.ratePerMinute)) return MSG_RATE_INVALID;
  }
  return null;
}

/** The most a limited token may hold: the account balance shared over the batch (spec 2 §5). */
export function quotaCap(balance: number, form: TokenFormValues, mode: 'create' | 'edit'): number {
  const count = mode === 'create' && isPositiveInteger(form.count) ? form.count : 1;
  return Math.floor(Math.max(balance, 0) / count);
}

/**
 * True when a limited quota is more than the balance covers for the whole batch: the server refuses
 * it, so the drawer warns as it is typed and does not send it.
 */
export function exceedsBalance(form: TokenFormValues, balance: number, mode: 'create' | 'edit'): boolean {
  return !form.unlimitedQuota && (form.remainQuota ?? 0) > quotaCap(balance, form, mode);
}

/** The warning under the quota field; `cap` is already rendered for display. */
export const balanceWarning = (cap: string) => `额度超出账户余额，每个令牌最多 ${cap}`;

/**
 * The API fields of a validated form: expiry as unix seconds or -1, models comma-joined, IPs one per
 * line without blanks, the rate reset to 0 when rate limiting is off.
 */
export function toPayload(form: TokenFormValues): TokenFields {
  const expiry = form.neverExpires ? TOKEN_NEVER_EXPIRES : parseDateTime(form.expiredTime);
  // validateTokenForm runs first; never turn a bad date silently into "never expires".
  if (expiry === null) throw new Error(MSG_EXPIRY_FORMAT);
  return {
    name: form.name.trim(),
    group: form.group,
    expired_time: expiry,
    unlimited_quota: form.unlimitedQuota,
    remain_quota: form.remainQuota ?? 0,
    model_limits_enabled: form.modelLimitsEnabled,
    model_limits: form.modelLimits.join(','),
    allow_ips: splitList(form.allowIps, '\n').join('\n'),
    rate_limit_enabled: form.rateLimitEnabled,
    rate_per_minute: form.rateLimitEnabled ? (form.ratePerMinute ?? 0) : 0,
  };
}
