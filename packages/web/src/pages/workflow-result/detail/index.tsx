import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button, Empty, Message, Spin, Tabs } from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import { MSG_WORKFLOW_RUN_ID_MISSING, MSG_WORKFLOW_RUNS_FAILED } from '@gw/shared';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';
import { ConfirmDeleteModal } from '@/pages/workflow/confirm-delete-modal';
import { deleteRunChecked, handedRun, parseRunId, RECORD_PARAM } from '../run-view';
import { CostTab } from './cost-tab';
import { EffectTab } from './effect-tab';
import { RunHeader } from './run-header';
import { useRunDetail } from './use-run-detail';
import '@/pages/workflow/workflow.css';
import '../workflow-result.css';

function BackButton() {
  const navigate = useNavigate();
  return (
    <Button type="text" icon={<IconLeft />} className="run-back" onClick={() => navigate('/workflowResult')}>
      返回运行记录
    </Button>
  );
}

/** A run's result (spec 3 §2.7): 效果对比 and 成本/耗时对比, exports, cancel while running, delete. */
export default function WorkflowRunDetailPage() {
  const id = parseRunId(useParams().id);

  useEffect(() => {
    if (id === null) Message.error(MSG_WORKFLOW_RUN_ID_MISSING);
  }, [id]);

  if (id === null) {
    return (
      <div className="workflow-page run-page">
        <BackButton />
        <Empty className="workflow-empty" description={MSG_WORKFLOW_RUN_ID_MISSING} />
      </div>
    );
  }
  // A new id is a new page: nothing of the previous run's state carries over.
  return <RunDetail key={id} id={id} />;
}

function RunDetail({ id }: { id: number }) {
  const location = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const display = useMemo(readQuotaDisplay, []);
  const detail = useRunDetail(id, handedRun(id, location.state, params.get(RECORD_PARAM)));
  const [tab, setTab] = useState('effect');
  const [deleting, setDeleting] = useState(false);
  const { run } = detail;

  const handleDelete = async () => {
    const deleted = await deleteRunChecked(id);
    if (deleted) navigate('/workflowResult', { replace: true });
    return deleted;
  };

  if (!run) {
    return (
      <div className="workflow-page run-page">
        <BackButton />
        <Spin loading={detail.loading} block className="workflow-spin">
          {!detail.loading && <Empty className="workflow-empty" description={MSG_WORKFLOW_RUNS_FAILED} />}
        </Spin>
      </div>
    );
  }

  return (
    <div className="workflow-page run-page">
      <BackButton />
      <RunHeader
        run={run}
        display={display}
        onCancelled={(cancelled) => {
          detail.setRun(cancelled);
          detail.reload();
        }}
        onEditProject={() => navigate(`/workflow/editor/${run.app_id}`)}
        onDelete={() => setDeleting(true)}
        onRerun={() => {
          detail.setRun((current) => (current ? { ...current, status: 'running', error: '', finished_at: 0 } : current));
          detail.reload();
        }}
      />
      <Tabs activeTab={tab} onChange={setTab} lazyload>
        <Tabs.TabPane key="effect" title="效果对比">
          <EffectTab
            models={run.models}
            samples={detail.samples}
            total={detail.total}
            page={detail.page}
            loading={detail.loading}
            display={display}
            onPageChange={detail.setPage}
          />
        </Tabs.TabPane>
        <Tabs.TabPane key="cost" title="成本/耗时对比">
          {/* Read again when the run stops: its last answers change the figures. */}
          <CostTab key={run.status} runId={id} />
        </Tabs.TabPane>
      </Tabs>
      <ConfirmDeleteModal title="删除运行记录" visible={deleting} onConfirm={handleDelete} onClose={() => setDeleting(false)}>
        确定删除「{run.app_title}」的这次运行吗？它的全部回答会一并删除，且无法恢复。
      </ConfirmDeleteModal>
    </div>
  );
}
