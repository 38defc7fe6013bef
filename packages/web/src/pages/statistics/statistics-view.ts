import { STATISTICS_DEFAULT_DAYS, type StatisticsDateType, type StatisticsQuery } from '@gw/shared';
import type { StatisticsView } from '@/api/statistics';
import { DAY_MS, lastSpan, toSeconds, type MsRange } from '@/lib/time-range';

/** The statistics page's filters as the form holds them. */
export interface StatisticsFilters {
  range: MsRange;
  username: string;
  instance: string;
  modelName: string;
  tokenName: string;
  abnormal: boolean;
  /** Detail view only. */
  dateType: StatisticsDateType;
}

export const VIEW_TABS: Array<{ key: StatisticsView; title: string }> = [
  { key: 'detail', title: '明细' },
  { key: 'user', title: '按用户' },
  { key: 'token', title: '按令牌' },
];

export const DATE_TYPE_OPTIONS: Array<{ label: string; value: StatisticsDateType }> = [
  { label: '按天', value: 'day' },
  { label: '按小时', value: 'hour' },
];

/** The last STATISTICS_DEFAULT_DAYS days up to now, every other filter empty, detail rows per day. */
export const defaultFilters = (now = Date.now()): StatisticsFilters => ({
  range: lastSpan(STATISTICS_DEFAULT_DAYS * DAY_MS, now),
  username: '',
  instance: '',
  modelName: '',
  tokenName: '',
  abnormal: false,
  dateType: 'day',
});

/** The call's query: unix seconds, page from 1, date_type for the detail view only, abnormal only when on. */
export function statisticsQuery(filters: StatisticsFilters, view: StatisticsView, page: number, pageSize: number): StatisticsQuery {
  return {
    p: page,
    page_size: pageSize,
    startTime: toSeconds(filters.range[0]),
    endTime: toSeconds(filters.range[1]),
    date_type: view === 'detail' ? filters.dateType : undefined,
    username: filters.username,
    instance: filters.instance,
    modelName: filters.modelName,
    tokenName: filters.tokenName,
    abnormal: filters.abnormal || undefined,
  };
}

/** Ratios as logged, without float noise (0.30000000000000004 → 0.3). */
export const ratioText = (ratio: number) => String(Number(ratio.toFixed(6)));

/** Rows carry no id: a row's place in its page keys it. */
export const withKeys = <Row extends object>(rows: Row[]) => rows.map((row, index) => ({ ...row, key: index }));
