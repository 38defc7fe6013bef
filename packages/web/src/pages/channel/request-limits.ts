import type { ChannelUsage } from '@/api/channels';

/** A channel's limit per window; null where it sets none (0 or missing means no limit, as on the server). */
export type RequestLimits = Record<keyof ChannelUsage, number | null>;

/** The rows of the monitor popover, in the order an operator reads them. Tokens count in thousands. */
const WINDOWS: ReadonlyArray<{ key: keyof ChannelUsage; label: string }> = [
  { key: 'rpm', label: 'RPM（近 1 分钟请求数）' },
  { key: 'tpm', label: 'TPM（近 1 分钟千 Token 数）' },
  { key: 'rpd', label: 'RPD（近 24 小时请求数）' },
  { key: 'tpd', label: 'TPD（近 24 小时千 Token 数）' },
];

const isLimit = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * A channel's model_req_limit JSON. The form's defaults (spec 2 §9) fill in new channels; a
 * channel saved without a limit has none, which is what the relay enforces.
 */
export function parseRequestLimits(text: string | null | undefined): RequestLimits {
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(text || '{}');
    if (value && typeof value === 'object' && !Array.isArray(value)) parsed = value as Record<string, unknown>;
  } catch {
    // unreadable: no limits
  }
  const pick = (key: keyof ChannelUsage) => (isLimit(parsed[key]) ? (parsed[key] as number) : null);
  return { rpd: pick('rpd'), rpm: pick('rpm'), tpm: pick('tpm'), tpd: pick('tpd') };
}

/** Each window's current use against the channel's limit ("不限" where it has none). */
export function usageRows(usage: ChannelUsage, limits: RequestLimits) {
  return WINDOWS.map(({ key, label }) => ({ key, label, used: usage[key] ?? 0, limit: limits[key] ?? '不限' }));
}
