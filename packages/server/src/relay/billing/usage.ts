/** Token counts of one request, in every kind the price depends on (spec 2 §3 Log). */
export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  /** Prompt tokens read from the provider's cache (included in prompt_tokens). */
  cache_read_tokens: number;
  /** Prompt tokens written to the provider's cache (included in prompt_tokens). */
  cache_creation_tokens: number;
  /** Reasoning tokens (included in completion_tokens). */
  reasoning_tokens: number;
  /** Audio prompt tokens (included in prompt_tokens). */
  prompt_audio_tokens: number;
}

export const emptyUsage = (): Usage => ({
  prompt_tokens: 0,
  completion_tokens: 0,
  cache_read_tokens: 0,
  cache_creation_tokens: 0,
  reasoning_tokens: 0,
  prompt_audio_tokens: 0,
});

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/** Reads OpenAI's usage object (chat, completions, embeddings, responses of compatible providers). */
export function usageFromOpenAI(raw: unknown): Usage | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const usage = raw as Record<string, any>;
  const prompt = count(usage.prompt_tokens ?? usage.input_tokens);
  const completion = count(usage.completion_tokens ?? usage.output_tokens);
  if (prompt === 0 && completion === 0 && count(usage.total_tokens) === 0) return undefined;
  return {
    prompt_tokens: prompt || Math.max(0, count(usage.total_tokens) - completion),
    completion_tokens: completion,
    cache_read_tokens: count(usage.prompt_tokens_details?.cached_tokens ?? usage.input_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens),
    cache_creation_tokens: count(usage.prompt_tokens_details?.cache_creation_tokens),
    reasoning_tokens: count(usage.completion_tokens_details?.reasoning_tokens ?? usage.output_tokens_details?.reasoning_tokens),
    prompt_audio_tokens: count(usage.prompt_tokens_details?.audio_tokens),
  };
}
