import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '@arco-design/web-react';
import { workflowDoneMessage } from '@gw/shared';
import { startTrackingPoll, useWorkflowTrackingStore } from '@/stores/workflow-tracking';

/**
 * Follows the tracked runs while mounted (the projects page and the editor) and shows the completion
 * dialog of each that finished; its confirm opens that run's results.
 */
export function RunTracker() {
  const navigate = useNavigate();
  const finished = useWorkflowTrackingStore((state) => state.finished[0]);
  const dismiss = useWorkflowTrackingStore((state) => state.dismiss);

  useEffect(() => startTrackingPoll(), []);

  const handleOpen = () => {
    if (!finished) return;
    dismiss();
    navigate(`/workflowResult/${finished.id}`);
  };

  return (
    <Modal title="工作流完成" visible={finished !== undefined} okText="查看结果" cancelText="关闭" onOk={handleOpen} onCancel={dismiss} style={{ width: 'min(420px, calc(100vw - 32px))' }}>
      {finished ? workflowDoneMessage(finished.app_title) : null}
    </Modal>
  );
}
