import { llmModelsOf, llmVariantsOf, type WorkflowGraph, type WorkflowStreamEvent } from '@gw/shared';

/**
 * The answer cards of a streamed run: one per model (and prompt variant) of each llm node, filled by
 * the stream's events, which name their node, model and variant in metadata. Pure, so the run panel
 * only keeps the list.
 */
export interface AnswerCard {
  nodeId: string;
  model: string;
  /** The node's prompt variant ('' when it has none). */
  variant: string;
  status: 'waiting' | 'streaming' | 'done' | 'error';
  text: string;
  error: string;
  quota?: number;
  promptTokens?: number;
  completionTokens?: number;
  useTimeMs?: number;
}

/** Variant by variant, each across the node's models: the order of the run's columns (run-plan.ts). */
export function initialCards(graph: WorkflowGraph): AnswerCard[] {
  return graph.nodes
    .filter((node) => node.type === 'llm')
    .flatMap((node) => {
      const variants = llmVariantsOf(node.data).map((variant) => variant.name.trim());
      return (variants.length > 0 ? variants : ['']).flatMap((variant) =>
        llmModelsOf(node.data).map((model) => ({ nodeId: node.id, model, variant, status: 'waiting' as const, text: '', error: '' })),
      );
    });
}

export function applyStreamEvent(cards: AnswerCard[], event: WorkflowStreamEvent): AnswerCard[] {
  const { metadata } = event;
  const variant = metadata.variant ?? '';
  const isFor = (card: AnswerCard) => card.nodeId === metadata.node_id && card.model === metadata.model && card.variant === variant;
  const known = cards.some(isFor);
  // A node the run answers for that the canvas did not show (edited meanwhile): give it a card too.
  const list = known ? cards : [...cards, { nodeId: metadata.node_id, model: metadata.model, variant, status: 'waiting' as const, text: '', error: '' }];
  return list.map((card) => {
    if (!isFor(card)) return card;
    switch (metadata.event) {
      case 'message':
        return { ...card, status: 'streaming', text: card.text + event.content };
      case 'message_end':
        return {
          ...card,
          status: 'done',
          text: card.text + (event.content ?? ''),
          quota: metadata.quota,
          promptTokens: metadata.prompt_tokens,
          completionTokens: metadata.completion_tokens,
          useTimeMs: metadata.use_time_ms,
        };
      case 'error':
        return { ...card, status: 'error', error: event.error || event.content };
      default:
        return card;
    }
  });
}

/** Cards still waiting when the stream ends got no answer: they are shown as failed. */
export const finishCards = (cards: AnswerCard[], reason: string): AnswerCard[] =>
  cards.map((card) => (card.status === 'waiting' || card.status === 'streaming' ? { ...card, status: card.status === 'streaming' ? 'done' : 'error', error: card.status === 'waiting' ? reason : card.error } : card));
