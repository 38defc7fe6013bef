import { useCallback, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { MSG_WORKFLOW_DRAFT_DELETE_FAILED, MSG_WORKFLOW_DRAFT_DELETED, MSG_WORKFLOW_SAVE_FAILED, MSG_WORKFLOW_SAVED } from '@gw/shared';
import { deleteWorkflowDraft, saveWorkflow } from '@/api/workflow-graph';
import { runCall } from '@/pages/workflow/workflow-view';
import { cacheKey, writeCachedWorkflow } from './graph/cache';
import { rewireGraph } from './graph/rewire';
import { useEditorStoreApi } from './store/editor-context';

/**
 * Save (spec 3 §4): the graph rewired, sent as graph and as conversation_variables, with the
 * project as environment_variables.project_info. A refusal shows MSG_WORKFLOW_SAVE_FAILED with the
 * server's reason (it names the first bad node or edge). Answers whether it was saved.
 */
export function useSaveWorkflow() {
  const store = useEditorStoreApi();
  const [saving, setSaving] = useState(false);

  const save = useCallback(async (): Promise<boolean> => {
    const { project, draft, graph, markSaved, setDraft } = store.getState();
    if (!project) return false;
    const rewired = rewireGraph(graph());
    setSaving(true);
    const result = await runCall(
      saveWorkflow(project.id, {
        type: draft.type,
        graph: rewired,
        features: draft.features,
        conversation_variables: rewired,
        environment_variables: { project_info: { id: project.id, name: project.name, description: project.description, status: project.status } },
      }),
      MSG_WORKFLOW_SAVE_FAILED,
    );
    setSaving(false);
    if (!result) return false;
    markSaved(rewired);
    if (result.data?.id) setDraft({ id: result.data.id });
    writeCachedWorkflow(project.id, store.getState().graph());
    Message.success(MSG_WORKFLOW_SAVED);
    return true;
  }, [store]);

  /** Deletes the saved draft; the caller reloads (the project's own graph then answers). */
  const deleteDraft = useCallback(async (): Promise<boolean> => {
    const { draft, project } = store.getState();
    if (draft.id === null) return false;
    const result = await runCall(deleteWorkflowDraft(draft.id), MSG_WORKFLOW_DRAFT_DELETE_FAILED);
    if (!result) return false;
    if (project) localStorage.removeItem(cacheKey(project.id));
    store.getState().setDraft({ id: null });
    Message.success(MSG_WORKFLOW_DRAFT_DELETED);
    return true;
  }, [store]);

  return { save, saving, deleteDraft };
}
