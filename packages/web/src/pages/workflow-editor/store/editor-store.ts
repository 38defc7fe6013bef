import { createStore } from 'zustand';
import { addEdge, applyEdgeChanges, applyNodeChanges, type Connection, type EdgeChange, type NodeChange } from '@xyflow/react';
import { WORKFLOW_EDGE_TYPE, type WorkflowGraph, type WorkflowNodeType, type WorkflowPosition, type WorkflowProjectInfo, type WorkflowViewport, type WorkflowType, WORKFLOW_FEATURES_DEFAULT, WORKFLOW_TYPE_DEFAULT } from '@gw/shared';
import { createNode } from '../graph/default-graph';
import { toEditorEdge, toEditorNode, toGraph } from '../graph/convert';
import type { EditorEdge, EditorNode } from '../graph/editor-types';

/**
 * One editor's state (a store per editor instance, passed by context: STYLE "the workflow editor
 * store created per editor instance"). `dirty` is set by any change the saved graph would show
 * (not by selecting or by the canvas measuring nodes) and cleared by load and markSaved.
 */
export interface EditorState {
  project: WorkflowProjectInfo | null;
  nodes: EditorNode[];
  edges: EditorEdge[];
  viewport: WorkflowViewport;
  selectedNodeId: string | null;
  dirty: boolean;
  /** The names the llm panel offers (loaded once per editor). */
  models: string[];
  /** The saved draft the graph came from: its id (null when none is saved yet), type and features, sent back on save. */
  draft: DraftInfo;
}

export interface DraftInfo {
  id: number | null;
  type: WorkflowType;
  features: string;
}

export interface EditorActions {
  load: (project: WorkflowProjectInfo, graph: WorkflowGraph, options?: { dirty?: boolean }) => void;
  onNodesChange: (changes: NodeChange<EditorNode>[]) => void;
  onEdgesChange: (changes: EdgeChange<EditorEdge>[]) => void;
  connect: (connection: Connection) => void;
  /** Adds a node where the palette placed it (graph/place-node.ts), selected. */
  addNode: (type: WorkflowNodeType, position: WorkflowPosition) => string;
  removeNode: (id: string) => void;
  removeEdge: (id: string) => void;
  updateNodeData: (id: string, patch: Record<string, unknown>) => void;
  select: (id: string | null) => void;
  setViewport: (viewport: WorkflowViewport) => void;
  setModels: (models: string[]) => void;
  setDraft: (draft: Partial<DraftInfo>) => void;
  /** Clears dirty; with the graph that was saved, takes the data the save rewired (the answer's reference, the llm context). */
  markSaved: (saved?: WorkflowGraph) => void;
  /** The graph as it would be saved (before rewiring). */
  graph: () => WorkflowGraph;
}

export type EditorStore = ReturnType<typeof createEditorStore>;

const DEFAULT_VIEWPORT: WorkflowViewport = { x: 0, y: 0, zoom: 1 };
/** Changes the canvas makes by itself or for selection only: they do not alter the saved graph. */
const UNSAVED_CHANGE_TYPES = new Set(['select', 'dimensions']);
const changesGraph = (changes: Array<{ type: string; dragging?: boolean }>) => changes.some((change) => !UNSAVED_CHANGE_TYPES.has(change.type));

export function createEditorStore(initial: Partial<EditorState> = {}) {
  return createStore<EditorState & EditorActions>()((set, get) => ({
    project: null,
    nodes: [],
    edges: [],
    viewport: DEFAULT_VIEWPORT,
    selectedNodeId: null,
    dirty: false,
    models: [],
    draft: { id: null, type: WORKFLOW_TYPE_DEFAULT, features: WORKFLOW_FEATURES_DEFAULT },
    ...initial,

    load: (project, graph, options) =>
      set({
        project,
        nodes: graph.nodes.map(toEditorNode),
        edges: graph.edges.map(toEditorEdge),
        viewport: graph.viewport ?? DEFAULT_VIEWPORT,
        selectedNodeId: null,
        dirty: options?.dirty ?? false,
      }),

    onNodesChange: (changes) =>
      set((state) => {
        const nodes = applyNodeChanges(changes, state.nodes);
        const removed = new Set(changes.filter((change) => change.type === 'remove').map((change) => change.id));
        return {
          nodes,
          edges: removed.size > 0 ? state.edges.filter((edge) => !removed.has(edge.source) && !removed.has(edge.target)) : state.edges,
          selectedNodeId: state.selectedNodeId && removed.has(state.selectedNodeId) ? null : state.selectedNodeId,
          dirty: state.dirty || changesGraph(changes),
        };
      }),

    onEdgesChange: (changes) => set((state) => ({ edges: applyEdgeChanges(changes, state.edges), dirty: state.dirty || changesGraph(changes) })),

    connect: (connection) =>
      set((state) => {
        if (connection.source === connection.target) return state;
        const edge: EditorEdge = { ...connection, id: `${connection.source}-${connection.target}`, type: WORKFLOW_EDGE_TYPE, data: {} };
        const edges = addEdge<EditorEdge>(edge, state.edges);
        return edges.length === state.edges.length ? state : { edges, dirty: true };
      }),

    addNode: (type, position) => {
      const node = toEditorNode(createNode(type, position));
      set((state) => ({ nodes: [...state.nodes, node], selectedNodeId: node.id, dirty: true }));
      return node.id;
    },

    removeNode: (id) =>
      set((state) => ({
        nodes: state.nodes.filter((node) => node.id !== id),
        edges: state.edges.filter((edge) => edge.source !== id && edge.target !== id),
        selectedNodeId: state.selectedNodeId === id ? null : state.selectedNodeId,
        dirty: true,
      })),

    removeEdge: (id) => set((state) => ({ edges: state.edges.filter((edge) => edge.id !== id), dirty: true })),

    updateNodeData: (id, patch) =>
      set((state) => ({ nodes: state.nodes.map((node) => (node.id === id ? { ...node, data: { ...node.data, ...patch } } : node)), dirty: true })),

    select: (id) => set({ selectedNodeId: id }),
    setViewport: (viewport) => set({ viewport }),
    setModels: (models) => set({ models }),
    setDraft: (draft) => set((state) => ({ draft: { ...state.draft, ...draft } })),
    markSaved: (saved) =>
      set((state) => {
        if (!saved) return { dirty: false };
        const data = new Map(saved.nodes.map((node) => [node.id, node.data]));
        return {
          dirty: false,
          nodes: state.nodes.map((node) => {
            const next = data.get(node.id);
            return next ? { ...node, data: { ...next, selected: node.data.selected } } : node;
          }),
        };
      }),
    graph: () => toGraph(get().nodes, get().edges, get().viewport),
  }));
}
