import type { Usage } from '../billing/usage';
import type { RelayContext } from '../relay-context';
import { RelayError } from '../relay-error';
import type { UpstreamCall } from '../upstream.client';
import type { ChatAdaptor, ChatStreamTranslator, ProviderAdaptor } from './adaptor';
import { toAnthropicRequest } from './anthropic-request';
import { anthropicErrorMessage, toChatCompletion, usageFromAnthropic } from './anthropic-response';
import { AnthropicStreamTranslator } from './anthropic-stream';
import type { AnthropicResponse } from './anthropic-types';

const DEFAULT_BASE_URL = 'https://api.anthropic.com';
const ANTHROPIC_VERSION = '2023-06-01';

/**
 * Anthropic Claude (channel type 14): OpenAI chat completions converted to the Messages API and
 * back (DESIGN.md §5.4). Chat only; the legacy completions endpoint is refused.
 */
export class AnthropicAdaptor implements ChatAdaptor {
  chatRequest(ctx: RelayContext, body: Record<string, unknown>): UpstreamCall {
    if (ctx.mode !== 'chat') throw new RelayError(400, `该渠道类型不支持此接口（${ctx.mode}）`, 'invalid_request_error', 'unsupported_endpoint');
    return {
      url: `${ctx.channel.baseUrl || DEFAULT_BASE_URL}/v1/messages`,
      headers: { 'content-type': 'application/json', 'x-api-key': ctx.channel.key, 'anthropic-version': ANTHROPIC_VERSION },
      body: JSON.stringify(toAnthropicRequest(body, ctx.upstreamModel, ctx.stream)),
    };
  }

  chatResponse(_ctx: RelayContext, raw: string): { body: string; usage?: Usage; model?: string } {
    const reply = JSON.parse(raw) as AnthropicResponse;
    return { body: JSON.stringify(toChatCompletion(reply)), usage: usageFromAnthropic(reply.usage), model: reply.model };
  }

  chatStream(ctx: RelayContext): ChatStreamTranslator {
    return new AnthropicStreamTranslator(ctx.clientWantsUsage, ctx.upstreamModel);
  }

  errorMessage(raw: string): string {
    return anthropicErrorMessage(raw);
  }
}

export function anthropicProvider(): ProviderAdaptor {
  return { chat: new AnthropicAdaptor() };
}
