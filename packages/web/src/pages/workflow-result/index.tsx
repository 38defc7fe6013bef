import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Empty, Pagination, Typography } from '@arco-design/web-react';
import { PROJECT_SEARCH_MAX_LENGTH, WORKFLOW_RUN_PAGE_SIZE, type WorkflowRunView } from '@gw/shared';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';
import { ConfirmDeleteModal } from '@/pages/workflow/confirm-delete-modal';
import { SearchInput } from '@/pages/workflow/search-input';
import { getColumns, type RunAction } from './columns';
import { deleteRunChecked, runDetailPath } from './run-view';
import { useRunList } from './use-run-list';
import '@/pages/workflow/workflow.css';
import './workflow-result.css';

/** 工作流结果 (spec 3 §2.7): the user's runs, 10 a page, with search; view a run, edit its project, delete it. */
export default function WorkflowResultPage() {
  const runs = useRunList();
  const navigate = useNavigate();
  const display = useMemo(readQuotaDisplay, []);
  const [deleting, setDeleting] = useState<WorkflowRunView | null>(null);

  const handleAction = (action: RunAction, run: WorkflowRunView) => {
    if (action === 'view') navigate(runDetailPath(run), { state: { run } });
    else if (action === 'edit') navigate(`/workflow/editor/${run.app_id}`);
    else setDeleting(run);
  };

  const handleDelete = async () => {
    if (!deleting) return false;
    const deleted = await deleteRunChecked(deleting.id);
    if (deleted) runs.afterDelete();
    return deleted;
  };

  return (
    <div className="workflow-page run-page">
      <Typography.Title heading={4} className="workflow-title">
        工作流结果
      </Typography.Title>
      <section className="workflow-tab">
        <div className="workflow-toolbar">
          <div className="workflow-filters">
            <SearchInput label="搜索运行记录" placeholder="搜索项目名称" maxLength={PROJECT_SEARCH_MAX_LENGTH} onSearch={runs.handleSearch} />
          </div>
        </div>
        <div className="workflow-table">
          <ResponsiveTable<WorkflowRunView>
            rowKey="id"
            size="small"
            loading={runs.loading}
            columns={getColumns(display, handleAction)}
            data={runs.list}
            pagination={false}
            scroll={{ x: 1230 }}
            noDataElement={<Empty description={runs.search ? '没有找到匹配的运行记录' : '还没有运行记录，在工作流编辑器中运行整个数据集后会显示在这里'} />}
          />
        </div>
        {runs.total > WORKFLOW_RUN_PAGE_SIZE && (
          <Pagination className="workflow-pager" current={runs.page} pageSize={WORKFLOW_RUN_PAGE_SIZE} total={runs.total} onChange={runs.setPage} showTotal size="small" />
        )}
      </section>
      <ConfirmDeleteModal title="删除运行记录" visible={deleting !== null} onConfirm={handleDelete} onClose={() => setDeleting(null)}>
        确定删除「{deleting?.app_title}」的这次运行吗？它的全部回答会一并删除，且无法恢复。
      </ConfirmDeleteModal>
    </div>
  );
}
