import type { ChatCompletionRequest, ChatMessage } from '@/api/playground';

/** One bubble of the conversation. */
export interface ChatTurn {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  /** delta.reasoning_content of a thinking model, shown as 思考过程. */
  reasoning: string;
  /** The answer is still arriving. */
  streaming?: boolean;
  /** The user stopped the answer. */
  stopped?: boolean;
  error?: string;
}

export interface ChatSettings {
  model: string;
  temperature: number;
  systemPrompt: string;
}

let nextId = 1;

export const newTurn = (role: ChatTurn['role'], content = ''): ChatTurn => ({ id: nextId++, role, content, reasoning: '' });

/**
 * The request for the next answer: the system prompt when one is set, then the conversation so far.
 * Turns without text (an answer that failed before its first word) are left out.
 */
export function buildChatRequest(settings: ChatSettings, turns: readonly ChatTurn[]): ChatCompletionRequest {
  const messages: ChatMessage[] = [];
  if (settings.systemPrompt.trim()) messages.push({ role: 'system', content: settings.systemPrompt });
  for (const turn of turns) if (turn.content) messages.push({ role: turn.role, content: turn.content });
  return { model: settings.model, temperature: settings.temperature, messages, stream: true };
}
