import { useState } from 'react';
import { Alert, Message, Modal, Radio, Space, Typography } from '@arco-design/web-react';
import { MSG_WORKFLOW_RERUN_STARTED, type WorkflowRerunScope, type WorkflowRunView } from '@gw/shared';
import { rerunRun } from '@/api/workflow-runs';
import { runCall } from '@/pages/workflow/workflow-view';

/** The catalogue has no message of its own for this. */
export const MSG_RUN_RERUN_FAILED = '重新运行失败';

interface RerunModalProps {
  run: WorkflowRunView;
  visible: boolean;
  onClose: () => void;
  /** The server took the re-run: the run is running again. */
  onStarted: () => void;
}

/** 重新运行 (issue 30): ask the failed answers again, or every answer (all billed again). */
export function RerunModal({ run, visible, onClose, onStarted }: RerunModalProps) {
  const [scope, setScope] = useState<WorkflowRerunScope>('failed');
  const [starting, setStarting] = useState(false);
  const unasked = Math.max(run.total - run.done - run.failed, 0);

  // Every opening starts from the cheap choice: asking everything again is never the default.
  const handleClose = () => {
    setScope('failed');
    onClose();
  };

  const handleOk = async () => {
    setStarting(true);
    const result = await runCall(rerunRun(run.id, { only: scope }), MSG_RUN_RERUN_FAILED);
    setStarting(false);
    if (!result) return;
    Message.success(result.message || MSG_WORKFLOW_RERUN_STARTED);
    handleClose();
    onStarted();
  };

  return (
    <Modal
      title="重新运行"
      visible={visible}
      style={{ width: 'min(480px, calc(100vw - 32px))' }}
      okText="重新运行"
      confirmLoading={starting}
      onOk={handleOk}
      onCancel={handleClose}
      unmountOnExit
    >
      <Space direction="vertical" size={12}>
        <Radio.Group direction="vertical" aria-label="重新运行的范围" value={scope} onChange={(value: WorkflowRerunScope) => setScope(value)}>
          <Radio value="failed">只重新运行失败的回答（{run.failed.toLocaleString('zh-CN')} 条）</Radio>
          <Radio value="all">全部重新运行（{run.total.toLocaleString('zh-CN')} 条）</Radio>
        </Radio.Group>
        {scope === 'failed' && unasked > 0 && <Typography.Text type="secondary">还没有回答的 {unasked.toLocaleString('zh-CN')} 条也会一并运行。</Typography.Text>}
        {scope === 'all' && <Alert type="warning" content="每个回答都会重新提问并重新计费，已有的回答会被新的回答替换。" />}
      </Space>
    </Modal>
  );
}
