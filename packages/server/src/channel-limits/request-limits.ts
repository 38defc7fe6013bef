/**
 * A channel's model_req_limit (spec 2 §3, §9): requests per minute and per day, and tokens per
 * minute and per day in thousands of tokens (the form's defaults, tpm 20 and tpd 10000, are only
 * sensible as thousands). A missing or 0 limit means none: the form's defaults apply to channels
 * created through the form, not to channels without the field.
 */
export interface RequestLimits {
  rpm: number;
  rpd: number;
  tpm: number;
  tpd: number;
}

/** Current use of a channel in each window (tokens in thousands, like the limits). */
export type RequestUsage = RequestLimits;

const KEYS = ['rpm', 'rpd', 'tpm', 'tpd'] as const;

/** The limits of a channel's model_req_limit text, or undefined when it sets none. */
export function parseRequestLimits(text: string): RequestLimits | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text || '{}');
  } catch {
    return undefined; // the channel form checks the JSON; an old unreadable value limits nothing
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const limits = { rpm: 0, rpd: 0, tpm: 0, tpd: 0 };
  for (const key of KEYS) {
    const value = (parsed as Record<string, unknown>)[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) limits[key] = value;
  }
  return KEYS.some((key) => limits[key] > 0) ? limits : undefined;
}

/** Windows are kept as buckets: 12 of 5 s for the minute, 144 of 10 min for the day. */
export const MINUTE_BUCKET_MS = 5_000;
export const MINUTE_BUCKETS = 12;
export const DAY_BUCKET_MS = 600_000;
export const DAY_BUCKETS = 144;

/** Which limit a channel has reached, if any. */
export function reachedLimit(usage: RequestUsage, limits: RequestLimits): keyof RequestLimits | undefined {
  return KEYS.find((key) => limits[key] > 0 && usage[key] >= limits[key]);
}
