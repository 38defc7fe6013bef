import type { TOKEN_STATUS } from '@gw/shared';
import { http } from '@/api/http';

/** Token status (spec 2 §4): 1 enabled, 2 disabled, 3 expired, 4 exhausted. */
export type TokenStatus = (typeof TOKEN_STATUS)[keyof typeof TOKEN_STATUS];

/** The fields a user sets on a token (docs/console-api.md "Tokens"). */
export interface TokenFields {
  name: string;
  remain_quota: number;
  unlimited_quota: boolean;
  /** Unix seconds, or -1 for never. */
  expired_time: number;
  model_limits_enabled: boolean;
  /** Model names, comma-joined. */
  model_limits: string;
  /** IPs or CIDR ranges, one per line. */
  allow_ips: string;
  /** Empty: the user's own group. */
  group: string;
  rate_limit_enabled: boolean;
  rate_per_minute: number;
}

/** A token as the server returns it; `key` is the full sk-… key. */
export interface Token extends TokenFields {
  id: number;
  key: string;
  status: TokenStatus;
  used_quota: number;
  created_time: number;
  accessed_time?: number;
}

/** A page of a list call (docs/console-api.md "Paging"). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** Search by name keyword and key (a full key, with or without sk-). */
export interface TokenSearch {
  keyword: string;
  token: string;
}

/** `p` is the zero-based page index. */
export const listTokens = (p: number, size: number) => http.get<Page<Token>>('/api/token/', { p, size });
/** One page of the matches, paged like the list. */
export const searchTokens = ({ keyword, token }: TokenSearch, p: number, size: number) =>
  http.get<Page<Token>>('/api/token/search', { keyword, token, p, size });
export const getToken = (id: number) => http.get<Token>(`/api/token/${id}`);
/** Creates `count` tokens (1–100); the reply holds the created tokens. */
export const createTokens = (fields: TokenFields, count: number) => http.post<Token[]>('/api/token/', { ...fields, count });
export const updateToken = (id: number, fields: TokenFields) => http.put<Token>('/api/token/', { id, ...fields });
/** A user may only switch between enabled (1) and disabled (2). */
export const updateTokenStatus = (id: number, status: typeof TOKEN_STATUS.ENABLED | typeof TOKEN_STATUS.DISABLED) =>
  http.put<Token>('/api/token/', { id, status }, { status_only: true });
export const deleteToken = (id: number) => http.delete<null>(`/api/token/${id}/`);
