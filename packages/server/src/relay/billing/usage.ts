/**
 * Token counts of one request, in every kind the price depends on (spec 2 §3 Log). The totals
 * are prompt_tokens and completion_tokens; every other kind is a part of one of them, and the
 * prompt parts never overlap: a cached audio token is a cache read, not an audio token; nor do the
 * completion parts (audio, image, reasoning), so each token is priced once. Each
 * provider's report is brought to this shape when it is read (usageOf), whatever the provider
 * counts inside or outside its own totals, so that billing (pricing.ts) never counts a token twice.
 */
export interface Usage {
  /** Every prompt token, cached ones included. */
  prompt_tokens: number;
  /** Every completion token, reasoning and audio included. */
  completion_tokens: number;
  /** Prompt tokens read from the provider's cache (included in prompt_tokens). */
  cache_read_tokens: number;
  /** Prompt tokens written to the provider's cache, for 5 minutes or 1 hour (included in prompt_tokens). */
  cache_creation_tokens: number;
  /** The part of cache_creation_tokens written to Anthropic's 1-hour cache. */
  cache_creation_1h_tokens: number;
  /** Reasoning tokens (included in completion_tokens, priced at the completion price × ReasoningRatio). */
  reasoning_tokens: number;
  /** Audio prompt tokens not read from the cache (included in prompt_tokens). */
  prompt_audio_tokens: number;
  /** Image prompt tokens not read from the cache (included in prompt_tokens). */
  prompt_image_tokens: number;
  /** Audio completion tokens (included in completion_tokens). */
  completion_audio_tokens: number;
  /** Image completion tokens: generated images (included in completion_tokens). */
  completion_image_tokens: number;
}

export const emptyUsage = (): Usage => ({
  prompt_tokens: 0,
  completion_tokens: 0,
  cache_read_tokens: 0,
  cache_creation_tokens: 0,
  cache_creation_1h_tokens: 0,
  reasoning_tokens: 0,
  prompt_audio_tokens: 0,
  prompt_image_tokens: 0,
  completion_audio_tokens: 0,
  completion_image_tokens: 0,
});

/** A count as a provider reports it: a whole number of at least 0 (anything else is 0). */
export const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/**
 * A usage with its parts fitted inside their totals: the prompt parts are taken in the order
 * cache reads, cache writes, audio, images, each at most what the prompt has left, the 1-hour
 * writes at most the writes, the completion parts in the order audio, images, reasoning, each at
 * most what the completion has left. An upstream that reports a part larger than its total is
 * billed for the total, never for more.
 */
export function usageOf(parts: Partial<Usage> & Pick<Usage, 'prompt_tokens' | 'completion_tokens'>): Usage {
  let promptLeft = parts.prompt_tokens;
  const take = (value: number | undefined): number => {
    const taken = Math.min(value ?? 0, promptLeft);
    promptLeft -= taken;
    return taken;
  };
  let completionLeft = parts.completion_tokens;
  const takeCompletion = (value: number | undefined): number => {
    const taken = Math.min(value ?? 0, completionLeft);
    completionLeft -= taken;
    return taken;
  };
  const cacheRead = take(parts.cache_read_tokens);
  const cacheCreation = take(parts.cache_creation_tokens);
  const audio = take(parts.prompt_audio_tokens);
  const image = take(parts.prompt_image_tokens);
  const audioOut = takeCompletion(parts.completion_audio_tokens);
  const imageOut = takeCompletion(parts.completion_image_tokens);
  return {
    prompt_tokens: parts.prompt_tokens,
    completion_tokens: parts.completion_tokens,
    cache_read_tokens: cacheRead,
    cache_creation_tokens: cacheCreation,
    cache_creation_1h_tokens: Math.min(parts.cache_creation_1h_tokens ?? 0, cacheCreation),
    reasoning_tokens: takeCompletion(parts.reasoning_tokens),
    prompt_audio_tokens: audio,
    prompt_image_tokens: image,
    completion_audio_tokens: audioOut,
    completion_image_tokens: imageOut,
  };
}

type Details = Record<string, any> | undefined;

/**
 * Reads OpenAI's usage object (chat, completions, embeddings, Responses, images, transcriptions,
 * and the compatible providers'). Cached tokens are inside prompt_tokens there, as the relay counts
 * them: OpenAI's `prompt_tokens_details.cached_tokens` (Responses and images:
 * `input_tokens_details`, realtime and transcriptions: `input_token_details`), DeepSeek's
 * `prompt_cache_hit_tokens`, Moonshot's top-level `cached_tokens`; cache writes as OpenRouter
 * reports them (`cache_write_tokens`), inside too. Audio and image prompt tokens count without
 * their cached share (`cached_tokens_details`), which is billed as a cache read. Reasoning, audio
 * and image completion tokens are parts of completion_tokens (`completion_tokens_details`,
 * Responses: `output_tokens_details`).
 */
export function usageFromOpenAI(raw: unknown): Usage | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const usage = raw as Record<string, any>;
  const prompt = count(usage.prompt_tokens ?? usage.input_tokens);
  const completion = count(usage.completion_tokens ?? usage.output_tokens);
  if (prompt === 0 && completion === 0 && count(usage.total_tokens) === 0) return undefined;
  const promptDetails: Details = usage.prompt_tokens_details ?? usage.input_tokens_details ?? usage.input_token_details;
  const completionDetails: Details = usage.completion_tokens_details ?? usage.output_tokens_details ?? usage.output_token_details;
  const cachedDetails: Details = promptDetails?.cached_tokens_details;
  return usageOf({
    prompt_tokens: prompt || Math.max(0, count(usage.total_tokens) - completion),
    completion_tokens: completion,
    cache_read_tokens: count(promptDetails?.cached_tokens ?? usage.prompt_cache_hit_tokens ?? usage.cached_tokens),
    cache_creation_tokens: count(promptDetails?.cache_creation_tokens ?? promptDetails?.cache_write_tokens),
    reasoning_tokens: count(completionDetails?.reasoning_tokens),
    prompt_audio_tokens: Math.max(0, count(promptDetails?.audio_tokens) - count(cachedDetails?.audio_tokens)),
    prompt_image_tokens: Math.max(0, count(promptDetails?.image_tokens) - count(cachedDetails?.image_tokens)),
    completion_audio_tokens: count(completionDetails?.audio_tokens),
    completion_image_tokens: count(completionDetails?.image_tokens),
  });
}

/**
 * Reads the usage of OpenAI's Images API (/v1/images/generations and edits, gpt-image-1 and its
 * kin; dall-e models report none): its output_tokens are "the number of image tokens in the output
 * image", so all of them are image completion tokens unless `output_tokens_details` splits them
 * into image and text tokens, as newer models do.
 */
export function usageFromImagesApi(raw: unknown): Usage | undefined {
  const usage = usageFromOpenAI(raw);
  if (!usage) return undefined;
  const details: Details = (raw as Record<string, any>).output_tokens_details;
  if (details && typeof details === 'object' && 'image_tokens' in details) return usage;
  return usageOf({ ...usage, completion_image_tokens: usage.completion_tokens });
}
