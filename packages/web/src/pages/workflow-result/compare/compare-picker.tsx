import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Modal, Spin, Typography, type ButtonProps } from '@arco-design/web-react';
import { IconSwap } from '@arco-design/web-react/icon';
import { MSG_WORKFLOW_RUNS_FAILED, type WorkflowRunView } from '@gw/shared';
import { appRuns } from '@/api/workflow-runs';
import { runCall } from '@/pages/workflow/workflow-view';
import { comparePath, isFinishedWholeRun, runChoiceLabel, type RunChoice } from './run-choice';
import { RunSelect } from './run-select';
import './compare.css';

interface ComparePickerProps {
  /** The run compared: the other side of the comparison. */
  run: WorkflowRunView;
  visible: boolean;
  onClose: () => void;
}

/**
 * Picks the baseline to compare a run with: the project's earlier run by default, any of the
 * user's finished runs by search; then opens the compare page with the run as the compared one.
 */
export function ComparePicker({ run, visible, onClose }: ComparePickerProps) {
  const navigate = useNavigate();
  const [projectRuns, setProjectRuns] = useState<RunChoice[] | null>(null);
  const [base, setBase] = useState<number | undefined>(undefined);

  useEffect(() => {
    if (!visible) return;
    let active = true;
    setProjectRuns(null);
    setBase(undefined);
    void runCall(appRuns(run.app_id), MSG_WORKFLOW_RUNS_FAILED).then((result) => {
      if (!active) return;
      const others = (result?.data.list ?? []).filter((candidate) => candidate.id !== run.id && isFinishedWholeRun(candidate));
      setProjectRuns(others);
      // Newest first: the first older one is the run before this one.
      setBase(others.find((candidate) => candidate.id < run.id)?.id);
    });
    return () => {
      active = false;
    };
  }, [visible, run.app_id, run.id]);

  const handleOk = () => {
    if (base === undefined) return;
    onClose();
    navigate(comparePath(base, run.id));
  };

  return (
    <Modal
      title="对比运行"
      visible={visible}
      style={{ width: 'min(520px, calc(100vw - 32px))' }}
      okText="对比"
      okButtonProps={{ disabled: base === undefined }}
      onOk={handleOk}
      onCancel={onClose}
      unmountOnExit
    >
      <div className="compare-picker">
        <Typography.Text>对比运行：{runChoiceLabel(run)}</Typography.Text>
        <Typography.Text type="secondary">选择作为基准的运行，默认是这个项目的上一次运行；也可以搜索其他项目或数据来源的运行。</Typography.Text>
        {projectRuns === null ? (
          <Spin block />
        ) : (
          <RunSelect label="基准运行" value={base} exclude={run.id} runs={projectRuns} onChange={(picked) => setBase(picked.id)} />
        )}
      </div>
    </Modal>
  );
}

type CompareButtonProps = Pick<ButtonProps, 'size' | 'type'> & {
  run: WorkflowRunView;
  /** The button's accessible name when its text alone does not say which run (a list row). */
  label?: string;
};

/** 对比: opens the picker for this run. */
export function CompareButton({ run, label, ...button }: CompareButtonProps) {
  const [picking, setPicking] = useState(false);
  return (
    <>
      <Button {...button} icon={<IconSwap />} aria-label={label} onClick={() => setPicking(true)}>
        对比
      </Button>
      <ComparePicker run={run} visible={picking} onClose={() => setPicking(false)} />
    </>
  );
}
