import type { Usage } from '../billing/usage';
import type { RelayContext } from '../relay-context';
import { RelayError } from '../relay-error';
import type { UpstreamCall } from '../upstream.client';
import type { ChatAdaptor, ChatStreamTranslator, ProviderAdaptor } from './adaptor';
import { geminiCall, geminiErrorMessage } from './gemini-call';
import { GeminiNativeAdaptor } from './gemini-native.adaptor';
import { toGeminiRequest } from './gemini-request';
import { toChatCompletion } from './gemini-response';
import { GeminiStreamTranslator } from './gemini-stream';
import type { GeminiResponse } from './gemini-types';

/**
 * Google Gemini (type 24): OpenAI chat requests become generateContent calls, and replies and
 * streams come back in OpenAI's shape (DESIGN.md §5.4). Chat only: the legacy completions
 * endpoint has no Gemini counterpart.
 */
export class GeminiAdaptor implements ChatAdaptor {
  chatRequest(ctx: RelayContext, body: Record<string, unknown>): UpstreamCall {
    if (ctx.mode !== 'chat') throw new RelayError(400, `该渠道类型不支持此接口（${ctx.mode}）`, 'invalid_request_error', 'unsupported_endpoint');
    return geminiCall(ctx, JSON.stringify(toGeminiRequest(body, ctx.upstreamModel)));
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
