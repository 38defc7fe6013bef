import {
  STATISTICS_EXPORT_TIMEOUT_MS,
  type ChannelMarginPage,
  type ChannelMarginQuery,
  type StatisticsInstance,
  type StatisticsPage,
  type StatisticsQuery,
  type StatisticsRow,
  type StatisticsTokenRow,
  type StatisticsUserRow,
} from '@gw/shared';
import { http } from '@/api/http';
import { downloadFile } from '@/lib/download';

/** Statistics (spec 2 statistics page, §7 Statistics): administrators only. */

/** The page's three views: detail rows, rows per user, rows per token. */
export type StatisticsView = 'detail' | 'user' | 'token';

export interface StatisticsRowOf {
  detail: StatisticsRow;
  user: StatisticsUserRow;
  token: StatisticsTokenRow;
}

const LIST_PATHS: Record<StatisticsView, string> = {
  detail: '/api/statistics',
  user: '/api/statistics/groupByUserPage',
  token: '/api/statistics/groupByTokenPage',
};

const EXPORT_PATHS: Record<StatisticsView, string> = {
  detail: '/api/statistics/export',
  user: '/api/statistics/exportUser',
  token: '/api/statistics/exportToken',
};

type Params = Record<string, string | number | boolean>;

/** The query string of a call: empty text filters and a false abnormal flag are left out. */
export function statisticsParams(query: StatisticsQuery | ChannelMarginQuery): Params {
  const params: Params = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    params[key] = typeof value === 'string' ? value.trim() : value;
  }
  return params;
}

export const listStatistics = <V extends StatisticsView>(view: V, query: StatisticsQuery) =>
  http.get<StatisticsPage<StatisticsRowOf[V]>>(LIST_PATHS[view], statisticsParams(query));

export const listInstances = () => http.get<StatisticsInstance[]>('/api/statistics/instances');

/** Rolls up the logs written so far at once (rather than at the next roll-up run). */
export const refreshStatistics = () => http.post<{ lastLogId: number; coveredAt: number }>('/api/statistics/refresh');

/** Downloads the view's spreadsheet for the filters (no paging); resolves whether it was saved. */
export function exportStatistics(view: StatisticsView, query: StatisticsQuery): Promise<boolean> {
  const { p: _page, page_size: _size, ...filters } = query;
  return downloadFile(EXPORT_PATHS[view], { params: statisticsParams(filters), fallbackName: `statistics-${view}.xlsx`, timeoutMs: STATISTICS_EXPORT_TIMEOUT_MS });
}

/** Revenue, cost and margin per channel, model or channel × model (issue 29); every row at once, no paging. */
export const listChannelMargins = (query: ChannelMarginQuery) => http.get<ChannelMarginPage>('/api/statistics/channel-margin', statisticsParams(query));
