import {
  MONITOR_DEFAULT_HOURS,
  MONITOR_MINUTE_RETENTION_DAYS,
  MONITOR_PALETTE,
  MONITOR_PRESET_DAYS,
  MONITOR_TIME_TYPES,
  MONITOR_TYPES,
  MSG_MONITOR_MINUTE_RANGE,
  ROLE_ADMIN,
  ROOT_USER_ID,
  type MonitorQuery,
  type MonitorRow,
  type MonitorTimeType,
  type MonitorType,
} from '@gw/shared';
import type { RangePreset } from '@/components/time-range-picker';
import { DAY_MS, HOUR_MS, formatDay, formatMinute, lastSpan, rangeError, startOfDay, toSeconds, type MsRange } from '@/lib/time-range';

/** Upstream: channels (root only); downstream: a user's tokens. */
export type MonitorTab = 'upstream' | 'downstream';

export const MONITOR_TYPE_OF: Record<MonitorTab, MonitorType> = { upstream: MONITOR_TYPES.upstream, downstream: MONITOR_TYPES.downstream };

export const TIME_TYPE_OPTIONS: Array<{ label: string; value: MonitorTimeType }> = [
  { label: '分钟', value: MONITOR_TIME_TYPES.minute },
  { label: '小时', value: MONITOR_TIME_TYPES.hour },
  { label: '天', value: MONITOR_TIME_TYPES.day },
];

export const defaultRange = (now = Date.now()): MsRange => lastSpan(MONITOR_DEFAULT_HOURS * HOUR_MS, now);

/** 最近1小时, 昨天 (its whole day), 最近7/30/90天 (spec 2 §9), each computed when chosen. */
export const MONITOR_PRESETS: RangePreset[] = [
  { label: '最近1小时', range: () => lastSpan(HOUR_MS) },
  {
    label: '昨天',
    range: () => {
      const today = startOfDay(Date.now());
      return [startOfDay(today - 1), today - 1000];
    },
  },
  ...MONITOR_PRESET_DAYS.map((days) => ({ label: `最近${days}天`, range: () => lastSpan(days * DAY_MS) })),
];

/** The range rules of every statistics call, and minute buckets only within their retention. */
export function monitorRangeError(range: MsRange, timeType: MonitorTimeType, now = Date.now()): string | undefined {
  const error = rangeError(range);
  if (error) return error;
  if (timeType === MONITOR_TIME_TYPES.minute && range[0] < now - MONITOR_MINUTE_RETENTION_DAYS * DAY_MS) return MSG_MONITOR_MINUTE_RANGE;
  return undefined;
}

/** Who sees which tab (spec 2 §2 monitor dashboard, §6). */
export interface MonitorAccess {
  tabs: MonitorTab[];
  tab: MonitorTab;
  /** Upstream asked for by someone who is not user 1: send them to /monitor. */
  redirect: boolean;
  /** Administrators only: whose tokens the downstream tab shows. */
  userId?: number;
  downstreamLabel: string;
}

export function monitorAccess(viewer: { id: number; role: number }, params: URLSearchParams): MonitorAccess {
  const isAdmin = viewer.role >= ROLE_ADMIN;
  const wantsUpstream = params.get('tab') === 'upstream';
  const userId = Number(params.get('userId'));
  const name = params.get('name');
  return {
    tabs: isAdmin ? ['upstream', 'downstream'] : ['downstream'],
    tab: wantsUpstream && viewer.id === ROOT_USER_ID ? 'upstream' : 'downstream',
    redirect: wantsUpstream && viewer.id !== ROOT_USER_ID,
    userId: isAdmin && Number.isInteger(userId) && userId > 0 ? userId : undefined,
    downstreamLabel: isAdmin && name ? `下游监控（${name}）` : '下游监控',
  };
}

/** A channel or token by name, else by id. */
export function entityName(row: MonitorRow, tab: MonitorTab): string {
  return tab === 'upstream' ? row.channel_name || `#${row.channel_id ?? ''}` : row.token_name || `#${row.token_id ?? ''}`;
}

interface Bucket {
  total: number;
  success: number;
  /** Response time × requests, to average over merged rows. */
  timeWeight: number;
}

export interface MonitorSeries {
  name: string;
  /** Per time of MonitorSeriesSet.times; null where the series had no requests. */
  successRate: Array<number | null>;
  avgResponseTime: Array<number | null>;
  count: Array<number | null>;
}

export interface MonitorSeriesSet {
  times: number[];
  series: MonitorSeries[];
}

export const OTHERS = '其他';

function seriesNamer(rows: MonitorRow[], tab: MonitorTab): (row: MonitorRow) => string {
  const entities = new Set(rows.map((row) => entityName(row, tab)));
  const models = new Set(rows.map((row) => row.model_name));
  if (entities.size <= 1) return (row) => row.model_name;
  if (models.size <= 1) return (row) => entityName(row, tab);
  return (row) => `${entityName(row, tab)} / ${row.model_name}`;
}

/**
 * One series per channel/token × model (per model when one channel/token is shown, per
 * channel/token when one model is), busiest first; beyond the palette's ten colours the quietest
 * are merged as 其他 (rates and times weighted by requests).
 */
export function monitorSeries(rows: MonitorRow[], tab: MonitorTab, limit: number = MONITOR_PALETTE.length): MonitorSeriesSet {
  const nameOf = seriesNamer(rows, tab);
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(nameOf(row), (totals.get(nameOf(row)) ?? 0) + row.total_count);
  const ranked = [...totals.keys()].sort((a, b) => totals.get(b)! - totals.get(a)! || a.localeCompare(b));
  const kept = new Set(ranked.length > limit ? ranked.slice(0, limit - 1) : ranked);
  const names = ranked.length > limit ? [...kept, OTHERS] : ranked;

  const buckets = new Map<string, Map<number, Bucket>>(names.map((name) => [name, new Map()]));
  for (const row of rows) {
    const name = kept.has(nameOf(row)) ? nameOf(row) : OTHERS;
    const series = buckets.get(name)!;
    const bucket = series.get(row.created_at) ?? { total: 0, success: 0, timeWeight: 0 };
    bucket.total += row.total_count;
    bucket.success += row.success_count;
    bucket.timeWeight += row.avg_response_time * row.total_count;
    series.set(row.created_at, bucket);
  }
  const times = [...new Set(rows.map((row) => row.created_at))].sort((a, b) => a - b);
  return {
    times,
    series: names.map((name) => {
      const points = times.map((time) => buckets.get(name)!.get(time));
      const of = (value: (bucket: Bucket) => number) => points.map((bucket) => (bucket && bucket.total > 0 ? value(bucket) : null));
      return {
        name,
        successRate: of((bucket) => Number(((bucket.success / bucket.total) * 100).toFixed(2))),
        avgResponseTime: of((bucket) => Math.round(bucket.timeWeight / bucket.total)),
        count: of((bucket) => bucket.total),
      };
    }),
  };
}

export const timeLabel = (timeType: MonitorTimeType) => (timeType === MONITOR_TIME_TYPES.day ? formatDay : formatMinute);

export interface MonitorChart {
  key: 'successRate' | 'avgResponseTime' | 'count';
  title: string;
  option: Record<string, unknown>;
}

/** The three charts: success rate (line, %), average response time (line, ms), requests (stacked bars). */
export function monitorCharts({ times, series }: MonitorSeriesSet, timeType: MonitorTimeType): MonitorChart[] {
  const base = (unit: string) => ({
    color: [...MONITOR_PALETTE],
    tooltip: { trigger: 'axis', confine: true, valueFormatter: (value: number | null) => (value === null ? '-' : `${value}${unit}`) },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: times.map(timeLabel(timeType)) },
  });
  const lines = (key: 'successRate' | 'avgResponseTime') => series.map((entry) => ({ name: entry.name, type: 'line', showSymbol: times.length < 50, data: entry[key] }));
  return [
    { key: 'successRate', title: '成功率（%）', option: { ...base('%'), yAxis: { type: 'value', min: 0, max: 100 }, series: lines('successRate') } },
    { key: 'avgResponseTime', title: '平均响应时间（ms）', option: { ...base(' ms'), yAxis: { type: 'value' }, series: lines('avgResponseTime') } },
    {
      key: 'count',
      title: '请求次数',
      option: { ...base(''), yAxis: { type: 'value', minInterval: 1 }, series: series.map((entry) => ({ name: entry.name, type: 'bar', stack: 'count', barMaxWidth: 32, data: entry.count })) },
    },
  ];
}

/** The monitor's filters as the form holds them. */
export interface MonitorFilters {
  timeType: MonitorTimeType;
  range: MsRange;
  /** Channel ids (upstream) or token ids (downstream); none means all. */
  ids: number[];
  models: string[];
}

/** Hourly buckets over the last MONITOR_DEFAULT_HOURS hours, every channel/token and model. */
export const defaultFilters = (now = Date.now()): MonitorFilters => ({ timeType: MONITOR_TIME_TYPES.hour, range: defaultRange(now), ids: [], models: [] });

/** The body of POST /api/monitor/self; userId (administrators) applies to the downstream tab only. */
export function monitorQuery(filters: MonitorFilters, tab: MonitorTab, userId?: number): MonitorQuery {
  const ids = filters.ids.length > 0 ? filters.ids : undefined;
  return {
    timeType: filters.timeType,
    monitorType: MONITOR_TYPE_OF[tab],
    userId: tab === 'downstream' ? userId : undefined,
    startTime: toSeconds(filters.range[0]),
    endTime: toSeconds(filters.range[1]),
    channelIds: tab === 'upstream' ? ids : undefined,
    tokenIds: tab === 'downstream' ? ids : undefined,
    modelNames: filters.models.length > 0 ? filters.models : undefined,
  };
}
