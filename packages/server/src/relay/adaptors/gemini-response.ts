import { randomUUID } from 'node:crypto';
import { count, type Usage, usageOf } from '../billing/usage';
import type { GeminiModalityCount, GeminiPart, GeminiResponse, GeminiUsageMetadata } from './gemini-types';

const FINISH_REASONS: Record<string, string> = {
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  BLOCKLIST: 'content_filter',
  PROHIBITED_CONTENT: 'content_filter',
  SPII: 'content_filter',
  IMAGE_SAFETY: 'content_filter',
};

/** Gemini's finish reason in OpenAI's words; a turn that called functions ends with tool_calls. */
export function finishReasonOf(reason: string, calledTools: boolean): string {
  if (calledTools && reason === 'STOP') return 'tool_calls';
  return FINISH_REASONS[reason] ?? 'stop';
}

export interface OpenAiToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
  /**
   * The functionCall part's thought signature, where Google's own OpenAI-compatible API puts it;
   * the client sends it back with the call next turn (gemini-request.ts).
   */
  extra_content?: { google: { thought_signature: string } };
}

/** A candidate's parts sorted into answer text, reasoning text and function calls. */
export interface SplitParts {
  text: string;
  reasoning: string;
  toolCalls: OpenAiToolCall[];
}

export function splitParts(parts: GeminiPart[] | undefined): SplitParts {
  const result: SplitParts = { text: '', reasoning: '', toolCalls: [] };
  for (const part of parts ?? []) {
    if (part.functionCall) {
      result.toolCalls.push({
        id: part.functionCall.id ?? `call_${randomUUID().replaceAll('-', '')}`,
        type: 'function',
        function: { name: part.functionCall.name, arguments: JSON.stringify(part.functionCall.args ?? {}) },
        ...(part.thoughtSignature ? { extra_content: { google: { thought_signature: part.thoughtSignature } } } : {}),
      });
    } else if (typeof part.text === 'string') {
      if (part.thought) result.reasoning += part.text;
      else result.text += part.text;
    }
  }
  return result;
}

/** The tokens of one modality in a list of Gemini's modality counts. */
function modality(details: GeminiModalityCount[] | undefined, name: string): number {
  let tokens = 0;
  if (Array.isArray(details)) for (const detail of details) if (detail?.modality === name) tokens += count(detail.tokenCount);
  return tokens;
}

/**
 * Gemini's usage in the relay's terms: the prompt is promptTokenCount (cached content included)
 * plus the tool-use prompt; the thoughts, which Gemini counts beside candidatesTokenCount, are
 * added to the completion once and reported as its reasoning part. Audio and image prompt tokens
 * are those of promptTokensDetails less their cached share (cacheTokensDetails), which is billed
 * as a cache read; audio and image completion tokens (gemini-*-image models) come from
 * candidatesTokensDetails.
 */
export function usageFromGemini(meta: GeminiUsageMetadata | undefined): Usage | undefined {
  if (!meta) return undefined;
  const prompt = count(meta.promptTokenCount) + count(meta.toolUsePromptTokenCount);
  const thoughts = count(meta.thoughtsTokenCount);
  const completion = count(meta.candidatesTokenCount) + thoughts;
  if (prompt === 0 && completion === 0) return undefined;
  return usageOf({
    prompt_tokens: prompt,
    completion_tokens: completion,
    cache_read_tokens: count(meta.cachedContentTokenCount),
    reasoning_tokens: thoughts,
    prompt_audio_tokens: Math.max(0, modality(meta.promptTokensDetails, 'AUDIO') - modality(meta.cacheTokensDetails, 'AUDIO')),
    prompt_image_tokens: Math.max(0, modality(meta.promptTokensDetails, 'IMAGE') - modality(meta.cacheTokensDetails, 'IMAGE')),
    completion_audio_tokens: modality(meta.candidatesTokensDetails, 'AUDIO'),
    completion_image_tokens: modality(meta.candidatesTokensDetails, 'IMAGE'),
  });
}

/** The relay's usage as OpenAI's `usage` object, for the client. */
export function openAiUsage(usage: Usage): Record<string, unknown> {
  return {
    prompt_tokens: usage.prompt_tokens,
    completion_tokens: usage.completion_tokens,
    total_tokens: usage.prompt_tokens + usage.completion_tokens,
    prompt_tokens_details: { cached_tokens: usage.cache_read_tokens },
    completion_tokens_details: { reasoning_tokens: usage.reasoning_tokens },
  };
}

export function completionId(response: GeminiResponse): string {
  return `chatcmpl-${response.responseId ?? randomUUID()}`;
}

/**
 * A generateContent reply as an OpenAI chat.completion. A prompt Gemini blocked (no candidates,
 * a block reason) is answered as an empty, filtered reply; a reply with neither is not one.
 */
export function toChatCompletion(response: GeminiResponse, fallbackModel: string): { completion: Record<string, unknown>; usage?: Usage; model: string } {
  const candidates = response.candidates ?? [];
  if (candidates.length === 0 && !response.promptFeedback?.blockReason) throw new Error('Gemini reply without candidates');
  const choices =
    candidates.length > 0
      ? candidates.map((candidate, position) => {
          const { text, reasoning, toolCalls } = splitParts(candidate.content?.parts);
          const message: Record<string, unknown> = { role: 'assistant', content: text || (toolCalls.length > 0 ? null : '') };
          if (reasoning) message.reasoning_content = reasoning;
          if (toolCalls.length > 0) message.tool_calls = toolCalls;
          return { index: candidate.index ?? position, message, finish_reason: finishReasonOf(candidate.finishReason ?? 'STOP', toolCalls.length > 0) };
        })
      : [{ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'content_filter' }];
  const usage = usageFromGemini(response.usageMetadata);
  const model = response.modelVersion ?? fallbackModel;
  const completion: Record<string, unknown> = {
    id: completionId(response),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices,
    ...(usage ? { usage: openAiUsage(usage) } : {}),
  };
  return { completion, usage, model };
}
