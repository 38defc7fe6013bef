import type { Usage } from '../billing/usage';
import { isObject, type Json } from '../json';

/** OpenAI's finish_reason → Anthropic's stop_reason (anthropic-response.ts maps the other way). */
const STOP_REASONS: Record<string, string> = {
  stop: 'end_turn',
  length: 'max_tokens',
  tool_calls: 'tool_use',
  function_call: 'tool_use',
  content_filter: 'refusal',
};

/**
 * The stop reason of a converted answer. A reply that called tools stopped for them (some
 * providers say "stop"), unless it ran out of tokens; an unknown reason is an ordinary end.
 */
export function stopReason(finish: unknown, calledTools: boolean): string {
  if (finish === 'length') return 'max_tokens';
  if (calledTools) return 'tool_use';
  return (typeof finish === 'string' && STOP_REASONS[finish]) || 'end_turn';
}

/** The relay's usage as Anthropic reports it: input_tokens leaves out the cached parts (usageFromAnthropic the other way). */
export function anthropicUsage(usage: Usage): Json {
  return {
    input_tokens: Math.max(0, usage.prompt_tokens - usage.cache_read_tokens - usage.cache_creation_tokens),
    cache_creation_input_tokens: usage.cache_creation_tokens,
    cache_read_input_tokens: usage.cache_read_tokens,
    output_tokens: usage.completion_tokens,
  };
}

/** Anthropic-style id of a converted answer: the relay's request id, so a client's id leads to the log row. */
export const messageId = (requestId: string): string => `msg_${requestId.replaceAll('-', '')}`;

/** Reasoning text of a message or delta, under either name providers use. */
export const reasoningOf = (message: Json): string =>
  typeof message.reasoning_content === 'string' ? message.reasoning_content : typeof message.reasoning === 'string' ? message.reasoning : '';

/** A tool call's arguments (JSON text) as the input object a tool_use block holds. */
export function toolInput(args: unknown): Json {
  if (typeof args !== 'string' || !args.trim()) return {};
  try {
    const input: unknown = JSON.parse(args);
    return isObject(input) ? input : {};
  } catch {
    return {};
  }
}

/** The answer text of a message: a string, or the text of its parts. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : '')).join('');
}

/**
 * A whole chat.completion → an Anthropic Message: reasoning as a thinking block (unsigned: no
 * provider but Anthropic signs), the text, and tool_calls as tool_use blocks, with the usage the
 * relay bills.
 */
export function chatToMessage(completion: Json, usage: Usage, id: string, fallbackModel: string): Json {
  if (!Array.isArray(completion.choices)) throw new Error('not a chat completion');
  const choice = isObject(completion.choices[0]) ? completion.choices[0] : {};
  const message = isObject(choice.message) ? choice.message : {};
  const content: Json[] = [];
  const reasoning = reasoningOf(message);
  if (reasoning) content.push({ type: 'thinking', thinking: reasoning, signature: '' });
  const text = textOf(message.content) || (typeof message.refusal === 'string' ? message.refusal : '');
  if (text) content.push({ type: 'text', text });
  const toolCalls = Array.isArray(message.tool_calls) ? message.tool_calls.filter(isObject) : [];
  for (const call of toolCalls) {
    const fn = isObject(call.function) ? call.function : {};
    content.push({ type: 'tool_use', id: call.id, name: fn.name, input: toolInput(fn.arguments) });
  }
  return {
    id,
    type: 'message',
    role: 'assistant',
    model: typeof completion.model === 'string' ? completion.model : fallbackModel,
    content,
    stop_reason: stopReason(choice.finish_reason, toolCalls.length > 0),
    stop_sequence: null,
    usage: anthropicUsage(usage),
  };
}
