import type { RelayContext } from '../relay-context';
import type { UpstreamCall } from '../upstream.client';
import { openAiErrorMessage } from './openai.adaptor';

const DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

/** A generateContent call (streamGenerateContent as SSE when the client streams) for the channel's mapped model. */
export function geminiCall(ctx: RelayContext, body: string): UpstreamCall {
  const method = ctx.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  return {
    url: `${ctx.channel.baseUrl || DEFAULT_BASE_URL}/v1beta/models/${encodeURIComponent(ctx.upstreamModel)}:${method}`,
    headers: { 'content-type': 'application/json', 'x-goog-api-key': ctx.channel.key },
    body,
  };
}

/** Google's error body is `{error: {code, message, status}}`, sometimes wrapped in an array. */
export function geminiErrorMessage(raw: string): string {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed)) return openAiErrorMessage(JSON.stringify(parsed[0] ?? {}));
  } catch {
    // not JSON: the OpenAI reader falls back to the text
  }
  return openAiErrorMessage(raw);
}
