import { describe, expect, it } from 'vitest';
import { datasetGraph } from '../graph/default-graph';
import { createEditorStore } from './editor-store';

const project = { id: 5, name: '清洗', description: '', status: 'draft' };

function loaded() {
  const sut = createEditorStore();
  sut.getState().load(project, datasetGraph(3));
  return sut;
}

describe(createEditorStore.name, () => {
  it('loads a graph clean, with the spec sizes and custom edges', () => {
    const sut = loaded();
    const state = sut.getState();
    expect(state.dirty).toBe(false);
    expect(state.project).toEqual(project);
    expect(state.nodes.map((node) => [node.type, node.width, node.height])).toEqual([
      ['start', 244, 90],
      ['input', 244, 90],
    ]);
    expect(state.edges[0].type).toBe('custom');
  });

  it('is a store per editor: two stores do not share nodes', () => {
    const first = loaded();
    const second = createEditorStore();
    first.getState().addNode('llm', { x: 800, y: 300 });
    expect(second.getState().nodes).toEqual([]);
    expect(first.getState().nodes).toHaveLength(3);
  });

  it('adds a node with its type defaults, selects it and marks the editor dirty', () => {
    const sut = loaded();
    const id = sut.getState().addNode('llm', { x: 800, y: 300 });
    const node = sut.getState().nodes.find((candidate) => candidate.id === id)!;
    expect(node).toMatchObject({ type: 'llm', height: 98, data: { type: 'llm', model: { name: '', completion_params: { temperature: 0.7 } } } });
    expect(node.position).toEqual({ x: 800, y: 300 });
    expect(sut.getState().selectedNodeId).toBe(id);
    expect(sut.getState().dirty).toBe(true);
  });

  it('connects two nodes once with a custom edge, never a node to itself', () => {
    const sut = loaded();
    const llm = sut.getState().addNode('llm', { x: 800, y: 300 });
    sut.getState().markSaved();
    sut.getState().connect({ source: 'input-1', target: llm, sourceHandle: null, targetHandle: null });
    sut.getState().connect({ source: 'input-1', target: llm, sourceHandle: null, targetHandle: null });
    sut.getState().connect({ source: llm, target: llm, sourceHandle: null, targetHandle: null });
    expect(sut.getState().edges.map((edge) => [edge.source, edge.target, edge.type])).toEqual([
      ['start-1', 'input-1', 'custom'],
      ['input-1', llm, 'custom'],
    ]);
    expect(sut.getState().dirty).toBe(true);
  });

  it('removing a node removes its edges and its selection', () => {
    const sut = loaded();
    sut.getState().select('input-1');
    sut.getState().removeNode('input-1');
    expect(sut.getState().nodes.map((node) => node.id)).toEqual(['start-1']);
    expect(sut.getState().edges).toEqual([]);
    expect(sut.getState().selectedNodeId).toBeNull();
  });

  it('a remove change from the canvas drops the edges of the node too', () => {
    const sut = loaded();
    sut.getState().onNodesChange([{ type: 'remove', id: 'start-1' }]);
    expect(sut.getState().edges).toEqual([]);
    expect(sut.getState().dirty).toBe(true);
  });

  it('selection and measuring do not make the editor dirty; moving and data edits do', () => {
    const sut = loaded();
    sut.getState().onNodesChange([{ type: 'select', id: 'start-1', selected: true }]);
    sut.getState().onNodesChange([{ type: 'dimensions', id: 'start-1', dimensions: { width: 244, height: 90 } }]);
    sut.getState().onEdgesChange([{ type: 'select', id: sut.getState().edges[0].id, selected: true }]);
    expect(sut.getState().dirty).toBe(false);
    sut.getState().onNodesChange([{ type: 'position', id: 'start-1', position: { x: 10, y: 20 } }]);
    expect(sut.getState().dirty).toBe(true);
    sut.getState().markSaved();
    sut.getState().updateNodeData('input-1', { desc: '读题' });
    expect(sut.getState().nodes[1].data.desc).toBe('读题');
    expect(sut.getState().dirty).toBe(true);
  });

  it('answers the graph to save: positions moved, viewport, no canvas-only fields', () => {
    const sut = loaded();
    sut.getState().onNodesChange([{ type: 'position', id: 'start-1', position: { x: 10, y: 20 } }]);
    sut.getState().setViewport({ x: 5, y: 6, zoom: 0.5 });
    const graph = sut.getState().graph();
    expect(graph.viewport).toEqual({ x: 5, y: 6, zoom: 0.5 });
    expect(graph.nodes[0]).toEqual({
      id: 'start-1',
      type: 'start',
      position: { x: 10, y: 20 },
      data: expect.objectContaining({ type: 'start', selected: false }),
      targetPosition: 'left',
      sourcePosition: 'right',
      width: 244,
      height: 90,
    });
    expect(graph.edges[0]).toEqual({ id: 'start-1-input-1', source: 'start-1', target: 'input-1', type: 'custom', data: {} });
  });
});

describe('markSaved', () => {
  it('takes the rewired data of the saved graph and clears dirty', () => {
    const sut = loaded();
    const llm = sut.getState().addNode('llm', { x: 800, y: 300 });
    const saved = sut.getState().graph();
    saved.nodes = saved.nodes.map((node) => (node.id === llm ? { ...node, data: { ...node.data, context: { enabled: true, variable_selector: ['input-1', 'file_text'] } } } : node));
    sut.getState().markSaved(saved);
    expect(sut.getState().dirty).toBe(false);
    expect(sut.getState().nodes.find((node) => node.id === llm)?.data.context).toEqual({ enabled: true, variable_selector: ['input-1', 'file_text'] });
  });
});
