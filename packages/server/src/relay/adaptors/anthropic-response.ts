import { count, type Usage, usageOf } from '../billing/usage';
import type { AnthropicResponse, AnthropicUsage } from './anthropic-types';
import { openAiErrorMessage } from './openai.adaptor';

/**
 * Anthropic's usage → the relay's: Anthropic's input_tokens leaves out the cache reads and writes,
 * the relay's prompt_tokens includes them (billing/usage.ts). The writes are
 * cache_creation_input_tokens, or the sum of cache_creation's two lifetimes when only those came;
 * the 1-hour ones are priced apart.
 */
export function usageFromAnthropic(raw: AnthropicUsage | undefined): Usage | undefined {
  if (!raw) return undefined;
  const cacheRead = count(raw.cache_read_input_tokens);
  const split = raw.cache_creation;
  const oneHour = count(split?.ephemeral_1h_input_tokens);
  const cacheCreation = typeof raw.cache_creation_input_tokens === 'number' ? count(raw.cache_creation_input_tokens) : count(split?.ephemeral_5m_input_tokens) + oneHour;
  const prompt = count(raw.input_tokens) + cacheRead + cacheCreation;
  const completion = count(raw.output_tokens);
  if (prompt === 0 && completion === 0) return undefined;
  return usageOf({ prompt_tokens: prompt, completion_tokens: completion, cache_read_tokens: cacheRead, cache_creation_tokens: cacheCreation, cache_creation_1h_tokens: oneHour });
}

/** The relay's usage as OpenAI reports it to clients. */
export function openAiUsage(usage: Usage): Record<string, unknown> {
  return {
    prompt_tokens: usage.prompt_tokens,
    completion_tokens: usage.completion_tokens,
    total_tokens: usage.prompt_tokens + usage.completion_tokens,
    prompt_tokens_details: { cached_tokens: usage.cache_read_tokens },
  };
}

const FINISH_REASONS: Record<string, string> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
};

/** Anthropic's stop_reason → OpenAI's finish_reason (an unknown reason ends as "stop"). */
export function finishReason(stopReason: string | null | undefined): string | null {
  if (!stopReason) return null;
  return FINISH_REASONS[stopReason] ?? 'stop';
}

/** Anthropic's error body (`{type: 'error', error: {type, message}}`) → the message. */
export function anthropicErrorMessage(raw: string): string {
  return openAiErrorMessage(raw);
}

/**
 * A thinking or redacted_thinking block as the client keeps it in `thinking_blocks` (LiteLLM's
 * convention), to send back unchanged with its signature (anthropic-request.ts).
 */
export function thinkingBlockOf(block: { type?: string; thinking?: string; signature?: string; data?: string }): Record<string, unknown> | undefined {
  if (block.type === 'thinking') return { type: 'thinking', thinking: block.thinking ?? '', ...(block.signature ? { signature: block.signature } : {}) };
  if (block.type === 'redacted_thinking') return { type: 'redacted_thinking', data: block.data ?? '' };
  return undefined;
}

/**
 * A whole Messages reply → an OpenAI chat.completion: text joined, tool_use → tool_calls, thinking
 * → reasoning_content, and the thinking blocks themselves, signed, in thinking_blocks.
 */
export function toChatCompletion(reply: AnthropicResponse, created = Math.floor(Date.now() / 1000)): Record<string, unknown> {
  if (!Array.isArray(reply.content)) throw new Error('not an Anthropic message');
  let text = '';
  let reasoning = '';
  const toolCalls: Array<Record<string, unknown>> = [];
  const thinkingBlocks: Array<Record<string, unknown>> = [];
  for (const block of reply.content) {
    if (block.type === 'text' && typeof block.text === 'string') text += block.text;
    else if (block.type === 'thinking' && typeof block.thinking === 'string') reasoning += block.thinking;
    else if (block.type === 'tool_use') toolCalls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) } });
    const thinking = thinkingBlockOf(block);
    if (thinking) thinkingBlocks.push(thinking);
  }
  const message: Record<string, unknown> = { role: 'assistant', content: text || (toolCalls.length > 0 ? null : '') };
  if (reasoning) message.reasoning_content = reasoning;
  if (thinkingBlocks.length > 0) message.thinking_blocks = thinkingBlocks;
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  const usage = usageFromAnthropic(reply.usage);
  return {
    id: reply.id,
    object: 'chat.completion',
    created,
    model: reply.model,
    choices: [{ index: 0, message, finish_reason: finishReason(reply.stop_reason) ?? 'stop', logprobs: null }],
    ...(usage ? { usage: openAiUsage(usage) } : {}),
  };
}
