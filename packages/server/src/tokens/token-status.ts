import { TOKEN_NEVER_EXPIRES, TOKEN_STATUS } from '@gw/shared';

export type TokenStatus = (typeof TOKEN_STATUS)[keyof typeof TOKEN_STATUS];

export interface TokenValidity {
  status: number;
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
}

/**
 * The status a token really has at `now` (unix seconds). Only "disabled" is a choice of the owner and
 * is kept as stored; the others follow from the token itself: past its expiry it is expired (3), out
 * of quota (not unlimited and nothing left) it is exhausted (4), otherwise enabled (1). So a stored
 * 3 or 4 becomes 1 again once the expiry or the quota is raised, and no job is needed to mark
 * tokens expired: every read and the relay compute it.
 */
export function effectiveStatus(token: TokenValidity, now: number): TokenStatus {
  if (token.status === TOKEN_STATUS.DISABLED) return TOKEN_STATUS.DISABLED;
  if (token.expired_time !== TOKEN_NEVER_EXPIRES && token.expired_time <= now) return TOKEN_STATUS.EXPIRED;
  if (!token.unlimited_quota && token.remain_quota <= 0) return TOKEN_STATUS.EXHAUSTED;
  return TOKEN_STATUS.ENABLED;
}
