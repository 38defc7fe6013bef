import type { Usage } from './usage';

/** A long-context price as billing uses it (the ModelTieredPricing option, price-tiers.ts in @gw/shared). */
export interface Tier {
  abovePromptTokens: number;
  promptMultiplier: number;
  completionMultiplier: number;
}

/** How one model is priced for one group (spec 1 §9, spec 2 §9; the ratio options, issue 29). */
export interface Price {
  /** A fixed USD price per call; when set it overrides the ratios. */
  modelPrice?: number;
  modelRatio: number;
  completionRatio: number;
  groupRatio: number;
  /** Multipliers of the prompt price: cache reads, 5-minute and 1-hour cache writes, audio and image prompt tokens. */
  cacheReadRatio: number;
  cacheCreationRatio: number;
  cacheCreation1hRatio: number;
  audioRatio: number;
  imageRatio: number;
  /** Multiplier of the audio prompt price for audio completion tokens. */
  audioCompletionRatio: number;
  /** Multiplier of the prompt price for image completion tokens (generated images). */
  imageCompletionRatio: number;
  /** Multiplier of the completion price for reasoning tokens. */
  reasoningRatio: number;
  /** Long-context prices, the highest threshold first; empty for most models. */
  tiers: readonly Tier[];
}

/** A model's entry in a ratio option, or the fallback (own keys only: "constructor" is no model of Object.prototype). */
export function ratioOf(option: Readonly<Record<string, number>>, model: string, fallback: number): number {
  const value = Object.hasOwn(option, model) ? option[model] : undefined;
  return typeof value === 'number' ? value : fallback;
}

/** The tiers of a model without long-context prices: one shared empty list, nothing allocated per request. */
export const NO_TIERS: readonly Tier[] = Object.freeze([]);

/** The long-context price a request with this many prompt tokens is billed at, if any: the highest threshold it exceeds. */
export function tierFor(price: Price, promptTokens: number): Tier | undefined {
  for (const tier of price.tiers) if (promptTokens > tier.abovePromptTokens) return tier;
  return undefined;
}

/**
 * The exact quota a request costs. Every token kind of the usage (usage.ts) is priced once: the
 * prompt's plain tokens at the model ratio, its cache reads, 5-minute and 1-hour cache writes,
 * audio and image tokens at their multipliers of it; the completion's text tokens at the completion
 * ratio, its reasoning tokens at the completion ratio × the reasoning ratio, its audio tokens at the
 * audio ratio × the audio completion ratio, its image tokens at the image completion ratio. Above a
 * long-context threshold the whole request is billed at the tier's multipliers.
 * Rounded up to a whole quota unit so that nothing is free by rounding.
 */
export function quotaFor(price: Price, usage: Usage, quotaPerUnit: number): number {
  if (price.modelPrice !== undefined) return Math.ceil(price.modelPrice * quotaPerUnit * price.groupRatio);
  const oneHour = usage.cache_creation_1h_tokens;
  const plainPrompt = Math.max(0, usage.prompt_tokens - usage.cache_read_tokens - usage.cache_creation_tokens - usage.prompt_audio_tokens - usage.prompt_image_tokens);
  const promptUnits =
    plainPrompt +
    usage.cache_read_tokens * price.cacheReadRatio +
    (usage.cache_creation_tokens - oneHour) * price.cacheCreationRatio +
    oneHour * price.cacheCreation1hRatio +
    usage.prompt_audio_tokens * price.audioRatio +
    usage.prompt_image_tokens * price.imageRatio;
  const audioOut = usage.completion_audio_tokens;
  const imageOut = usage.completion_image_tokens;
  const reasoning = usage.reasoning_tokens;
  const textOut = Math.max(0, usage.completion_tokens - audioOut - imageOut - reasoning);
  const completionUnits =
    (textOut + reasoning * price.reasoningRatio) * price.completionRatio + audioOut * price.audioRatio * price.audioCompletionRatio + imageOut * price.imageCompletionRatio;
  const tier = tierFor(price, usage.prompt_tokens);
  const units = tier ? promptUnits * tier.promptMultiplier + completionUnits * tier.completionMultiplier : promptUnits + completionUnits;
  const quota = units * price.modelRatio * price.groupRatio;
  return quota > 0 ? Math.ceil(quota - 1e-9) : 0;
}
