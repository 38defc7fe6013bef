import type { GeminiPart, GeminiUsageMetadata } from '../adaptors/gemini-types';
import type { Usage } from '../billing/usage';
import { isObject, type Json } from '../json';
import { reasoningOf, toolInput } from './chat-to-messages';

/** OpenAI's finish_reason → Gemini's finishReason (gemini-response.ts maps the other way); tool calls end with STOP, as Gemini's do. */
const FINISH_REASONS: Record<string, string> = {
  stop: 'STOP',
  tool_calls: 'STOP',
  function_call: 'STOP',
  length: 'MAX_TOKENS',
  content_filter: 'SAFETY',
};

export const finishReasonOf = (finish: unknown): string => (typeof finish === 'string' && FINISH_REASONS[finish]) || 'STOP';

/** The relay's usage as Gemini reports it: thoughts apart from the candidates' tokens (usageFromGemini the other way). */
export function geminiUsage(usage: Usage): GeminiUsageMetadata {
  const candidates = Math.max(0, usage.completion_tokens - usage.reasoning_tokens);
  return {
    promptTokenCount: usage.prompt_tokens,
    candidatesTokenCount: candidates,
    totalTokenCount: usage.prompt_tokens + usage.completion_tokens,
    ...(usage.reasoning_tokens > 0 ? { thoughtsTokenCount: usage.reasoning_tokens } : {}),
    ...(usage.cache_read_tokens > 0 ? { cachedContentTokenCount: usage.cache_read_tokens } : {}),
  };
}

/** An OpenAI tool call (whole) as a functionCall part, its id kept so that the client's functionResponse finds it again. */
export function functionCallPart(call: Json): GeminiPart | undefined {
  const fn = isObject(call.function) ? call.function : {};
  if (typeof fn.name !== 'string' || !fn.name) return undefined;
  return { functionCall: { ...(typeof call.id === 'string' && call.id ? { id: call.id } : {}), name: fn.name, args: toolInput(fn.arguments) } };
}

/** A message's answer as parts: reasoning as a thought, the text, the tool calls. Gemini never sends a content without parts. */
function messageParts(message: Json): GeminiPart[] {
  const parts: GeminiPart[] = [];
  const reasoning = reasoningOf(message);
  if (reasoning) parts.push({ text: reasoning, thought: true });
  const text = typeof message.content === 'string' ? message.content : Array.isArray(message.content) ? message.content.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : '')).join('') : '';
  if (text) parts.push({ text });
  for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
    const part = isObject(call) ? functionCallPart(call) : undefined;
    if (part) parts.push(part);
  }
  return parts.length > 0 ? parts : [{ text: '' }];
}

/** The response id of a converted answer: the relay's request id, so a client's id leads to the log row. */
export const responseId = (requestId: string): string => requestId.replaceAll('-', '');

/** A whole chat.completion → a GenerateContentResponse with the usage the relay bills. */
export function chatToGemini(completion: Json, usage: Usage, id: string, fallbackModel: string): Json {
  const choices = Array.isArray(completion.choices) ? completion.choices.filter(isObject) : [];
  return {
    candidates: choices.map((choice, position) => ({
      content: { role: 'model', parts: messageParts(isObject(choice.message) ? choice.message : {}) },
      finishReason: finishReasonOf(choice.finish_reason),
      index: typeof choice.index === 'number' ? choice.index : position,
    })),
    usageMetadata: geminiUsage(usage),
    modelVersion: typeof completion.model === 'string' ? completion.model : fallbackModel,
    responseId: id,
  };
}
