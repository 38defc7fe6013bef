import { isObject, type Json } from '../json';
import { RelayError } from '../relay-error';
import { contentText } from './openai-content';

/** Where Baidu's v1 (wenxinworkshop) API lives; a channel's base URL replaces the host. */
export const QIANFAN_V1_HOST = 'https://aip.baidubce.com';
export const QIANFAN_V1_CHAT_PATH = '/rpc/2.0/ai_custom/v1/wenxinworkshop/chat';
export const QIANFAN_TOKEN_PATH = '/oauth/2.0/token';

/**
 * Models whose v1 chat endpoint is not their lower-cased name (Qianfan's model list, and the
 * older ERNIE-Bot names); every other model, or a mapped endpoint name, goes to its lower-cased name.
 */
const IRREGULAR_ENDPOINTS: Record<string, string> = {
  'ERNIE-4.0-8K': 'completions_pro',
  'ERNIE-3.5-8K': 'completions',
  'ERNIE-Speed-8K': 'ernie_speed',
  'ERNIE-Lite-8K-0922': 'eb-instant',
  'ERNIE-Bot-4': 'completions_pro',
  'ERNIE-Bot': 'completions',
  'ERNIE-Bot-turbo': 'eb-instant',
  'ERNIE-Bot-8K': 'ernie_bot_8k',
  'BLOOMZ-7B': 'bloomz_7b1',
};

export function qianfanV1ChatEndpoint(model: string): string {
  return IRREGULAR_ENDPOINTS[model] ?? model.toLowerCase();
}

/** ERNIE's v1 chat request (the fields the relay fills). */
export interface QianfanV1Request {
  messages: Array<{ role: 'user' | 'assistant'; content: string }>;
  stream: boolean;
  system?: string;
  temperature?: number;
  top_p?: number;
  max_output_tokens?: number;
  stop?: string[];
  user_id?: string;
}

const numberOf = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/**
 * An OpenAI chat request as ERNIE's v1 chat request: system (and developer) messages become the
 * `system` field, the turns keep their text. Tools are refused: the v1 API has no OpenAI tools,
 * the v2 API (a v2 API Key) has.
 */
export function toQianfanV1Request(body: Json, stream: boolean): QianfanV1Request {
  if (body.tools !== undefined || body.functions !== undefined) {
    throw new RelayError(400, '百度千帆 APIKey|SecretKey 渠道不支持工具调用，请改用 v2 API Key 的渠道', 'invalid_request_error', 'unsupported_parameter');
  }
  const messages = Array.isArray(body.messages) ? body.messages.filter(isObject) : [];
  const system = messages
    .filter((message) => message.role === 'system' || message.role === 'developer')
    .map((message) => contentText(message.content))
    .join('\n');
  const request: QianfanV1Request = {
    messages: messages
      .filter((message) => message.role !== 'system' && message.role !== 'developer')
      .map((message) => ({ role: message.role === 'assistant' ? 'assistant' : 'user', content: contentText(message.content) })),
    stream,
  };
  if (system) request.system = system;
  const maxTokens = numberOf(body.max_completion_tokens) ?? numberOf(body.max_tokens);
  if (maxTokens !== undefined) request.max_output_tokens = maxTokens;
  if (numberOf(body.temperature) !== undefined) request.temperature = numberOf(body.temperature);
  if (numberOf(body.top_p) !== undefined) request.top_p = numberOf(body.top_p);
  if (typeof body.stop === 'string') request.stop = [body.stop];
  else if (Array.isArray(body.stop)) request.stop = body.stop.filter((item): item is string => typeof item === 'string');
  if (typeof body.user === 'string' && body.user) request.user_id = body.user;
  return request;
}
