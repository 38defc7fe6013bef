import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Alert, Button, Result, Spin } from '@arco-design/web-react';
import { ReactFlowProvider } from '@xyflow/react';
import { useNarrowScreen } from '@/lib/screen';
import { RunTracker } from '@/pages/workflow/run-tracker';
import { WorkflowCanvas } from './canvas/workflow-canvas';
import { SettingsPanel } from './panel/settings-panel';
import { RunDrawer } from './run/run-drawer';
import { EditorStoreProvider, useEditorStore, useEditorStoreApi } from './store/editor-context';
import { EditorToolbar } from './toolbar';
import { useCacheWriter } from './use-cache-writer';
import { useLeaveGuard } from './use-leave-guard';
import { useLoadWorkflow, type EditorRouteState } from './use-load-workflow';
import { useModelNames } from './use-model-names';
import { useSaveWorkflow } from './use-save-workflow';

/** The editor of one project; a fresh store per project id (the page keys it). */
export function WorkflowEditor({ projectId }: { projectId: string }) {
  return (
    <EditorStoreProvider>
      {/* The palette in the toolbar places new nodes in what the canvas shows, so both share one React Flow. */}
      <ReactFlowProvider>
        <EditorScreen projectId={projectId} />
      </ReactFlowProvider>
    </EditorStoreProvider>
  );
}

function EditorScreen({ projectId }: { projectId: string }) {
  const location = useLocation();
  const store = useEditorStoreApi();
  const { state, reload } = useLoadWorkflow(projectId, location.state as EditorRouteState | null);
  const { save, saving, deleteDraft } = useSaveWorkflow();
  const [running, setRunning] = useState(false);
  // A phone's screen is too small to drag nodes and wires with a finger: there the editor only shows the graph (and runs it as saved).
  const readOnly = useNarrowScreen();
  useModelNames();
  useCacheWriter(state === 'ready');
  useLeaveGuard(useEditorStore((editor) => editor.dirty));

  const ensureSaved = async () => readOnly || !store.getState().dirty || save();
  const handleDeleteDraft = async () => {
    if (await deleteDraft()) await reload();
  };

  if (state === 'loading') {
    return (
      <div className="wf-editor-state">
        <Spin tip="正在加载工作流…" />
      </div>
    );
  }
  if (state === 'failed') {
    return (
      <Result
        status="error"
        title="工作流加载失败"
        subTitle="项目不存在，或暂时无法读取。"
        extra={[
          <Button key="retry" type="primary" onClick={() => void reload()}>
            重试
          </Button>,
          <Link key="back" to="/workflow">
            <Button>返回项目列表</Button>
          </Link>,
        ]}
      />
    );
  }
  return (
    <div className="wf-editor">
      <EditorToolbar readOnly={readOnly} saving={saving} onSave={() => void save()} onDeleteDraft={() => void handleDeleteDraft()} onRun={() => setRunning(true)} />
      {readOnly && <Alert type="info" content="手机上仅可查看工作流，请在电脑上编辑" />}
      <div className="wf-body">
        <WorkflowCanvas readOnly={readOnly} />
        {!readOnly && <SettingsPanel />}
      </div>
      <RunDrawer visible={running} onClose={() => setRunning(false)} ensureSaved={ensureSaved} />
      <RunTracker />
    </div>
  );
}
