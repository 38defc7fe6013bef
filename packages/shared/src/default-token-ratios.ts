import type { PriceTier } from './price-tiers';

/**
 * Built-in prices of the token kinds beside plain prompt and completion text (issue 29), per model,
 * from the providers' public list prices. Each is a multiplier of the model's prompt price (its
 * ModelRatio), except AudioCompletionRatio, which multiplies the audio prompt price (new-api's
 * convention: audio output = ModelRatio × AudioRatio × AudioCompletionRatio), and ReasoningRatio,
 * which multiplies the completion price. Admins override them in the CacheRatio, CreateCacheRatio,
 * CreateCache1hRatio, AudioRatio, AudioCompletionRatio, ImageRatio, ImageCompletionRatio,
 * ReasoningRatio and ModelTieredPricing options; POST /api/option/rest_model_ratio restores these.
 * Names are matched exactly, as in ModelRatio; an entry for a model without a ModelRatio takes
 * effect once the model is priced.
 */

/**
 * What a model without an entry is billed with. Cache reads at a tenth and 5-minute cache writes at
 * 1.25 of the prompt price are what Anthropic, Gemini 2.5+, GPT-5 and DeepSeek list; the 1-hour
 * write keeps Anthropic's 2 ÷ 1.25 above the model's 5-minute write. Audio and image tokens without
 * a price of their own cost what a text token of the same side costs: an audio or image completion
 * token falls back to the model's completion ratio, a reasoning token to the completion price (×1).
 */
export const TOKEN_RATIO_FALLBACKS = {
  cacheRead: 0.1,
  cacheCreation: 1.25,
  audio: 1,
  image: 1,
  reasoning: 1,
} as const;

/**
 * The 1-hour cache write ratio of a model without one, from its 5-minute ratio: Anthropic's 2 ÷ 1.25
 * = 8 / 5, divided last so that 1.5 gives 2.4 (× 1.6 gives 2.4000000000000004).
 */
export const oneHourCacheRatio = (fiveMinuteRatio: number): number => (fiveMinuteRatio * 8) / 5;

const CLAUDE_MODELS = [
  'claude-3-haiku-20240307',
  'claude-3-5-haiku-20241022',
  'claude-3-5-sonnet-20241022',
  'claude-3-7-sonnet-20250219',
  'claude-sonnet-4-20250514',
  'claude-sonnet-4-5-20250929',
  'claude-opus-4-20250514',
  'claude-opus-4-1-20250805',
  'claude-opus-4-5-20251101',
  'claude-haiku-4-5-20251001',
];
const forClaude = (ratio: number): Record<string, number> => Object.fromEntries(CLAUDE_MODELS.map((model) => [model, ratio]));

/** CacheRatio: prompt tokens read from the provider's cache (cached input ÷ input). */
export const DEFAULT_CACHE_RATIOS: Readonly<Record<string, number>> = {
  // OpenAI: half for the gpt-4o family and o1/o3-mini, a quarter for gpt-4.1, o3, o4-mini and gpt-image-1, a tenth for gpt-5 and gpt-realtime.
  'gpt-4o': 0.5,
  'gpt-4o-mini': 0.5,
  'gpt-4o-realtime-preview': 0.5,
  'gpt-4o-mini-realtime-preview': 0.5,
  o1: 0.5,
  'o1-mini': 0.5,
  'o3-mini': 0.5,
  'gpt-4.1': 0.25,
  'gpt-4.1-mini': 0.25,
  'gpt-4.1-nano': 0.25,
  o3: 0.25,
  'o4-mini': 0.25,
  'gpt-image-1': 0.25,
  'gpt-5': 0.1,
  'gpt-5-mini': 0.1,
  'gpt-5-nano': 0.1,
  'gpt-5-chat-latest': 0.1,
  'gpt-realtime': 0.1,
  'gpt-realtime-mini': 0.1,
  // Anthropic: $0.30 per $3 of input for Sonnet, the same tenth for every model.
  ...forClaude(0.1),
  // Google: a quarter for 2.0 Flash, a tenth for 2.5 and 3 (Gemini 2.5 Pro: $0.125 per $1.25; storage is not billed).
  'gemini-2.0-flash': 0.25,
  'gemini-2.5-flash': 0.1,
  'gemini-2.5-flash-lite': 0.1,
  'gemini-2.5-pro': 0.1,
  'gemini-3-pro-preview': 0.1,
  // DeepSeek: a cache hit at a tenth of a miss ($0.028 per $0.28).
  'deepseek-chat': 0.1,
  'deepseek-reasoner': 0.1,
  // Qwen: implicit cache hits at a fifth of the input price.
  'qwen-turbo': 0.2,
  'qwen-plus': 0.2,
  'qwen-max': 0.2,
};

/** CreateCacheRatio: prompt tokens written to a 5-minute cache (Anthropic bills writes; the others report none). */
export const DEFAULT_CREATE_CACHE_RATIOS: Readonly<Record<string, number>> = forClaude(1.25);

/** CreateCache1hRatio: prompt tokens written to Anthropic's 1-hour cache ($6 per $3 of input for Sonnet). */
export const DEFAULT_CREATE_CACHE_1H_RATIOS: Readonly<Record<string, number>> = forClaude(2);

/** AudioRatio: audio prompt tokens (audio input ÷ text input). */
export const DEFAULT_AUDIO_RATIOS: Readonly<Record<string, number>> = {
  'gpt-4o-audio-preview': 16,
  'gpt-4o-mini-audio-preview': 66.67,
  'gpt-4o-realtime-preview': 8,
  'gpt-4o-mini-realtime-preview': 16.67,
  'gpt-realtime': 8,
  'gpt-realtime-mini': 16.67,
  'gpt-audio': 12.8,
  'gpt-audio-mini': 16.67,
  'gpt-4o-transcribe': 2.4,
  'gpt-4o-mini-transcribe': 2.4,
  'gemini-2.0-flash': 7,
  'gemini-2.5-flash': 3.33,
  'gemini-2.5-flash-lite': 3,
};

/** AudioCompletionRatio: audio completion tokens (audio output ÷ audio input). */
export const DEFAULT_AUDIO_COMPLETION_RATIOS: Readonly<Record<string, number>> = {
  'gpt-4o-audio-preview': 2,
  'gpt-4o-mini-audio-preview': 2,
  'gpt-4o-realtime-preview': 2,
  'gpt-4o-mini-realtime-preview': 2,
  'gpt-realtime': 2,
  'gpt-realtime-mini': 2,
  'gpt-audio': 2,
  'gpt-audio-mini': 2,
  // Text in, speech out: the audio output over the text input price.
  'gemini-2.5-flash-preview-tts': 20,
  'gemini-2.5-pro-preview-tts': 20,
};

/** ImageRatio: image prompt tokens (image input ÷ text input); models that price images as text need none. */
export const DEFAULT_IMAGE_RATIOS: Readonly<Record<string, number>> = {
  'gpt-image-1': 2,
  'gpt-image-1-mini': 1.25,
};

/**
 * ImageCompletionRatio: image completion tokens (image output ÷ text input), as the list prices say
 * per million tokens. OpenAI (developers.openai.com/api/docs/models/gpt-image-1 and
 * …/gpt-image-1-mini): gpt-image-1 text in $5, image out $40; gpt-image-1-mini text in $2, image out
 * $8. Google (ai.google.dev/gemini-api/docs/pricing): Gemini 2.5 Flash Image text and image in $0.30,
 * image out $30 (1290 tokens, $0.039, per 1024×1024 image). A model without an entry bills its image
 * output at its completion ratio, as text.
 */
export const DEFAULT_IMAGE_COMPLETION_RATIOS: Readonly<Record<string, number>> = {
  'gpt-image-1': 8,
  'gpt-image-1-mini': 4,
  'gemini-2.5-flash-image': 100,
  'gemini-2.5-flash-image-preview': 100,
};

/**
 * ReasoningRatio: reasoning (thinking) tokens, a multiplier of the model's completion price. OpenAI,
 * Anthropic and Google's current models list thinking at the output price, so none is built in; an
 * entry is for a model whose provider prices it apart (Gemini 2.5 Flash's preview did: $3.50
 * thinking against $0.60 output). Only reasoning a provider reports apart can take it: Anthropic's
 * thinking is inside output_tokens and is always billed as completion.
 */
export const DEFAULT_REASONING_RATIOS: Readonly<Record<string, number>> = {};

/** Above 200k prompt tokens the whole request costs ×2 for the prompt and ×1.5 for the completion. */
const LONG_CONTEXT: readonly PriceTier[] = [{ above_prompt_tokens: 200000, prompt_multiplier: 2, completion_multiplier: 1.5 }];

/** ModelTieredPricing: long-context prices (Gemini 2.5 Pro, Gemini 3 Pro, Claude Sonnet 4 and 4.5 with the 1M context). */
export const DEFAULT_MODEL_TIERED_PRICING: Readonly<Record<string, readonly PriceTier[]>> = {
  'gemini-2.5-pro': LONG_CONTEXT,
  'gemini-3-pro-preview': LONG_CONTEXT,
  'claude-sonnet-4-20250514': LONG_CONTEXT,
  'claude-sonnet-4-5-20250929': LONG_CONTEXT,
};

/**
 * Every option a model's price is read from (ModelPrice, ModelRatio, CompletionRatio and those
 * above): the relay drops the prices it built when one changes, and 重置模型倍率 restores them all.
 */
export const MODEL_PRICE_OPTION_KEYS = [
  'ModelPrice',
  'ModelRatio',
  'CompletionRatio',
  'CacheRatio',
  'CreateCacheRatio',
  'CreateCache1hRatio',
  'AudioRatio',
  'AudioCompletionRatio',
  'ImageRatio',
  'ImageCompletionRatio',
  'ReasoningRatio',
  'ModelTieredPricing',
] as const;
