import type { PriceTier } from '@gw/shared';
import { http, type ApiReply } from '@/api/http';

/** Billing type (spec 2 §4): 1 per call, 0 per usage. */
export const QUOTA_TYPES = { PER_USAGE: 0, PER_CALL: 1 } as const;

/** One model of the pricing page (spec 2 §3 Pricing entry). */
export interface PricingEntry {
  model_name: string;
  quota_type: number;
  model_ratio: number;
  completion_ratio: number;
  /** USD per call when quota_type is 1. */
  model_price: number;
  enable_groups: string[];
  /** False for a model offered by channels without a ratio or price (calls to it are refused). */
  priced?: boolean;
  /** Priced per-usage models: the multipliers of the prompt price for cache reads and 5-minute cache writes. */
  cache_ratio?: number;
  cache_creation_ratio?: number;
  /** Where the model has its own: 1-hour cache writes, audio and image prompt tokens (multipliers of the prompt price). */
  cache_creation_ratio_1h?: number;
  audio_ratio?: number;
  image_ratio?: number;
  /** Where the model has its own: audio completion tokens, as a multiplier of the audio prompt price. */
  audio_completion_ratio?: number;
  /** Where the model has its own: generated image tokens, as a multiplier of the prompt price. */
  image_completion_ratio?: number;
  /** Where it is not 1: reasoning tokens, as a multiplier of the completion price. */
  reasoning_ratio?: number;
  /** Long-context prices, the lowest threshold first: above it the whole request costs these multiples. */
  tiers?: PriceTier[];
}

/** GET /api/pricing answers data with group_ratio beside it (spec 2 §7), and the viewer's group. */
export interface PricingReply extends ApiReply<PricingEntry[]> {
  group_ratio?: Record<string, number>;
  usable_group?: string;
}

/** Public: a guest gets the default group's view. */
export const getPricing = () => http.get<PricingEntry[]>('/api/pricing') as Promise<PricingReply>;
