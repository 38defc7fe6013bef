import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Message, Progress, Typography } from '@arco-design/web-react';
import { MSG_WORKFLOW_RUN_CANCELLED, WORKFLOW_POLL_INTERVAL_MS, type WorkflowRunStatusView } from '@gw/shared';
import { callQuietly } from '@/api/http';
import { cancelRun, runStatus } from '@/api/workflow-runs';
import { runCall } from '@/pages/workflow/workflow-view';

const STATUS_TEXT: Record<WorkflowRunStatusView['Status'], string> = { running: '运行中', succeeded: '已完成', failed: '失败', cancelled: '已取消' };

/** A started whole-dataset run: done/total (and the judges' judged/judge_total) polled every 5 s, a cancel button, and its results once it stopped. */
export function RunProgress({ runId }: { runId: number }) {
  const [status, setStatus] = useState<WorkflowRunStatusView | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const running = status === null || status.Status === 'running';

  useEffect(() => {
    if (!running) return undefined;
    let current = true;
    const poll = async () => {
      const next = await callQuietly(runStatus(runId));
      if (current && next) setStatus(next);
    };
    void poll();
    const timer = setInterval(poll, WORKFLOW_POLL_INTERVAL_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [runId, running]);

  const handleCancel = async () => {
    setCancelling(true);
    const result = await runCall(cancelRun(runId), '取消运行失败');
    setCancelling(false);
    if (!result) return;
    Message.success(MSG_WORKFLOW_RUN_CANCELLED);
    setStatus((current) => (current ? {
            ...current,
            Status: result.data.status,
            done: result.data.done,
            failed: result.data.failed,
            total: result.data.total,
            judge_total: result.data.judge_total,
            judged: result.data.judged,
          } : current));
  };

  const done = status?.done ?? 0;
  const total = status?.total ?? 0;
  return (
    <div className="wf-run-progress" aria-label="运行进度">
      <Typography.Text>
        运行 #{runId} · {status ? STATUS_TEXT[status.Status] : '运行中'} · {done}/{total}
        {status?.failed ? `（失败 ${status.failed}）` : ''}
      </Typography.Text>
      <Progress percent={total > 0 ? Math.round((done / total) * 100) : 0} status={status?.Status === 'failed' ? 'error' : undefined} />
      {status && status.judge_total > 0 && (
        <>
          <Typography.Text>
            评审 {status.judged}/{status.judge_total}
          </Typography.Text>
          <Progress aria-label="评审进度" size="small" percent={Math.round((status.judged / status.judge_total) * 100)} />
        </>
      )}
      {running ? (
        <Button status="danger" loading={cancelling} onClick={handleCancel}>
          取消运行
        </Button>
      ) : (
        <Link to={`/workflowResult/${runId}`}>查看运行结果</Link>
      )}
    </div>
  );
}
