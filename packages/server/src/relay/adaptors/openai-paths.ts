import type { RelayChannel, RelayMode } from '../relay-context';

/** The API root of each OpenAI-compatible type when the channel sets no base URL. */
const DEFAULT_ROOTS: Record<number, string> = {
  1: 'https://api.openai.com/v1',
  4: 'http://127.0.0.1:11434/v1',
  16: 'https://open.bigmodel.cn/api/paas/v4',
  17: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
  25: 'https://api.moonshot.cn/v1',
  26: 'https://open.bigmodel.cn/api/paas/v4',
  31: 'https://api.lingyiwanwu.com/v1',
  35: 'https://api.minimax.chat/v1',
  38: 'https://api.jina.ai/v1',
  40: 'https://api.siliconflow.cn/v1',
  42: 'https://api.mistral.ai/v1',
  43: 'https://api.deepseek.com/v1',
  44: 'https://ark.cn-beijing.volces.com/api/v3',
  45: 'https://api.baichuan-ai.com/v1',
  46: 'https://api.stepfun.com/v1',
};

/** Path after the host for types whose API does not live under /v1. */
const ROOT_PATHS: Record<number, string> = { 16: '/api/paas/v4', 17: '/compatible-mode/v1', 26: '/api/paas/v4', 44: '/api/v3' };

export const MODE_PATHS: Record<RelayMode, string> = {
  chat: 'chat/completions',
  completions: 'completions',
  embeddings: 'embeddings',
  images: 'images/generations',
  moderations: 'moderations',
  rerank: 'rerank',
  speech: 'audio/speech',
  transcriptions: 'audio/transcriptions',
};

/**
 * The upstream URL of an OpenAI-compatible call. A custom channel (type 8) holds the full URL,
 * where {model} is replaced; others take base URL (or the type's default) + root + path.
 */
export function openAiUrl(channel: RelayChannel, mode: RelayMode, model: string): string {
  if (channel.type === 8) return channel.baseUrl.replaceAll('{model}', encodeURIComponent(model));
  const root = channel.baseUrl ? `${channel.baseUrl}${ROOT_PATHS[channel.type] ?? '/v1'}` : (DEFAULT_ROOTS[channel.type] ?? DEFAULT_ROOTS[1]);
  return `${root}/${MODE_PATHS[mode]}`;
}
