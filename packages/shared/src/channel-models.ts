/**
 * The models each channel type offers by default: the channel form pre-fills them and
 * GET /api/models serves this map. Admins add custom names freely; this is not a whitelist.
 */
const OPENAI = ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4.1-nano', 'o3', 'o3-mini', 'o4-mini', 'gpt-3.5-turbo', 'text-embedding-3-small', 'text-embedding-3-large', 'text-embedding-ada-002', 'dall-e-3', 'tts-1', 'whisper-1', 'omni-moderation-latest'];
const CLAUDE = ['claude-3-5-haiku-20241022', 'claude-3-5-sonnet-20241022', 'claude-3-7-sonnet-20250219', 'claude-sonnet-4-20250514', 'claude-opus-4-20250514'];
const GEMINI = ['gemini-2.0-flash', 'gemini-2.0-flash-lite', 'gemini-2.5-flash', 'gemini-2.5-pro', 'text-embedding-004'];
const MIDJOURNEY = ['mj_imagine', 'mj_variation', 'mj_reroll', 'mj_blend', 'mj_upscale', 'mj_describe', 'mj_zoom', 'mj_shorten', 'mj_modal', 'mj_inpaint', 'mj_custom_zoom', 'mj_high_variation', 'mj_low_variation', 'mj_pan', 'mj_upload'];

export const CHANNEL_TYPE_MODELS: Readonly<Record<number, readonly string[]>> = {
  1: OPENAI,
  2: MIDJOURNEY,
  3: OPENAI,
  4: ['llama3.1', 'qwen2.5', 'deepseek-r1'],
  5: [...MIDJOURNEY, 'swap_face'],
  8: [],
  11: ['chat-bison-001'],
  14: CLAUDE,
  15: ['ERNIE-4.0-8K', 'ERNIE-3.5-8K', 'ERNIE-Speed-128K', 'Embedding-V1'],
  16: ['glm-4', 'glm-4-flash', 'glm-4-air', 'embedding-3'],
  17: ['qwen-turbo', 'qwen-plus', 'qwen-max', 'qwen-long', 'text-embedding-v3'],
  18: ['SparkDesk-v4.0', 'SparkDesk-v3.5', 'SparkDesk-v3.1'],
  19: ['360gpt-pro', '360gpt-turbo', 'embedding-bert-512-v1'],
  21: [],
  22: [],
  23: ['hunyuan-lite', 'hunyuan-standard', 'hunyuan-pro', 'hunyuan-turbo'],
  24: GEMINI,
  25: ['moonshot-v1-8k', 'moonshot-v1-32k', 'moonshot-v1-128k', 'kimi-k2-0711-preview'],
  26: ['glm-4v', 'glm-4v-plus'],
  31: ['yi-large', 'yi-medium', 'yi-lightning'],
  33: CLAUDE,
  34: ['command-r', 'command-r-plus', 'embed-multilingual-v3.0', 'rerank-multilingual-v3.0'],
  35: ['abab6.5s-chat', 'MiniMax-Text-01'],
  36: ['suno_music', 'suno_lyrics'],
  37: [],
  38: ['jina-embeddings-v3', 'jina-reranker-v2-base-multilingual'],
  39: ['@cf/meta/llama-3.1-8b-instruct', '@cf/baai/bge-m3'],
  40: ['deepseek-ai/DeepSeek-V3', 'deepseek-ai/DeepSeek-R1', 'Qwen/Qwen2.5-72B-Instruct', 'BAAI/bge-m3'],
  41: [...CLAUDE, ...GEMINI],
  42: ['mistral-large-latest', 'mistral-small-latest', 'codestral-latest', 'mistral-embed'],
  43: ['deepseek-chat', 'deepseek-reasoner'],
  44: ['doubao-pro-32k', 'doubao-lite-32k', 'doubao-embedding'],
  45: ['Baichuan4', 'Baichuan3-Turbo', 'Baichuan-Text-Embedding'],
  46: ['step-1-8k', 'step-1-32k', 'step-2-16k'],
};

/** Default "other" field by channel type (spec 2 §5): Azure API version, Spark version. */
export const CHANNEL_TYPE_DEFAULT_OTHER: Readonly<Record<number, string>> = { 3: '2023-06-01-preview', 18: 'v2.1' };

/** Channel types whose model list can be fetched from an OpenAI-format /v1/models. */
export const FETCH_MODELS_TYPES: readonly number[] = [1];
