import { DASHBOARD_GRANULARITIES, type DashboardGranularity, type DashboardPoint, type DashboardQuery } from '@gw/shared';
import type { SiteStatus } from '@/api/status';
import { DAY_MS, formatDay, formatMinute, lastSpan, startOfDay, toSeconds, type MsRange } from '@/lib/time-range';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';

export type DashboardPreset = 'today' | 'week' | 'month';

export const PRESET_OPTIONS: Array<{ label: string; value: DashboardPreset }> = [
  { label: '今天', value: 'today' },
  { label: '最近7天', value: 'week' },
  { label: '最近30天', value: 'month' },
];

export const GRANULARITY_OPTIONS: Array<{ label: string; value: DashboardGranularity }> = [
  { label: '小时', value: 'hour' },
  { label: '天', value: 'day' },
  { label: '周', value: 'week' },
];

/** Charts split by model, or (administrators) by channel. */
export type DashboardGrouping = 'model' | 'channel';

export const GROUPING_OPTIONS: Array<{ label: string; value: DashboardGrouping }> = [
  { label: '按模型', value: 'model' },
  { label: '按渠道', value: 'channel' },
];

export function presetRange(preset: DashboardPreset, now = Date.now()): MsRange {
  if (preset === 'today') return [startOfDay(now), now];
  return lastSpan((preset === 'week' ? 7 : 30) * DAY_MS, now);
}

/** The site's DataExportDefaultTime (status data_export_default_time), hour when unset or unknown. */
export function defaultGranularity(status: SiteStatus | null): DashboardGranularity {
  const stored = status?.data_export_default_time;
  return DASHBOARD_GRANULARITIES.find((granularity) => granularity === stored) ?? 'hour';
}

export function dashboardQuery(preset: DashboardPreset, granularity: DashboardGranularity, username: string, now = Date.now()): DashboardQuery {
  const [start, end] = presetRange(preset, now);
  return { start_timestamp: toSeconds(start), end_timestamp: toSeconds(end), time_granularity: granularity, username: username.trim() || undefined };
}

export const OTHERS = '其他';

type Metric = 'quota' | 'token_used' | 'count';

export interface DashboardSeriesSet {
  times: number[];
  series: Array<{ name: string; data: number[] }>;
}

const groupName = (point: DashboardPoint, grouping: DashboardGrouping) =>
  grouping === 'model' ? point.model_name : point.channel_name || (point.channel_id ? `#${point.channel_id}` : '未知渠道');

/** One series per model (or channel), largest first; beyond `limit` the smallest are summed as 其他. */
export function dashboardSeries(points: DashboardPoint[], grouping: DashboardGrouping, metric: Metric, limit = 10): DashboardSeriesSet {
  const totals = new Map<string, number>();
  for (const point of points) totals.set(groupName(point, grouping), (totals.get(groupName(point, grouping)) ?? 0) + point[metric]);
  const ranked = [...totals.keys()].sort((a, b) => totals.get(b)! - totals.get(a)! || a.localeCompare(b));
  const kept = new Set(ranked.length > limit ? ranked.slice(0, limit - 1) : ranked);
  const names = ranked.length > limit ? [...kept, OTHERS] : ranked;
  const times = [...new Set(points.map((point) => point.created_at))].sort((a, b) => a - b);
  const index = new Map(times.map((time, position) => [time, position]));
  const data = new Map(names.map((name) => [name, times.map(() => 0)]));
  for (const point of points) {
    const name = kept.has(groupName(point, grouping)) ? groupName(point, grouping) : OTHERS;
    data.get(name)![index.get(point.created_at)!] += point[metric];
  }
  return { times, series: names.map((name) => ({ name, data: data.get(name)! })) };
}

export interface DashboardChart {
  key: Metric;
  title: string;
  option: Record<string, unknown>;
}

/** Quota (in dollars when the site shows currency), tokens and calls over time, stacked by model or channel. */
export function dashboardCharts(points: DashboardPoint[], grouping: DashboardGrouping, granularity: DashboardGranularity, display: QuotaDisplay): DashboardChart[] {
  const label = granularity === 'hour' ? formatMinute : formatDay;
  const chart = (key: Metric, title: string, scale: (value: number) => number = (value) => value): DashboardChart => {
    const { times, series } = dashboardSeries(points, grouping, key);
    return {
      key,
      title,
      option: {
        tooltip: { trigger: 'axis', confine: true },
        legend: { type: 'scroll', top: 0 },
        grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
        xAxis: { type: 'category', data: times.map(label) },
        yAxis: { type: 'value' },
        series: series.map((entry) => ({ name: entry.name, type: 'bar', stack: key, barMaxWidth: 32, data: entry.data.map(scale) })),
      },
    };
  };
  const quota = display.displayInCurrency
    ? chart('quota', '消耗额度（$）', (quota) => Number((quota / display.quotaPerUnit).toFixed(6)))
    : chart('quota', '消耗额度');
  return [quota, chart('token_used', 'Tokens'), chart('count', '请求次数')];
}
