import type { DashboardQuery, DashboardResult } from '@gw/shared';
import { http } from '@/api/http';

/** The data dashboard (/detail): administrators read anyone's (or everyone's) figures, others their own. */
export const getDashboard = (isAdmin: boolean, query: DashboardQuery) =>
  isAdmin
    ? http.get<DashboardResult>('/api/data/', { ...query, username: query.username?.trim() || undefined })
    : http.get<DashboardResult>('/api/data/self', { start_timestamp: query.start_timestamp, end_timestamp: query.end_timestamp, time_granularity: query.time_granularity });
