/**
 * Statistics, monitor and data dashboard (spec 2 statistics page, monitor dashboard, /detail, §3
 * Statistics row and Monitor row, §6, §7 Statistics and Monitor, §9). Every figure is read from
 * the usage roll-ups, which summarise the log rows by minute, hour and calendar day in one
 * configured timezone (docs/configuration.md `STATS_TIMEZONE`). The calls are listed in
 * docs/console-api.md "Statistics, monitor and dashboard".
 */

/** Statistics: default range the last 7 days, page sizes as elsewhere, export timeout (spec 2 §9). */
export const STATISTICS_DEFAULT_DAYS = 7;
export const STATISTICS_PAGE_SIZE_DEFAULT = 20;
export const STATISTICS_PAGE_SIZE_MAX = 100;
export const STATISTICS_EXPORT_TIMEOUT_MS = 300_000;
/** The longest range one statistics, monitor or dashboard call may cover. */
export const STATS_MAX_RANGE_DAYS = 366;
/** Longest text filter (username, token, model, instance names). */
export const STATS_FILTER_MAX_LENGTH = 255;

/** Detail rows are per calendar day (default) or per hour of the configured timezone. */
export const STATISTICS_DATE_TYPES = ['day', 'hour'] as const;
export type StatisticsDateType = (typeof STATISTICS_DATE_TYPES)[number];

/** `GET /api/statistics`, `/groupByUserPage`, `/groupByTokenPage` and their exports. Times in unix seconds. */
export interface StatisticsQuery {
  /** Page, from 1. */
  p?: number;
  page_size?: number;
  startTime: number;
  endTime: number;
  date_type?: StatisticsDateType;
  username?: string;
  instance?: string;
  modelName?: string;
  tokenName?: string;
  /** `true` keeps only the rows whose calculated quota differs from the quota charged. */
  abnormal?: boolean;
}

/** The token counts and quotas every statistics row carries (spec 2 §3 Statistics row). */
export interface StatisticsFigures {
  request_count: number;
  /** prompt + completion tokens. */
  token_used: number;
  prompt_token_used: number;
  complete_token_used: number;
  cache_creation_input_token_used: number;
  cache_read_input_token_used: number;
  thoughts_token_used: number;
  prompt_audio_tokens_used: number;
  /** Quota charged, as logged. */
  quota: number;
  /** Quota recomputed from the logged tokens and ratios with the billing formula. */
  calculate_quota: number;
  /** calculate_quota ≠ quota. */
  abnormal: boolean;
}

/** One detail row: a day (or hour) × instance × user × token × model × price. */
export interface StatisticsRow extends StatisticsFigures {
  instance: string;
  /** `YYYY-MM-DD`, or `YYYY-MM-DD HH:00` for hourly rows, in the configured timezone. */
  day_time: string;
  user_id: number;
  username: string;
  token_id: number;
  token_name: string;
  model_name: string;
  /** The ratios the requests were priced with; model_price (USD per call) when a fixed price applied. */
  calculate_group_ratio: number;
  calculate_prompt_ratio: number;
  calculate_complete_ratio: number;
  calculate_cache_creation_input_token_ratio: number;
  calculate_cache_read_input_token_ratio: number;
  calculate_thoughts_token_ratio: number;
  calculate_prompt_audio_tokens_ratio: number;
  model_price: number | null;
}

export interface StatisticsUserRow extends StatisticsFigures {
  user_id: number;
  username: string;
}

export interface StatisticsTokenRow extends StatisticsFigures {
  user_id: number;
  username: string;
  token_id: number;
  token_name: string;
}

/** A page of statistics rows with the totals of every row matching the filters (not only this page). */
export interface StatisticsPage<T> {
  items: T[];
  /** How many rows match (for paging). */
  total: number;
  totalQuota: number;
  totalCalculateQuota: number;
  totalRequests: number;
  totalTokens: number;
  /** Unix seconds up to which the logs are rolled up (figures include every request logged before it). */
  updated_at: number;
}

/** `GET /api/statistics/instances`. */
export interface StatisticsInstance {
  name: string;
}

/** Monitor granularity: 1 minute, 2 hour, 3 day (spec 2 §9); kinds 1 upstream (channels), 2 downstream (tokens). */
export const MONITOR_TIME_TYPES = { minute: 1, hour: 2, day: 3 } as const;
export type MonitorTimeType = (typeof MONITOR_TIME_TYPES)[keyof typeof MONITOR_TIME_TYPES];
export const MONITOR_TYPES = { upstream: 1, downstream: 2 } as const;
export type MonitorType = (typeof MONITOR_TYPES)[keyof typeof MONITOR_TYPES];
/** Minute roll-ups are kept this many days; a minute-grained range must start within them. */
export const MONITOR_MINUTE_RETENTION_DAYS = 3;
/** Default range: the last 24 hours; presets: last hour, yesterday, 7, 30, 90 days (spec 2 §9). */
export const MONITOR_DEFAULT_HOURS = 24;
export const MONITOR_PRESET_DAYS = [7, 30, 90] as const;
/** The monitor's chart palette (spec 2 §9: ten colours). */
export const MONITOR_PALETTE = ['#165DFF', '#14C9C9', '#F7BA1E', '#722ED1', '#F77234', '#00B42A', '#EB0AA4', '#3491FA', '#9FDB1D', '#F53F3F'] as const;
/** At most this many channel, token or model ids in one monitor call. */
export const MONITOR_MAX_IDS = 200;

/** `POST /api/monitor/self`. Times in unix seconds; `userId` (administrators only) selects whose tokens. */
export interface MonitorQuery {
  timeType: MonitorTimeType;
  monitorType: MonitorType;
  userId?: number;
  startTime: number;
  endTime: number;
  channelIds?: number[];
  tokenIds?: number[];
  modelNames?: string[];
}

/** One point: a time bucket × channel (upstream) or token (downstream) × model (spec 2 §3 Monitor row). */
export interface MonitorRow {
  /** Start of the bucket, unix seconds. */
  created_at: number;
  channel_id?: number;
  channel_name?: string;
  token_id?: number;
  token_name?: string;
  model_name: string;
  /** Successes / requests, 0..1 with 4 decimals. */
  success_rate: number;
  /** Milliseconds. */
  avg_response_time: number;
  /** Milliseconds, over the successful streamed answers that reported a first token; null when none did. */
  avg_first_token_time: number | null;
  total_count: number;
  success_count: number;
  error_count: number;
}

export interface MonitorResult {
  items: MonitorRow[];
  updated_at: number;
}

/** `GET /api/monitor/channels|tokens|models`: what the filters offer within the range. */
export interface MonitorOption {
  id?: number;
  name: string;
}

/** Data dashboard granularity (the `DataExportDefaultTime` option's choices). */
export const DASHBOARD_GRANULARITIES = ['hour', 'day', 'week'] as const;
export type DashboardGranularity = (typeof DASHBOARD_GRANULARITIES)[number];

/** `GET /api/data/` (administrators; `username` optional) and `/api/data/self`. */
export interface DashboardQuery {
  start_timestamp: number;
  end_timestamp: number;
  time_granularity?: DashboardGranularity;
  username?: string;
}

export interface DashboardCards {
  /** Remaining quota of the user viewed (the viewer's own on /self; null when every user is shown). */
  balance: number | null;
  /** Quota spent in the range. */
  used_quota: number;
  request_count: number;
  token_used: number;
  /** Requests and tokens per minute, averaged over the range. */
  avg_rpm: number;
  avg_tpm: number;
}

/** One point of the dashboard's charts; channel_name is given to administrators only. */
export interface DashboardPoint {
  /** Start of the hour, day or week (Monday), unix seconds. */
  created_at: number;
  model_name: string;
  channel_id?: number;
  channel_name?: string;
  quota: number;
  token_used: number;
  count: number;
}

export interface DashboardResult {
  cards: DashboardCards;
  points: DashboardPoint[];
  updated_at: number;
}

export const MSG_STATS_RANGE_INVALID = '开始时间不能晚于结束时间';
export const MSG_STATS_RANGE_TOO_LONG = `时间范围不能超过 ${STATS_MAX_RANGE_DAYS} 天`;
export const MSG_MONITOR_MINUTE_RANGE = `按分钟统计只保留最近 ${MONITOR_MINUTE_RETENTION_DAYS} 天的数据，请缩短时间范围或改按小时查看`;
export const MSG_MONITOR_UPSTREAM_ROOT_ONLY = '上游监控仅限超级管理员（用户 1）查看';
export const MSG_DASHBOARD_DISABLED = '数据看板未启用';
/** At most this many time points per series in one monitor call (90 days by the hour fit). */
export const MONITOR_MAX_BUCKETS = 2200;
export const MSG_MONITOR_TOO_MANY_POINTS = `时间点过多（最多 ${MONITOR_MAX_BUCKETS} 个），请缩短时间范围或改用更粗的粒度`;
