import { useState } from 'react';
import { Card } from '@arco-design/web-react';
import { ROLE_ADMIN } from '@gw/shared';
import type { LogItem } from '@/api/logs';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';
import { PAGE_SIZE_OPTIONS } from '@/lib/page-size';
import { useUserStore } from '@/stores/user';
import { getColumns } from './columns';
import { defaultFormValues, toFilters } from './filters';
import { SearchForm } from './search-form';
import { StatSummary } from './stat-summary';
import { useLogs } from './use-logs';

/** 日志 (spec 2 §2 usage log): filters, consumption summary and the log table with paging. */
export default function LogPage() {
  const isAdmin = useUserStore((state) => (state.user?.role ?? 0) >= ROLE_ADMIN);
  const [initialValues] = useState(() => defaultFormValues());
  const logs = useLogs(isAdmin, toFilters(initialValues));
  const display = readQuotaDisplay();

  return (
    <Card title="日志">
      <SearchForm isAdmin={isAdmin} initialValues={initialValues} onSearch={logs.handleSearch} />
      <StatSummary stat={logs.stat} display={display} />
      <ResponsiveTable<LogItem>
        rowKey="id"
        columns={getColumns(isAdmin, display)}
        data={logs.rows}
        loading={logs.loading}
        // The shown columns and the expand toggle: on a 1440 px screen the table fits without a scroll bar.
        scroll={{ x: isAdmin ? 1145 : 925 }}
        pagination={{
          current: logs.page,
          pageSize: logs.pageSize,
          total: logs.total,
          showTotal: true,
          sizeCanChange: true,
          sizeOptions: PAGE_SIZE_OPTIONS,
          onChange: logs.handlePageChange,
        }}
      />
    </Card>
  );
}
