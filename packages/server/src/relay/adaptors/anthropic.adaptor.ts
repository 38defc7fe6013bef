import type { Usage } from '../billing/usage';
import type { RelayContext } from '../relay-context';
import { RelayError } from '../relay-error';
import type { UpstreamCall } from '../upstream.client';
import type { ChatAdaptor, ChatStreamTranslator, ProviderAdaptor } from './adaptor';
import { anthropicCall } from './anthropic-call';
import { AnthropicMessagesAdaptor } from './anthropic-messages.adaptor';
import { toAnthropicRequest } from './anthropic-request';
import { anthropicErrorMessage, toChatCompletion, usageFromAnthropic } from './anthropic-response';
import { AnthropicStreamTranslator } from './anthropic-stream';
import type { AnthropicResponse } from './anthropic-types';

/**
 * Anthropic Claude (channel type 14): OpenAI chat completions converted to the Messages API and
 * back (DESIGN.md §5.4). Chat only; the legacy completions endpoint is refused. Clients of the
 * Messages API itself are served natively (anthropic-messages.adaptor.ts).
 */
export class AnthropicAdaptor implements ChatAdaptor {
  chatRequest(ctx: RelayContext, body: Record<string, unknown>): UpstreamCall {
    if (ctx.mode !== 'chat') throw new RelayError(400, `该渠道类型不支持此接口（${ctx.mode}）`, 'invalid_request_error', 'unsupported_endpoint');
    return anthropicCall(ctx.channel, 'messages', JSON.stringify(toAnthropicRequest(body, ctx.upstreamModel, ctx.stream)));
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
  return { chat: new AnthropicAdaptor(), messages: new AnthropicMessagesAdaptor() };
}
