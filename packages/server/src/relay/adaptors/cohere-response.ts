import { randomUUID } from 'node:crypto';
import { count, emptyUsage, type Usage } from '../billing/usage';
import type { CohereContentPart, CohereResponse, CohereToolCall, CohereUsage } from './cohere-types';
import { openAiUsage } from './gemini-response';

/**
 * Cohere's usage → the relay's. `billed_units` is what Cohere charges for the call and is what the
 * relay bills; `tokens` (which adds the prompt template Cohere wraps around the messages) stands
 * in when a reply has no billed units.
 */
export function usageFromCohere(raw: CohereUsage | undefined): Usage | undefined {
  const units = raw?.billed_units && (count(raw.billed_units.input_tokens) > 0 || count(raw.billed_units.output_tokens) > 0) ? raw.billed_units : raw?.tokens;
  if (!units) return undefined;
  const prompt = count(units.input_tokens);
  const completion = count(units.output_tokens);
  if (prompt === 0 && completion === 0) return undefined;
  return { ...emptyUsage(), prompt_tokens: prompt, completion_tokens: completion };
}

const FINISH_REASONS: Record<string, string> = {
  COMPLETE: 'stop',
  STOP_SEQUENCE: 'stop',
  MAX_TOKENS: 'length',
  TOOL_CALL: 'tool_calls',
  ERROR_TOXIC: 'content_filter',
};

/** Cohere's finish_reason → OpenAI's (ERROR and unknown reasons end as "stop"). */
export const finishReasonOf = (reason: string | undefined): string => FINISH_REASONS[reason ?? ''] ?? 'stop';

/** Cohere's tool call → OpenAI's. */
export const openAiToolCall = (call: CohereToolCall): Record<string, unknown> => ({
  id: call.id ?? '',
  type: 'function',
  function: { name: call.function?.name ?? '', arguments: call.function?.arguments ?? '' },
});

export const completionId = (id: string | undefined): string => `chatcmpl-${id ?? randomUUID()}`;

/** The text and the thinking of Cohere content parts. */
export function splitContent(parts: CohereContentPart[] | undefined): { text: string; thinking: string } {
  let text = '';
  let thinking = '';
  for (const part of parts ?? []) {
    if (part.type === 'thinking' || typeof part.thinking === 'string') thinking += part.thinking ?? '';
    else text += part.text ?? '';
  }
  return { text, thinking };
}

/**
 * A Cohere chat reply as an OpenAI chat.completion. The tool plan (what the model says before its
 * calls) becomes the message's content, as an OpenAI model would have said it.
 */
export function toChatCompletion(reply: CohereResponse, model: string): { completion: Record<string, unknown>; usage?: Usage } {
  if (!reply.message) throw new Error('Cohere reply without a message');
  const { text, thinking } = splitContent(reply.message.content);
  const calls = (reply.message.tool_calls ?? []).map(openAiToolCall);
  const content = text || reply.message.tool_plan || '';
  const message: Record<string, unknown> = { role: 'assistant', content: content || (calls.length > 0 ? null : '') };
  if (thinking) message.reasoning_content = thinking;
  if (calls.length > 0) message.tool_calls = calls;
  const usage = usageFromCohere(reply.usage);
  const completion: Record<string, unknown> = {
    id: completionId(reply.id),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: finishReasonOf(reply.finish_reason) }],
    ...(usage ? { usage: openAiUsage(usage) } : {}),
  };
  return { completion, usage };
}
