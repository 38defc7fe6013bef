import { describe, expect, it } from 'vitest';
import type { WorkflowView } from '@gw/shared';
import { datasetGraph } from './default-graph';
import { graphOfProject, graphOfView, parseGraph } from './load-graph';

const saved = datasetGraph(1);
const other = datasetGraph(2);
const view = (fields: Partial<WorkflowView>): WorkflowView => ({
  id: 1,
  app_id: 5,
  type: 'chat',
  graph: '',
  features: '',
  conversation_variables: '',
  environment_variables: '',
  updated_at: 0,
  ...fields,
});

describe('workflow load order', () => {
  it('prefers conversation_variables when it holds a graph', () => {
    expect(graphOfView(view({ conversation_variables: JSON.stringify(saved), graph: JSON.stringify(other) }))).toEqual(saved);
  });

  it('falls back to graph when conversation_variables is empty, {} or broken', () => {
    for (const text of ['', '{}', '{"nodes":[],"edges":[]}', 'nope']) {
      expect(graphOfView(view({ conversation_variables: text, graph: JSON.stringify(other) }))).toEqual(other);
    }
  });

  it('answers nothing when neither holds a node, and the project graph when it has nodes', () => {
    expect(graphOfView(view({}))).toBeUndefined();
    expect(parseGraph('{"nodes":[{"id":"a"}]}')).toEqual({ nodes: [{ id: 'a' }], edges: [], viewport: undefined });
    expect(graphOfProject({ nodes: saved.nodes, edges: saved.edges })).toEqual({ nodes: saved.nodes, edges: saved.edges });
    expect(graphOfProject({ nodes: [], edges: [] })).toBeUndefined();
    expect(graphOfProject(undefined)).toBeUndefined();
  });
});
