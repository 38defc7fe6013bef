import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { Result, Spin, Typography } from '@arco-design/web-react';
import type { WorkflowRunView } from '@gw/shared';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';
import { formatTime } from '@/pages/workflow/workflow-view';
import { EffectTab } from '../detail/effect-tab';
import { RunStatusTag } from '../run-status-tag';
import { SharedSummary } from './shared-summary';
import { useSharedRun } from './use-shared-run';
import '@/pages/workflow/workflow.css';
import '../workflow-result.css';
import './share.css';
import { RunBasicFacts } from '../detail/run-basic-facts';

/** The shared run's title and facts, read-only. */
function SharedRunHeader({ run }: { run: WorkflowRunView }) {
  return (
    <header className="run-header">
      <div className="run-header-top">
        <div className="run-header-title">
          <Typography.Title heading={5} className="run-header-name">
            {run.app_title}
          </Typography.Title>
          <RunStatusTag status={run.status} />
        </div>
      </div>
      <dl className="run-facts">
        <RunBasicFacts run={run} />
        <div>
          <dt>创建时间</dt>
          <dd>{formatTime(run.created_at)}</dd>
        </div>
        <div>
          <dt>完成时间</dt>
          <dd>{formatTime(run.finished_at)}</dd>
        </div>
      </dl>
    </header>
  );
}

/**
 * `/share/run/:token` (issue 30): a run's results as its owner shared them — the header, the summary
 * and the samples with every answer — outside the signed-in shell, for anyone holding the link.
 * It reads the public share calls only.
 */
export default function SharedRunPage() {
  const token = useParams().token ?? '';
  const display = useMemo(readQuotaDisplay, []);
  const { shared, error, page, setPage, samples, total, loading } = useSharedRun(token);

  return (
    <div className="shared-page workflow-page run-page">
      <div className="shared-page-brand">只读分享 · 工作流运行结果</div>
      {error ? (
        <Result status="404" title={error} subTitle="请向分享者索取新的链接。" />
      ) : !shared ? (
        <Spin loading block className="workflow-spin" />
      ) : (
        <>
          <SharedRunHeader run={shared.run} />
          <SharedSummary summary={shared.summary} />
          <section className="shared-section" aria-label="样本与回答">
            <Typography.Title heading={6}>样本与回答</Typography.Title>
            <EffectTab models={shared.run.models} samples={samples} total={total} page={page} loading={loading} display={display} onPageChange={setPage} />
          </section>
        </>
      )}
    </div>
  );
}
