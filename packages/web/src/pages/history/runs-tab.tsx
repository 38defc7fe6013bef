import { useMemo } from 'react';
import { Empty, Pagination } from '@arco-design/web-react';
import { WORKFLOW_RUN_PAGE_SIZE, type WorkflowRunView } from '@gw/shared';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';
import { useRunList } from '@/pages/workflow-result/use-run-list';
import { getRunColumns } from './run-columns';

/** 工作流运行: the user's runs, 10 a page, read-only (deleting and searching are on 工作流结果). */
export function RunsTab() {
  const runs = useRunList();
  const display = useMemo(readQuotaDisplay, []);
  const columns = useMemo(() => getRunColumns(display), [display]);
  return (
    <>
      <ResponsiveTable<WorkflowRunView>
        rowKey="id"
        size="small"
        loading={runs.loading}
        columns={columns}
        data={runs.list}
        pagination={false}
        scroll={{ x: 900 }}
        noDataElement={<Empty description="还没有工作流运行记录" />}
      />
      {runs.total > WORKFLOW_RUN_PAGE_SIZE && (
        <Pagination className="history-pager" current={runs.page} pageSize={WORKFLOW_RUN_PAGE_SIZE} total={runs.total} onChange={runs.setPage} showTotal size="small" />
      )}
    </>
  );
}
