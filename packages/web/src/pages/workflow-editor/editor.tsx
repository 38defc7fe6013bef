import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button, Result, Spin } from '@arco-design/web-react';
import { RunTracker } from '@/pages/workflow/run-tracker';
import { WorkflowCanvas } from './canvas/workflow-canvas';
import { SettingsPanel } from './panel/settings-panel';
import { RunDrawer } from './run/run-drawer';
import { EditorStoreProvider, useEditorStoreApi } from './store/editor-context';
import { EditorToolbar } from './toolbar';
import { useCacheWriter } from './use-cache-writer';
import { useLoadWorkflow, type EditorRouteState } from './use-load-workflow';
import { useModelNames } from './use-model-names';
import { useSaveWorkflow } from './use-save-workflow';

/** The editor of one project; a fresh store per project id (the page keys it). */
export function WorkflowEditor({ projectId }: { projectId: string }) {
  return (
    <EditorStoreProvider>
      <EditorScreen projectId={projectId} />
    </EditorStoreProvider>
  );
}

function EditorScreen({ projectId }: { projectId: string }) {
  const location = useLocation();
  const store = useEditorStoreApi();
  const { state, reload } = useLoadWorkflow(projectId, location.state as EditorRouteState | null);
  const { save, saving, deleteDraft } = useSaveWorkflow();
  const [running, setRunning] = useState(false);
  useModelNames();
  useCacheWriter(state === 'ready');

  const ensureSaved = async () => !store.getState().dirty || save();
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
      <EditorToolbar saving={saving} onSave={() => void save()} onDeleteDraft={() => void handleDeleteDraft()} onRun={() => setRunning(true)} />
      <div className="wf-body">
        <WorkflowCanvas />
        <SettingsPanel />
      </div>
      <RunDrawer visible={running} onClose={() => setRunning(false)} ensureSaved={ensureSaved} />
      <RunTracker />
    </div>
  );
}
