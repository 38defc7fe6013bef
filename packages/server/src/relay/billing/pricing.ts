import type { Usage } from './usage';

/** How one model is priced for one group (spec 1 §9, spec 2 §9). */
export interface Price {
  /** A fixed USD price per call; when set it overrides the ratios. */
  modelPrice?: number;
  modelRatio: number;
  completionRatio: number;
  groupRatio: number;
  /** Multipliers of the model ratio for cached prompt tokens (read and write) and audio prompt tokens. */
  cacheReadRatio: number;
  cacheCreationRatio: number;
  audioRatio: number;
}

/** Provider list prices put cache reads at a tenth and cache writes at 1.25 of the prompt price. */
export const DEFAULT_CACHE_READ_RATIO = 0.1;
export const DEFAULT_CACHE_CREATION_RATIO = 1.25;
export const DEFAULT_AUDIO_RATIO = 1;

/**
 * The exact quota a request costs. Cached and audio prompt tokens are part of prompt_tokens and
 * are priced with their own multipliers; reasoning tokens are part of completion_tokens (priced
 * as completion). Rounded up to a whole quota unit so that nothing is free by rounding.
 */
export function quotaFor(price: Price, usage: Usage, quotaPerUnit: number): number {
  if (price.modelPrice !== undefined) return Math.ceil(price.modelPrice * quotaPerUnit * price.groupRatio);
  const plainPrompt = Math.max(0, usage.prompt_tokens - usage.cache_read_tokens - usage.cache_creation_tokens - usage.prompt_audio_tokens);
  const promptUnits =
    plainPrompt +
    usage.cache_read_tokens * price.cacheReadRatio +
    usage.cache_creation_tokens * price.cacheCreationRatio +
    usage.prompt_audio_tokens * price.audioRatio;
  const completionUnits = usage.completion_tokens * price.completionRatio;
  const quota = (promptUnits + completionUnits) * price.modelRatio * price.groupRatio;
  return quota > 0 ? Math.ceil(quota - 1e-9) : 0;
}
