import { http } from '@/api/http';
import type { Page } from '@/api/tokens';
import type { User } from '@/stores/user';

/** Log types (spec 2 §4); 0 in a filter means every type. */
export const LOG_TYPES = { ALL: 0, TOPUP: 1, CONSUME: 2, MANAGE: 3, SYSTEM: 4, ERROR: 5 } as const;

/**
 * A usage log row (spec 2 §3 Log). `other` and `attempts_log` are JSON texts. The fields marked
 * admin-only are absent from a user's own logs (GET /api/log/self/).
 */
export interface LogItem {
  id: number;
  created_at: number;
  type: number;
  user_id: number;
  username: string;
  token_name: string;
  model_name: string;
  resp_model_name: string;
  group?: string;
  /** Seconds. */
  use_time: number;
  is_stream: boolean;
  prompt_tokens: number;
  prompt_audio_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
  completion_tokens: number;
  thoughts_tokens?: number;
  quota: number;
  content: string;
  other: string;
  status_code: number;
  request_id?: string;
  /** Admin only. */
  channel?: number;
  /** Admin only. */
  channel_name?: string;
  /** Admin only: JSON list of {channel_id, channel_name, status, error?, duration}. */
  attempts_log?: string;
  /** Admin only. */
  ip?: string;
}

/** Consumption of the filtered logs: quota over the range, requests and tokens of the last minute. */
export interface LogStat {
  quota: number;
  rpm: number;
  tpm: number;
}

/** The filters of the log page; timestamps in unix seconds, 0 or '' for "any". */
export interface LogFilters {
  type: number;
  token_name: string;
  model_name: string;
  start_timestamp: number;
  end_timestamp: number;
  /** Admins only. */
  username: string;
  /** Admins only: a channel id, '' for any. */
  channel: string;
  /** The HTTP status the client received (200, 429, …), '' for any. */
  status_code: string;
}

type Query = Record<string, string | number>;

/**
 * The query of GET /api/log/ (admin) or /api/log/self/ (user): empty filters are left out, and a
 * user never sends the admin-only username and channel.
 */
export function logQuery(filters: LogFilters, isAdmin: boolean): Query {
  const query: Query = { type: filters.type };
  const text: Array<[string, string]> = [
    ['token_name', filters.token_name],
    ['model_name', filters.model_name],
    ['status_code', filters.status_code],
  ];
  if (isAdmin) text.push(['username', filters.username], ['channel', filters.channel]);
  for (const [key, value] of text) if (value.trim() !== '') query[key] = value.trim();
  if (filters.start_timestamp) query.start_timestamp = filters.start_timestamp;
  if (filters.end_timestamp) query.end_timestamp = filters.end_timestamp;
  return query;
}

/** `p` is the zero-based page index. */
export const listLogs = (isAdmin: boolean, filters: LogFilters, p: number, pageSize: number) =>
  http.get<Page<LogItem>>(isAdmin ? '/api/log/' : '/api/log/self/', { ...logQuery(filters, isAdmin), p, page_size: pageSize });

export const getLogStat = (isAdmin: boolean, filters: LogFilters) =>
  http.get<LogStat>(isAdmin ? '/api/log/stat' : '/api/log/self/stat', logQuery(filters, isAdmin));

/** GET /api/user/{id} (spec 2 §7 "User data for gateway pages"): the admin's user-info popup on a log row. */
export const getUserInfo = (id: number) => http.get<User>(`/api/user/${id}`);
