import type { PriceTier } from '@gw/shared';

/** Billing type (spec 2 §4): 1 per call (a fixed model price), 0 per usage (ratios). */
export const QUOTA_TYPE = { PER_USAGE: 0, PER_CALL: 1 } as const;

/** One model of the pricing page (spec 2 §3 Pricing entry). */
export interface PricingEntry {
  model_name: string;
  quota_type: (typeof QUOTA_TYPE)[keyof typeof QUOTA_TYPE];
  model_ratio: number;
  completion_ratio: number;
  /** USD per call; 0 unless quota_type is 1. */
  model_price: number;
  /** Groups whose enabled channels offer the model. */
  enable_groups: string[];
  /** False for a model that channels offer but that has neither a ratio nor a price: the relay refuses it. */
  priced: boolean;
  /**
   * For a priced per-usage model: the multipliers of its prompt price the relay bills cache reads
   * and 5-minute cache writes with (every such model, its own entries or the fallbacks).
   * Reasoning tokens are completion tokens, at reasoning_ratio × the completion price where given.
   */
  cache_ratio?: number;
  cache_creation_ratio?: number;
  /** Where the model has a CreateCache1hRatio of its own: 1-hour cache writes. */
  cache_creation_ratio_1h?: number;
  /**
   * Where the model has an AudioRatio or AudioCompletionRatio of its own: audio prompt tokens at
   * audio_ratio × the prompt price, audio completion tokens at audio_completion_ratio × that.
   */
  audio_ratio?: number;
  audio_completion_ratio?: number;
  /** Where the model has an ImageRatio of its own: image prompt tokens. */
  image_ratio?: number;
  /** Where the model has an ImageCompletionRatio of its own: generated image tokens, a multiplier of the prompt price. */
  image_completion_ratio?: number;
  /** Where the model's ReasoningRatio is not 1: reasoning tokens, a multiplier of the completion price. */
  reasoning_ratio?: number;
  /** Where the model has long-context prices (ModelTieredPricing), the lowest threshold first. */
  tiers?: PriceTier[];
}

/** GET /api/pricing: the entries in `data`, with the group ratios and the viewer's group beside it. */
export interface PricingReply {
  success: true;
  message: string;
  data: PricingEntry[];
  group_ratio: Record<string, number>;
  /** The signed-in viewer's group, or 'default' for a guest. */
  usable_group: string;
}
