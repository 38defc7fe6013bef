import { useCallback, useEffect, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { WORKFLOW_FEATURES_DEFAULT, WORKFLOW_TYPES, type ProjectDetail, type ProjectView, type WorkflowEdge, type WorkflowGraph, type WorkflowNode, type WorkflowType } from '@gw/shared';
import { callQuietly } from '@/api/http';
import { getWorkflow } from '@/api/workflow-graph';
import { getProject } from '@/api/workflow-projects';
import { readCachedWorkflow } from './graph/cache';
import { graphOfProject, graphOfView } from './graph/load-graph';
import { useEditorStoreApi } from './store/editor-context';

/** What the projects page passes when it opens the editor (spec 3 §2.6). */
export interface EditorRouteState {
  project?: ProjectView | ProjectDetail;
  nodes?: WorkflowNode[];
  edges?: WorkflowEdge[];
}

export type LoadState = 'loading' | 'ready' | 'failed';

const sameGraph = (a: WorkflowGraph, b: WorkflowGraph) => JSON.stringify([a.nodes, a.edges]) === JSON.stringify([b.nodes, b.edges]);

/**
 * Loads the editor (spec 3 §4): the draft from GET /api/workflow/:appId (conversation_variables,
 * else graph); when that call fails or holds no graph, the project's own nodes and edges (from the
 * route state or GET /api/apps/:id). A local copy newer than the saved draft and different from it
 * holds edits not saved yet: it is opened instead, marked unsaved.
 */
export function useLoadWorkflow(projectId: string, routeState: EditorRouteState | null) {
  const store = useEditorStoreApi();
  const [state, setState] = useState<LoadState>('loading');

  const load = useCallback(async () => {
    setState('loading');
    const statedProject = routeState?.project && String(routeState.project.id) === projectId ? routeState.project : undefined;
    const [view, fetchedProject] = await Promise.all([
      callQuietly(getWorkflow(projectId)),
      statedProject && 'nodes' in statedProject ? Promise.resolve(statedProject as ProjectDetail) : callQuietly(getProject(projectId)),
    ]);
    const project = fetchedProject ?? statedProject;
    const saved = view ? graphOfView(view) : undefined;
    const graph = saved ?? graphOfProject(routeState?.nodes ? { nodes: routeState.nodes, edges: routeState.edges } : undefined) ?? graphOfProject(fetchedProject);
    if (!graph || (!project && !view)) {
      setState('failed');
      return;
    }
    const cached = readCachedWorkflow(projectId);
    const savedAt = (view?.updated_at ?? 0) * 1000;
    const restore = cached && cached.timestamp > savedAt && !sameGraph(cached.data, graph);
    store.getState().setDraft({
      id: view?.id ?? null,
      type: (WORKFLOW_TYPES as readonly string[]).includes(view?.type ?? '') ? (view!.type as WorkflowType) : store.getState().draft.type,
      features: view?.features || WORKFLOW_FEATURES_DEFAULT,
    });
    store.getState().load(
      { id: Number(projectId), name: project?.title ?? `项目 ${projectId}`, description: project?.description ?? '', status: project?.status ?? 'draft' },
      restore ? cached.data : graph,
      { dirty: Boolean(restore) },
    );
    if (restore) Message.info('已恢复本地未保存的修改');
    setState('ready');
    // The route state is read when the project opens: a reload (after a draft delete) keeps using it.
  }, [projectId, store]);

  useEffect(() => {
    void load();
  }, [load]);

  return { state, reload: load };
}
