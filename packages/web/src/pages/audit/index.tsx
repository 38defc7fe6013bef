import { Card } from '@arco-design/web-react';
import type { AuditLogView } from '@gw/shared';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { getColumns } from './columns';
import { SearchForm } from './search-form';
import { useAuditLogs } from './use-audit-logs';

const COLUMNS = getColumns();
const totalText = (total: number) => `共 ${total} 条`;

/** 审计日志 (issue 31, super administrators): who changed what, when, from where, and each changed field before and after. */
export default function AuditPage() {
  const logs = useAuditLogs();

  return (
    <Card title="审计日志">
      <SearchForm onSearch={logs.handleSearch} />
      <ResponsiveTable<AuditLogView>
        rowKey="id"
        columns={COLUMNS}
        data={logs.rows}
        loading={logs.loading}
        pagination={{ ...logs.pagination, showTotal: totalText, showJumper: true }}
      />
    </Card>
  );
}
