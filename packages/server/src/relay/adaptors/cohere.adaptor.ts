import type { Usage } from '../billing/usage';
import type { RelayContext } from '../relay-context';
import { RelayError } from '../relay-error';
import type { UpstreamCall } from '../upstream.client';
import type { ChatAdaptor, ChatStreamTranslator, ProviderAdaptor } from './adaptor';
import { toCohereRequest } from './cohere-request';
import { toChatCompletion } from './cohere-response';
import { CohereStreamTranslator } from './cohere-stream';
import type { CohereResponse } from './cohere-types';
import { openAiErrorMessage } from './openai.adaptor';

const DEFAULT_BASE_URL = 'https://api.cohere.com';

/**
 * Cohere (type 34): OpenAI chat requests become chat v2 calls (POST /v2/chat, the key as bearer),
 * replies and streams come back in OpenAI's shape. Cohere's errors are `{message}`, which the
 * OpenAI reader already understands. Chat only.
 */
export class CohereAdaptor implements ChatAdaptor {
  chatRequest(ctx: RelayContext, body: Record<string, unknown>): UpstreamCall {
    if (ctx.mode !== 'chat') throw new RelayError(400, `该渠道类型不支持此接口（${ctx.mode}）`, 'invalid_request_error', 'unsupported_endpoint');
    return {
      url: `${ctx.channel.baseUrl || DEFAULT_BASE_URL}/v2/chat`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.channel.key}`, accept: ctx.stream ? 'text/event-stream' : 'application/json' },
      body: JSON.stringify(toCohereRequest(body, ctx.upstreamModel, ctx.stream)),
    };
  }

  chatResponse(ctx: RelayContext, raw: string): { body: string; usage?: Usage; model?: string } {
    const { completion, usage } = toChatCompletion(JSON.parse(raw) as CohereResponse, ctx.upstreamModel);
    return { body: JSON.stringify(completion), usage, model: ctx.upstreamModel };
  }

  chatStream(ctx: RelayContext): ChatStreamTranslator {
    return new CohereStreamTranslator(ctx.upstreamModel, ctx.clientWantsUsage);
  }

  errorMessage(raw: string): string {
    return openAiErrorMessage(raw);
  }
}

export function cohereProvider(): ProviderAdaptor {
  return { chat: new CohereAdaptor() };
}
