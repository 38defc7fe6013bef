import type { AuditLogView } from '@gw/shared';
import { listAuditLogs, type AuditFilters } from '@/api/audit';
import { showError } from '@/api/http';
import { useServerPage } from '@/lib/use-server-page';
import { Message } from '@arco-design/web-react';

/** One server page of the audit log for the filters; a refusal shows the server's (Chinese) message. */
async function loadAuditLogs(filters: AuditFilters, page: number, size: number) {
  try {
    const reply = await listAuditLogs(page, size, filters);
    if (reply.success) return { items: reply.data.items, total: reply.data.total };
    Message.error(reply.message || '获取审计日志失败');
  } catch (error) {
    showError(error);
  }
  return undefined;
}

export function useAuditLogs() {
  return useServerPage<AuditLogView, AuditFilters>({}, loadAuditLogs);
}
