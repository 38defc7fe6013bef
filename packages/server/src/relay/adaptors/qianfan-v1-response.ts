import { randomUUID } from 'node:crypto';
import { usageFromOpenAI, type Usage } from '../billing/usage';
import { UpstreamReplyError } from '../upstream-reply-error';
import { openAiUsage } from './gemini-response';
import { openAiErrorMessage } from './openai.adaptor';

/** A v1 chat reply, whole or one stream event. Errors come as `{error_code, error_msg}`, with HTTP 200. */
export interface QianfanV1Reply {
  id?: string;
  created?: number;
  result?: string;
  is_end?: boolean;
  finish_reason?: string;
  usage?: unknown;
  error_code?: number;
  error_msg?: string;
}

/** Error codes of an access token the API no longer takes: the token is dropped and exchanged anew. */
export const TOKEN_ERROR_CODES: ReadonlySet<number> = new Set([100, 110, 111]);

/**
 * The HTTP status a v1 error code means (Baidu's error-code table), so that the relay treats it as
 * it would that status: limits 429, the application's credentials 401, its permissions 403,
 * request errors 400, a token to exchange again 502 (another channel meanwhile; never a dead key).
 */
export function statusOfQianfanError(code: number): number {
  if ([4, 17, 18, 19, 336501, 336502].includes(code)) return 429;
  if (code === 13 || code === 14) return 401;
  if (code === 6 || code === 15) return 403;
  if (code === 3) return 404;
  if (TOKEN_ERROR_CODES.has(code)) return 502;
  if (code === 2 || code === 336100) return 503;
  if (code > 336000 && code < 336100) return 400;
  return 500;
}

/** A reply that is an error, as the error the relay acts on; undefined for a normal reply. */
export function qianfanReplyError(reply: QianfanV1Reply): UpstreamReplyError | undefined {
  if (typeof reply.error_code !== 'number' || reply.error_code === 0) return undefined;
  return new UpstreamReplyError(statusOfQianfanError(reply.error_code), reply.error_msg || `百度千帆错误 ${reply.error_code}`, String(reply.error_code));
}

/** The message of a v1 error body (`error_msg`), or of an OpenAI-shaped one (the v2 API). */
export function qianfanErrorMessage(raw: string): string {
  try {
    const body = JSON.parse(raw) as QianfanV1Reply;
    if (typeof body.error_msg === 'string' && body.error_msg) return body.error_msg;
  } catch {
    // not JSON: the OpenAI reader keeps the raw text
  }
  return openAiErrorMessage(raw);
}

/** v1 finish reasons ("normal" is a natural end) as OpenAI's. */
export function finishReasonOf(reason: string | undefined): string {
  if (reason === 'length' || reason === 'content_filter') return reason;
  return 'stop';
}

export const completionIdOf = (reply: QianfanV1Reply): string => `chatcmpl-${reply.id ?? randomUUID()}`;

/** A whole v1 reply as an OpenAI chat completion; throws the reply's error when it is one. */
export function toChatCompletion(reply: QianfanV1Reply, model: string): { completion: Record<string, unknown>; usage?: Usage } {
  const error = qianfanReplyError(reply);
  if (error) throw error;
  if (typeof reply.result !== 'string') throw new Error('ERNIE reply without a result');
  const usage = usageFromOpenAI(reply.usage);
  const completion = {
    id: completionIdOf(reply),
    object: 'chat.completion',
    created: reply.created ?? Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: reply.result }, finish_reason: finishReasonOf(reply.finish_reason) }],
    ...(usage ? { usage: openAiUsage(usage) } : {}),
  };
  return { completion, usage };
}
