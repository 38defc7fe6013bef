import type { AuditLogPage } from '@gw/shared';
import { http } from '@/api/http';

/** The filters of GET /api/audit/; unset ones mean "any". Times are unix seconds, both ends included. */
export interface AuditFilters {
  actor_id?: number;
  action?: string;
  target_type?: string;
  target_id?: string;
  start_timestamp?: number;
  end_timestamp?: number;
}

/** One page of the audit log, newest first; `p` counts from 0 like every console list. */
export const listAuditLogs = (page: number, pageSize: number, filters: AuditFilters) => http.get<AuditLogPage>('/api/audit/', { p: page, page_size: pageSize, ...filters });
