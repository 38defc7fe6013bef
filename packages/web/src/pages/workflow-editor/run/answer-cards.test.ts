import { describe, expect, it } from 'vitest';
import type { WorkflowStreamEvent } from '@gw/shared';
import { createNode } from '../graph/default-graph';
import { applyStreamEvent, finishCards, initialCards } from './answer-cards';

const llm = (id: string, model: string) => {
  const node = createNode('llm', { x: 0, y: 0 }, id);
  node.data.model = { ...(node.data.model as object), name: model };
  return node;
};
const graph = { nodes: [createNode('start', { x: 0, y: 0 }), llm('a', 'gpt-4o'), llm('b', 'claude')], edges: [] };
const MODEL_OF: Record<string, string> = { a: 'gpt-4o', b: 'claude' };
const event = (nodeId: string, kind: WorkflowStreamEvent['metadata']['event'], content = '', extra: Partial<WorkflowStreamEvent['metadata']> = {}, error = ''): WorkflowStreamEvent => ({
  conversation_id: '9',
  message_id: 'm',
  metadata: { node_id: nodeId, model: MODEL_OF[nodeId] ?? '', event: kind, ...extra },
  content,
  error,
});

describe('answer cards', () => {
  it('gives each llm node a waiting card with its model', () => {
    expect(initialCards(graph).map((card) => [card.nodeId, card.model, card.status])).toEqual([
      ['a', 'gpt-4o', 'waiting'],
      ['b', 'claude', 'waiting'],
    ]);
  });

  it('fills the card the event names, ends it with the figures, and shows an error on its own card', () => {
    let sut = initialCards(graph);
    sut = applyStreamEvent(sut, event('a', 'message', '你'));
    sut = applyStreamEvent(sut, event('b', 'message', 'B'));
    sut = applyStreamEvent(sut, event('a', 'message', '好'));
    sut = applyStreamEvent(sut, event('a', 'message_end', '', { quota: 120, prompt_tokens: 10, completion_tokens: 2, use_time_ms: 900 }));
    sut = applyStreamEvent(sut, event('b', 'error', '', {}, '上游超时'));
    expect(sut[0]).toMatchObject({ status: 'done', text: '你好', quota: 120, promptTokens: 10, completionTokens: 2, useTimeMs: 900 });
    expect(sut[1]).toMatchObject({ status: 'error', text: 'B', error: '上游超时' });
  });

  it('gives an llm node of several models a card per model, each filled by its own events', () => {
    const compare = llm('c', 'gpt-4o');
    compare.data.models = ['gpt-4o', 'claude', 'qwen'];
    let sut = initialCards({ nodes: [compare], edges: [] });
    expect(sut.map((card) => [card.nodeId, card.model])).toEqual([
      ['c', 'gpt-4o'],
      ['c', 'claude'],
      ['c', 'qwen'],
    ]);
    sut = applyStreamEvent(sut, event('c', 'message', 'Q', { model: 'qwen' }));
    sut = applyStreamEvent(sut, event('c', 'message', 'G', { model: 'gpt-4o' }));
    expect(sut.map((card) => card.text)).toEqual(['G', '', 'Q']);
  });

  it('gives a node with prompt variants a card per variant and model, each filled by its own events', () => {
    const variants = llm('v', 'gpt-4o');
    variants.data.models = ['gpt-4o', 'claude'];
    variants.data.prompt_variants = [
      { name: '简洁', prompt_template: [{ id: '1', role: 'user', text: '简短回答' }] },
      { name: '分步', prompt_template: [{ id: '2', role: 'user', text: '一步一步回答' }] },
    ];
    let sut = initialCards({ nodes: [variants], edges: [] });
    expect(sut.map((card) => [card.model, card.variant])).toEqual([
      ['gpt-4o', '简洁'],
      ['claude', '简洁'],
      ['gpt-4o', '分步'],
      ['claude', '分步'],
    ]);
    sut = applyStreamEvent(sut, event('v', 'message', '步', { model: 'gpt-4o', variant: '分步' }));
    sut = applyStreamEvent(sut, event('v', 'message', '简', { model: 'gpt-4o', variant: '简洁' }));
    expect(sut.map((card) => card.text)).toEqual(['简', '', '步', '']);
  });

  it('adds a card for a node it did not know, and fails the cards left waiting at the end', () => {
    let sut = applyStreamEvent(initialCards(graph), event('c', 'message', 'x', { model: 'qwen' }));
    expect(sut.map((card) => card.nodeId)).toEqual(['a', 'b', 'c']);
    sut = finishCards(sut, '没有回答');
    expect(sut.map((card) => card.status)).toEqual(['error', 'error', 'done']);
    expect(sut[0].error).toBe('没有回答');
  });
});
