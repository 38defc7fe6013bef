import type { MonitorOption, MonitorQuery, MonitorResult, MonitorTimeType, MonitorType } from '@gw/shared';
import { http } from '@/api/http';

/** Monitor dashboard (spec 2 monitor dashboard, §6, §7 Monitor). */

export const queryMonitor = (query: MonitorQuery) => http.post<MonitorResult>('/api/monitor/self', query);

/** What a filter offers: channels (upstream), tokens (downstream) or models. */
export type MonitorOptionKind = 'channels' | 'tokens' | 'models';

export interface MonitorOptionQuery {
  timeType: MonitorTimeType;
  monitorType: MonitorType;
  startTime: number;
  endTime: number;
  /** Administrators only: whose tokens. */
  userId?: number;
}

export const monitorOptions = (kind: MonitorOptionKind, query: MonitorOptionQuery) =>
  http.get<MonitorOption[]>(`/api/monitor/${kind}`, {
    timeType: query.timeType,
    userId: query.userId,
    start_time: query.startTime,
    end_time: query.endTime,
    monitor_type: query.monitorType,
  });
