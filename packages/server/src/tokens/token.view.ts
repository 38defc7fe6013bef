import type { TokenEntity } from './token.entity';

/** The token as its owner sees it (docs/console-api.md "Tokens"): the full key, never its hash or sealed form. */
export interface TokenView {
  id: number;
  name: string;
  key: string;
  status: number;
  remain_quota: number;
  used_quota: number;
  unlimited_quota: boolean;
  created_time: number;
  accessed_time: number;
  expired_time: number;
  model_limits_enabled: boolean;
  model_limits: string;
  allow_ips: string;
  group: string;
  rate_limit_enabled: boolean;
  rate_per_minute: number;
}

export function toTokenView(token: TokenEntity, key: string, status: number): TokenView {
  return {
    id: token.id,
    name: token.name,
    key,
    status,
    remain_quota: token.remain_quota,
    used_quota: token.used_quota,
    unlimited_quota: token.unlimited_quota,
    created_time: token.created_time,
    accessed_time: token.accessed_time,
    expired_time: token.expired_time,
    model_limits_enabled: token.model_limits_enabled,
    model_limits: token.model_limits,
    allow_ips: token.allow_ips,
    group: token.group,
    rate_limit_enabled: token.rate_limit_enabled,
    rate_per_minute: token.rate_per_minute,
  };
}

export interface TokenPage {
  items: TokenView[];
  total: number;
  page: number;
  page_size: number;
}

/** A search answers one page of its matches, like the list. */
export type TokenSearchResult = TokenPage;
