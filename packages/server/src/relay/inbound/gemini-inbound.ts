import type { IncomingHttpHeaders } from 'node:http';
import { countTokens, type TokenCounter } from '../billing/token-count';
import { INT4_MAX } from '../../common/int-range';
import { isObject, type Json } from '../json';
import { checkRelayBody } from '../relay-body';
import { RelayError } from '../relay-error';
import { headerOf } from '../relay-request';
import type { ClientFraming } from '../stream/client-framing';
import { GeminiOverChat } from './gemini-over-chat';
import type { InboundFormat } from './inbound-format';
import { perChatAdaptor } from './per-chat-adaptor';

/** What the path and query of a Gemini call say: the model, whether it streams, and how (SSE with alt=sse, else a JSON array). */
export interface GeminiRoute {
  model: string;
  stream: boolean;
  sse: boolean;
}

/** POST /v1beta/models/{model}:generateContent and :streamGenerateContent (v1 too, as Google serves both); case-sensitive like every route. */
const ROUTE = /^\/v1(?:beta)?\/models\/(.+):(generateContent|streamGenerateContent)$/;

/** The route of a Gemini call, or undefined when the path is not one. */
export function geminiRoute(path: string, query: URLSearchParams): GeminiRoute | undefined {
  const match = ROUTE.exec(path);
  if (!match) return undefined;
  let model: string;
  try {
    model = decodeURIComponent(match[1]);
  } catch {
    model = match[1];
  }
  const stream = match[2] === 'streamGenerateContent';
  return { model, stream, sse: stream && query.get('alt') === 'sse' };
}

/**
 * The client's headers with the key of `?key=` as x-goog-api-key (token-auth.service.ts reads
 * keys from headers), when the client sent no key header: Google takes its key either way.
 */
export function withQueryKey(headers: IncomingHttpHeaders, query: URLSearchParams): IncomingHttpHeaders {
  const key = query.get('key');
  if (!key || headerOf(headers, 'x-goog-api-key') || headerOf(headers, 'authorization') || headerOf(headers, 'x-api-key')) return headers;
  return { ...headers, 'x-goog-api-key': key };
}

/** Google's status names by HTTP code (google.rpc.Code as its REST APIs report it). */
const STATUSES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const googleError = (code: number, message: string) => ({ error: { code, message, status: STATUSES[code] ?? (code >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT') } });

/**
 * A relay error in Google's shape, `{error: {code, message, status}}`. No channel for the model is
 * 404 NOT_FOUND, as Google answers a model it does not serve.
 */
export function geminiErrorReply(error: RelayError): { status: number; body: unknown } {
  const status = error.code === 'model_not_found' ? 404 : error.status;
  return { status, body: googleError(status, error.message) };
}

/** streamGenerateContent with alt=sse: each event a `data:` line, no end marker, a late failure an error object. */
export const GEMINI_SSE_FRAMING: ClientFraming<string> = {
  encode: (chunk) => `data: ${chunk}\r\n\r\n`,
  end: '',
  error: (message) => `data: ${JSON.stringify(googleError(500, message))}\r\n\r\n`,
};

/** streamGenerateContent without alt=sse: one JSON array, written element by element as Google does. */
class GeminiArrayFraming implements ClientFraming<string> {
  readonly contentType = 'application/json; charset=UTF-8';
  private sent = 0;

  encode(chunk: string): string {
    return (this.sent++ === 0 ? '[' : ',\r\n') + chunk;
  }

  get end(): string {
    return this.sent === 0 ? '[]' : ']';
  }

  error(message: string): string {
    return `${this.encode(JSON.stringify(googleError(500, message)))}]`;
  }
}

const invalid = (message: string) => new RelayError(400, message, 'invalid_request_error', null);

/**
 * A generateContent body the pipeline can bill and a channel can read, handed on with what the
 * pipeline reads of every call (the model and stream flag from the path, the completion budget);
 * the body itself (`gemini`) stays as the client sent it, for a Gemini channel to receive as is.
 */
function checkGeminiBody(body: Json, route: GeminiRoute): Json {
  checkRelayBody(body);
  if (!route.model || route.model.includes('\u0000')) throw invalid('路径中的模型名称无效');
  if (!Array.isArray(body.contents) || body.contents.length === 0) throw invalid('contents 不能为空');
  for (const [index, content] of body.contents.entries()) {
    if (!isObject(content) || !(Array.isArray(content.parts) || isObject(content.parts))) throw invalid(`contents[${index}] 需要 parts`);
  }
  const config = body.generationConfig;
  if (config !== undefined && config !== null && !isObject(config)) throw invalid('generationConfig 必须是 JSON 对象');
  const budget = isObject(config) ? config.maxOutputTokens : undefined;
  if (budget !== undefined && budget !== null && !(Number.isInteger(budget) && (budget as number) >= 0 && (budget as number) <= INT4_MAX)) {
    throw invalid('generationConfig.maxOutputTokens 必须是不小于 0 的整数');
  }
  return { model: route.model, stream: route.stream, ...(typeof budget === 'number' ? { max_tokens: budget } : {}), gemini: body };
}

/** The text the model reads in parts: text, function calls and their results. */
function partTexts(parts: unknown, texts: string[]): void {
  for (const part of Array.isArray(parts) ? parts : [parts]) {
    if (!isObject(part)) continue;
    if (typeof part.text === 'string') texts.push(part.text);
    if (isObject(part.functionCall)) texts.push(String(part.functionCall.name), JSON.stringify(part.functionCall.args ?? {}));
    if (isObject(part.functionResponse)) texts.push(String(part.functionResponse.name), JSON.stringify(part.functionResponse.response ?? {}));
  }
}

/**
 * The prompt tokens of a generateContent request counted with the relay's tokenizer: the system
 * instruction, the turns' text, function calls and results, and the function declarations, with
 * the same per-turn overhead as chat requests. Inline media are not counted.
 */
export function countGeminiTokens(call: Json, count: TokenCounter = countTokens): number {
  const body = isObject(call.gemini) ? call.gemini : {};
  const texts: string[] = [];
  const system = body.systemInstruction;
  if (typeof system === 'string') texts.push(system);
  else if (isObject(system)) partTexts(system.parts, texts);
  const contents = Array.isArray(body.contents) ? body.contents : [];
  for (const content of contents) if (isObject(content)) partTexts(content.parts, texts);
  for (const tool of Array.isArray(body.tools) ? body.tools : []) if (isObject(tool) && tool.functionDeclarations) texts.push(JSON.stringify(tool.functionDeclarations));
  return count(texts.join('\n')) + (contents.length > 0 ? contents.length * 3 + 3 : 0);
}

const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;

const geminiOverChat = perChatAdaptor((chat) => new GeminiOverChat(chat));

/**
 * Gemini's API (POST /v1beta/models/{model}:generateContent and :streamGenerateContent), as
 * Google's SDKs speak it, for one call: its path names the model and the streaming. A Gemini
 * channel serves it natively (adaptors/gemini-native.adaptor.ts); any other channel through its
 * chat adaptor and the conversions of this folder.
 */
export function geminiInbound(route: GeminiRoute): InboundFormat<string> {
  return {
    name: 'gemini',
    framing: route.sse || !route.stream ? GEMINI_SSE_FRAMING : new GeminiArrayFraming(),
    check: (body) => checkGeminiBody(body, route),
    promptTokens: countGeminiTokens,
    chatAdaptor: (provider) => provider.gemini ?? (provider.chat ? geminiOverChat(provider.chat) : undefined),
    nativeHeaders: () => NO_HEADERS,
    errorReply: geminiErrorReply,
  };
}
