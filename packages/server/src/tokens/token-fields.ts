import { isIP } from 'node:net';

/** Model names of `model_limits`: trimmed, without empties or duplicates, comma-joined (spec 2 §3). */
export function normaliseModelLimits(value: string): string {
  return [...new Set(value.split(',').map((name) => name.trim()).filter(Boolean))].join(',');
}

/** `allow_ips`: one entry per line whatever the line endings, trimmed, without empties or duplicates. */
export function normaliseAllowIps(value: string): string {
  return [...new Set(value.split(/\r\n|\r|\n/).map((line) => line.trim()).filter(Boolean))].join('\n');
}

/** An IPv4 or IPv6 address, or a CIDR range of one (`10.0.0.0/8`, `2001:db8::/32`). */
export function isIpOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** The first line of a normalised `allow_ips` that is no IP or CIDR range, if any. */
export const firstInvalidIp = (allowIps: string): string | undefined =>
  allowIps.split('\n').find((line) => line !== '' && !isIpOrCidr(line));

export const MSG_RATE_REQUIRED = '启用速率限制时，每分钟请求次数至少为 1';
export const MSG_MODELS_REQUIRED = '启用模型限制时，请至少填写一个模型';

export interface TokenLimits {
  model_limits_enabled: boolean;
  model_limits: string;
  rate_limit_enabled: boolean;
  rate_per_minute: number;
}

/**
 * The rules between fields, checked on the token as it will be saved (an update may send only one
 * of the two): an enabled rate limit needs at least 1 request per minute, enabled model limits at
 * least one model (an empty list would refuse every call).
 */
export function limitsViolation(token: TokenLimits): string | undefined {
  if (token.rate_limit_enabled && token.rate_per_minute < 1) return MSG_RATE_REQUIRED;
  if (token.model_limits_enabled && token.model_limits === '') return MSG_MODELS_REQUIRED;
  return undefined;
}
