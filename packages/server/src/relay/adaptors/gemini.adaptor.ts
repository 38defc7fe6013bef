import type { Usage } from '../billing/usage';
import type { RelayContext } from '../relay-context';
import { RelayError } from '../relay-error';
import type { UpstreamCall } from '../upstream.client';
import type { ChatAdaptor, ChatStreamTranslator, ProviderAdaptor } from './adaptor';
import { openAiErrorMessage } from './openai.adaptor';
import { GeminiNativeAdaptor } from './gemini-native.adaptor';
import { toGeminiRequest } from './gemini-request';
import { toChatCompletion } from './gemini-response';
import { GeminiStreamTranslator } from './gemini-stream';
import type { GeminiResponse } from './gemini-types';

const DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

export function geminiUrl(ctx: RelayContext): string {
  const method = ctx.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  return `${ctx.channel.baseUrl || DEFAULT_BASE_URL}/v1beta/models/${encodeURIComponent(ctx.upstreamModel)}:${method}`;
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

/**
 * Google Gemini (type 24): OpenAI chat requests become generateContent calls, and replies and
 * streams come back in OpenAI's shape (DESIGN.md §5.4). Chat only: the legacy completions
 * endpoint has no Gemini counterpart.
 */
export class GeminiAdaptor implements ChatAdaptor {
  chatRequest(ctx: RelayContext, body: Record<string, unknown>): UpstreamCall {
    if (ctx.mode !== 'chat') throw new RelayError(400, `该渠道类型不支持此接口（${ctx.mode}）`, 'invalid_request_error', 'unsupported_endpoint');
    return {
      url: geminiUrl(ctx),
      headers: { 'content-type': 'application/json', 'x-goog-api-key': ctx.channel.key },
      body: JSON.stringify(toGeminiRequest(body, ctx.upstreamModel)),
    };
  }

  chatResponse(ctx: RelayContext, raw: string): { body: string; usage?: Usage; model?: string } {
    const { completion, usage, model } = toChatCompletion(JSON.parse(raw) as GeminiResponse, ctx.upstreamModel);
    return { body: JSON.stringify(completion), usage, model };
  }

  chatStream(ctx: RelayContext): ChatStreamTranslator {
    return new GeminiStreamTranslator(ctx.upstreamModel, ctx.clientWantsUsage);
  }

  errorMessage(raw: string): string {
    return geminiErrorMessage(raw);
  }
}

export function geminiProvider(): ProviderAdaptor {
  return { chat: new GeminiAdaptor(), gemini: new GeminiNativeAdaptor() };
}
