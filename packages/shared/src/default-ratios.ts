/**
 * Built-in prices of common models, as ratios (spec 1 §9): a model ratio r means r quota per prompt
 * token, i.e. 2·r USD per million prompt tokens at 500000 quota per USD; the completion ratio
 * multiplies r for completion tokens. From the providers' public list prices; admins override them
 * in the ModelRatio / CompletionRatio / ModelPrice options, and POST /api/option/rest_model_ratio
 * restores these. The other token kinds (cache, audio, image) and long-context prices are in
 * default-token-ratios.ts.
 */
export const DEFAULT_MODEL_RATIOS: Readonly<Record<string, number>> = {
  // OpenAI
  'gpt-4o': 1.25,
  'gpt-4o-mini': 0.075,
  'gpt-4.1': 1,
  'gpt-4.1-mini': 0.2,
  'gpt-4.1-nano': 0.05,
  o3: 1,
  'o3-mini': 0.55,
  'o4-mini': 0.55,
  'gpt-3.5-turbo': 0.25,
  'text-embedding-3-small': 0.01,
  'text-embedding-3-large': 0.065,
  'text-embedding-ada-002': 0.05,
  'tts-1': 7.5,
  // Anthropic
  'claude-3-5-haiku-20241022': 0.4,
  'claude-3-5-sonnet-20241022': 1.5,
  'claude-3-7-sonnet-20250219': 1.5,
  'claude-sonnet-4-20250514': 1.5,
  'claude-opus-4-20250514': 7.5,
  // Google
  'gemini-2.0-flash': 0.05,
  'gemini-2.0-flash-lite': 0.0375,
  'gemini-2.5-flash': 0.15,
  'gemini-2.5-pro': 0.625,
  'text-embedding-004': 0.01,
  // DeepSeek, Moonshot, Mistral, Qwen, Zhipu
  'deepseek-chat': 0.135,
  'deepseek-reasoner': 0.275,
  'moonshot-v1-8k': 0.5,
  'moonshot-v1-32k': 1,
  'moonshot-v1-128k': 2.5,
  'mistral-large-latest': 1,
  'mistral-small-latest': 0.05,
  'mistral-embed': 0.05,
  'qwen-turbo': 0.025,
  'qwen-plus': 0.2,
  'qwen-max': 0.8,
  'glm-4-flash': 0.005,
  'glm-4-air': 0.035,
  'glm-4': 3.5,
};

export const DEFAULT_COMPLETION_RATIOS: Readonly<Record<string, number>> = {
  'gpt-4o': 4,
  'gpt-4o-mini': 4,
  'gpt-4.1': 4,
  'gpt-4.1-mini': 4,
  'gpt-4.1-nano': 4,
  o3: 4,
  'o3-mini': 4,
  'o4-mini': 4,
  'gpt-3.5-turbo': 3,
  'claude-3-5-haiku-20241022': 5,
  'claude-3-5-sonnet-20241022': 5,
  'claude-3-7-sonnet-20250219': 5,
  'claude-sonnet-4-20250514': 5,
  'claude-opus-4-20250514': 5,
  'gemini-2.0-flash': 4,
  'gemini-2.0-flash-lite': 4,
  'gemini-2.5-flash': 8.33,
  'gemini-2.5-pro': 8,
  'deepseek-chat': 4.07,
  'deepseek-reasoner': 3.98,
  'moonshot-v1-8k': 1,
  'moonshot-v1-32k': 1,
  'moonshot-v1-128k': 1,
  'mistral-large-latest': 3,
  'mistral-small-latest': 3,
  'qwen-turbo': 2,
  'qwen-plus': 2.5,
  'qwen-max': 4,
  'glm-4-flash': 1,
  'glm-4-air': 1,
  'glm-4': 1,
};

/** Fixed USD prices per call (spec 1 §9: a model price overrides the ratios). */
export const DEFAULT_MODEL_PRICES: Readonly<Record<string, number>> = {
  'dall-e-3': 0.04,
  'whisper-1': 0.006,
  'omni-moderation-latest': 0,
  // Async tasks: one price per submitted task (issue 18). Inpaint and custom zoom only open a
  // dialog; the drawing is charged when the dialog is submitted (mj_modal).
  mj_imagine: 0.1,
  mj_variation: 0.1,
  mj_reroll: 0.1,
  mj_blend: 0.1,
  mj_modal: 0.1,
  mj_zoom: 0.1,
  mj_shorten: 0.1,
  mj_high_variation: 0.1,
  mj_low_variation: 0.1,
  mj_pan: 0.1,
  mj_inpaint: 0,
  mj_custom_zoom: 0,
  mj_describe: 0.05,
  mj_upscale: 0.05,
  mj_upload: 0.05,
  swap_face: 0.05,
  suno_music: 0.1,
  suno_lyrics: 0.01,
};
