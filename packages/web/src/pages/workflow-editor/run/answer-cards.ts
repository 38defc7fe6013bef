import type { WorkflowGraph, WorkflowStreamEvent } from '@gw/shared';

/**
 * The answer cards of a streamed run: one per llm node (its model), filled by the stream's events,
 * which name their node in metadata.node_id. Pure, so the run panel only keeps the list.
 */
export interface AnswerCard {
  nodeId: string;
  model: string;
  status: 'waiting' | 'streaming' | 'done' | 'error';
  text: string;
  error: string;
  quota?: number;
  promptTokens?: number;
  completionTokens?: number;
  useTimeMs?: number;
}

export function initialCards(graph: WorkflowGraph): AnswerCard[] {
  return graph.nodes
    .filter((node) => node.type === 'llm')
    .map((node) => ({ nodeId: node.id, model: String((node.data.model as { name?: string } | undefined)?.name ?? ''), status: 'waiting', text: '', error: '' }));
}

export function applyStreamEvent(cards: AnswerCard[], event: WorkflowStreamEvent): AnswerCard[] {
  const { metadata } = event;
  const known = cards.some((card) => card.nodeId === metadata.node_id);
  // A node the run answers for that the canvas did not show (edited meanwhile): give it a card too.
  const list = known ? cards : [...cards, { nodeId: metadata.node_id, model: metadata.model, status: 'waiting' as const, text: '', error: '' }];
  return list.map((card) => {
    if (card.nodeId !== metadata.node_id) return card;
    const model = metadata.model || card.model;
    switch (metadata.event) {
      case 'message':
        return { ...card, model, status: 'streaming', text: card.text + event.content };
      case 'message_end':
        return {
          ...card,
          model,
          status: 'done',
          text: card.text + (event.content ?? ''),
          quota: metadata.quota,
          promptTokens: metadata.prompt_tokens,
          completionTokens: metadata.completion_tokens,
          useTimeMs: metadata.use_time_ms,
        };
      case 'error':
        return { ...card, model, status: 'error', error: event.error || event.content };
      default:
        return card;
    }
  });
}

/** Cards still waiting when the stream ends got no answer: they are shown as failed. */
export const finishCards = (cards: AnswerCard[], reason: string): AnswerCard[] =>
  cards.map((card) => (card.status === 'waiting' || card.status === 'streaming' ? { ...card, status: card.status === 'streaming' ? 'done' : 'error', error: card.status === 'waiting' ? reason : card.error } : card));
