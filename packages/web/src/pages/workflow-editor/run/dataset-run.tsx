import { useState } from 'react';
import { Button, Message, Typography } from '@arco-design/web-react';
import { MSG_WORKFLOW_NO_SOURCE, MSG_WORKFLOW_RUN_FAILED, MSG_WORKFLOW_RUN_STARTED, type WorkflowEstimate, type WorkflowRunInput } from '@gw/shared';
import { estimateRun, startRun } from '@/api/workflow-runs';
import { runCall } from '@/pages/workflow/workflow-view';
import { useWorkflowTrackingStore } from '@/stores/workflow-tracking';
import { inputSourceOf } from '../nodes/input/defaults';
import { useEditorStore, useEditorStoreApi } from '../store/editor-context';
import { EstimateModal } from './estimate-modal';
import { RepeatsInput } from './repeats-input';
import { RunProgress } from './run-progress';
import { ScorerEditor } from './scorer-editor';
import { useProjectScorers } from './use-project-scorers';

interface DatasetRunProps {
  ensureSaved: () => Promise<boolean>;
}

/** Runs every sample of the input node's source in the background: estimate, confirm, then follow it. */
export function DatasetRun({ ensureSaved }: DatasetRunProps) {
  const store = useEditorStoreApi();
  const input = useEditorStore((state) => state.nodes.find((node) => node.type === 'input'));
  const appId = useEditorStore((state) => state.project?.id);
  // The judge's model picker offers what the llm node's does.
  const models = useEditorStore((state) => state.models);
  const scoring = useProjectScorers(appId);
  const [repeats, setRepeats] = useState(1);
  const track = useWorkflowTrackingStore((state) => state.track);
  const [estimate, setEstimate] = useState<WorkflowEstimate | null>(null);
  const [estimating, setEstimating] = useState(false);
  const [starting, setStarting] = useState(false);
  const [runId, setRunId] = useState<number | null>(null);
  const source = input ? inputSourceOf(input.data) : undefined;

  const runInput = (): WorkflowRunInput => ({
    app_id: store.getState().project!.id,
    response_mode: 'direct',
    run_whole_data: true,
    scorers: scoring.scorers,
    repeats,
  });

  const handleEstimate = async () => {
    if (!source || source.id <= 0) {
      Message.warning(MSG_WORKFLOW_NO_SOURCE);
      return;
    }
    if (!(await ensureSaved())) return;
    setEstimating(true);
    const result = await runCall(estimateRun(runInput()), MSG_WORKFLOW_RUN_FAILED);
    setEstimating(false);
    if (result) setEstimate(result.data);
  };

  const handleStart = async () => {
    setStarting(true);
    const result = await runCall(startRun(runInput()), MSG_WORKFLOW_RUN_FAILED);
    setStarting(false);
    if (!result) return;
    setEstimate(null);
    setRunId(result.data.run_id);
    track(result.data.task);
    Message.success(result.message || MSG_WORKFLOW_RUN_STARTED);
  };

  return (
    <div className="wf-run-section">
      <Typography.Paragraph>
        {source && source.id > 0
          ? `用${source.kind === 'file' ? '文件' : '数据集'} #${source.id} 的每个样本（字段 ${source.field}）运行所有大模型节点，在后台完成。`
          : '先在输入节点中选择数据集或文件。'}
      </Typography.Paragraph>
      <ScorerEditor
        scorers={scoring.scorers}
        models={models}
        loading={scoring.loading}
        saving={scoring.saving}
        onChange={scoring.setScorers}
        onSave={() => void scoring.save()}
      />
      <RepeatsInput value={repeats} onChange={setRepeats} />
      <Button type="primary" loading={estimating} disabled={scoring.loading} onClick={handleEstimate}>
        估算并运行
      </Button>
      {runId !== null ? <RunProgress key={runId} runId={runId} /> : null}
      <EstimateModal estimate={estimate} repeats={repeats} starting={starting} onConfirm={handleStart} onCancel={() => setEstimate(null)} />
    </div>
  );
}
