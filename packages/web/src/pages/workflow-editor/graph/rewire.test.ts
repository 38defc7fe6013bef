import { describe, expect, it } from 'vitest';
import { ANSWER_NODE_DATA, type WorkflowGraph } from '@gw/shared';
import { createNode } from './default-graph';
import { sourceVariables } from '../nodes/input/defaults';
import { rewireGraph } from './rewire';

function graphWith(inputKind: 'dataset' | 'file' | 'none', llmIds: string[]): WorkflowGraph {
  const nodes = [createNode('start', { x: 0, y: 0 }, 'start-1')];
  if (inputKind !== 'none') {
    const input = createNode('input', { x: 300, y: 0 }, 'in-9');
    input.data.variables = sourceVariables({ kind: inputKind, id: 4, field: 'question' });
    nodes.push(input);
  }
  for (const id of llmIds) nodes.push(createNode('llm', { x: 600, y: 0 }, id));
  nodes.push(createNode('answer', { x: 900, y: 0 }, 'answer-1'));
  return { nodes, edges: [] };
}

const node = (graph: WorkflowGraph, id: string) => graph.nodes.find((candidate) => candidate.id === id)!;

describe(rewireGraph.name, () => {
  it('points the answer at every llm output, joined by a slash', () => {
    const sut = rewireGraph(graphWith('dataset', ['llm-a', 'llm-b']));
    expect(node(sut, 'answer-1').data.answer).toBe('{{#llm-a.text#}}/{{#llm-b.text#}}');
  });

  it('reads market-sample text from the input node when the source is a dataset', () => {
    const sut = rewireGraph(graphWith('dataset', ['llm-a']));
    expect(node(sut, 'llm-a').data.context).toEqual({ enabled: true, variable_selector: ['in-9', 'market_sample_text'] });
    expect(node(sut, 'answer-1').data.answer).toBe('{{#llm-a.text#}}');
  });

  it('reads the uploaded file text when the first input variable is a library file', () => {
    const sut = rewireGraph(graphWith('file', ['llm-a', 'llm-b']));
    expect(node(sut, 'llm-a').data.context).toEqual({ enabled: true, variable_selector: ['in-9', 'file_text'] });
    expect(node(sut, 'llm-b').data.context).toEqual({ enabled: true, variable_selector: ['in-9', 'file_text'] });
  });

  it('keeps the answer default without llm nodes and does not change the graph it was given', () => {
    const graph = graphWith('none', []);
    const before = structuredClone(graph);
    const sut = rewireGraph(graph);
    expect(node(sut, 'answer-1').data.answer).toBe(ANSWER_NODE_DATA.answer);
    const withLlm = graphWith('dataset', ['llm-a']);
    const copy = structuredClone(withLlm);
    rewireGraph(withLlm);
    expect(withLlm).toEqual(copy);
    expect(graph).toEqual(before);
  });
});
