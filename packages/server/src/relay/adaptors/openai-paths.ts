import type { RelayChannel, RelayMode } from '../relay-context';
import { RelayError } from '../relay-error';

/**
 * iFlytek Spark's HTTP API takes `Bearer APIKey:APISecret` as well as its APIPassword; a key in the
 * spec's `APPID|APISecret|APIKey` form is sent that way, an APIPassword as it is.
 */
const sparkBearer = (key: string): string => {
  const parts = key.split('|').map((part) => part.trim());
  return parts.length === 3 ? `${parts[2]}:${parts[1]}` : key;
};

/**
 * Where the API of each OpenAI-compatible type lives: the provider's host, used when the channel
 * sets no base URL, and the path of the API under a host, also under the admin's base URL; and,
 * for a type whose key is not sent as it is, the bearer token made from the key. A type not listed
 * here has no default host, and its API is taken to be at `/v1` under the base URL.
 */
const API_ROOTS: Record<number, { host: string; path: string; bearer?: (key: string) => string }> = {
  1: { host: 'https://api.openai.com', path: '/v1' },
  4: { host: 'http://127.0.0.1:11434', path: '/v1' }, // Ollama's OpenAI-compatible API
  15: { host: 'https://qianfan.baidubce.com', path: '/v2' }, // Qianfan v2 with a v2 API key (bce-v3/…) as bearer; APIKey|SecretKey keys use v1 (qianfan.adaptor.ts)
  16: { host: 'https://open.bigmodel.cn', path: '/api/paas/v4' },
  17: { host: 'https://dashscope.aliyuncs.com', path: '/compatible-mode/v1' },
  18: { host: 'https://spark-api-open.xf-yun.com', path: '/v1', bearer: sparkBearer },
  22: { host: 'https://cloud.fastgpt.cn', path: '/api/v1' }, // self-hosted FastGPT: its address as base URL
  23: { host: 'https://api.hunyuan.cloud.tencent.com', path: '/v1' },
  25: { host: 'https://api.moonshot.cn', path: '/v1' },
  26: { host: 'https://open.bigmodel.cn', path: '/api/paas/v4' },
  31: { host: 'https://api.lingyiwanwu.com', path: '/v1' },
  35: { host: 'https://api.minimaxi.com', path: '/v1' }, // MiniMax China (api.minimax.chat was its former host)
  38: { host: 'https://api.jina.ai', path: '/v1' },
  40: { host: 'https://api.siliconflow.cn', path: '/v1' },
  42: { host: 'https://api.mistral.ai', path: '/v1' },
  43: { host: 'https://api.deepseek.com', path: '/v1' },
  44: { host: 'https://ark.cn-beijing.volces.com', path: '/api/v3' },
  45: { host: 'https://api.baichuan-ai.com', path: '/v1' },
  46: { host: 'https://api.stepfun.com', path: '/v1' },
};

export const MODE_PATHS: Record<RelayMode, string> = {
  chat: 'chat/completions',
  completions: 'completions',
  embeddings: 'embeddings',
  images: 'images/generations',
  moderations: 'moderations',
  rerank: 'rerank',
  speech: 'audio/speech',
  transcriptions: 'audio/transcriptions',
  translations: 'audio/translations',
  'image-edits': 'images/edits',
};

/**
 * The upstream URL of an OpenAI-compatible call. A custom channel (type 8) holds the full URL,
 * where {model} is replaced; others take base URL (or the type's default host) + API path + mode
 * path. A type with no default host and no base URL is refused rather than sent to OpenAI with
 * another provider's key.
 */
export function openAiUrl(channel: RelayChannel, mode: RelayMode, model: string): string {
  if (channel.type === 8) return channel.baseUrl.replaceAll('{model}', encodeURIComponent(model));
  return openAiApiUrl(channel, MODE_PATHS[mode]);
}

/** An endpoint of the channel's OpenAI-compatible API: base URL (or the type's default host) + API path + `path`. */
export function openAiApiUrl(channel: RelayChannel, path: string): string {
  const root = API_ROOTS[channel.type];
  const host = channel.baseUrl || root?.host;
  if (!host) throw new RelayError(500, `渠道「${channel.name}」的类型没有默认的接口地址，请在渠道中填写 Base URL`, 'server_error', 'channel_base_url_missing');
  return `${host}${root?.path ?? '/v1'}/${path}`;
}

/** The bearer token of an OpenAI-compatible channel: its key, or what its type makes of the key. */
export function openAiBearer(channel: RelayChannel): string {
  const bearer = API_ROOTS[channel.type]?.bearer;
  return bearer ? bearer(channel.key) : channel.key;
}
