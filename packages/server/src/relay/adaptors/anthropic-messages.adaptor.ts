import type { Usage } from '../billing/usage';
import type { RelayChannel, RelayContext } from '../relay-context';
import type { UpstreamCall } from '../upstream.client';
import type { MessagesAdaptor, NamedEvent, StreamTranslator } from './adaptor';
import { anthropicCall } from './anthropic-call';
import { AnthropicPassthroughStream } from './anthropic-passthrough-stream';
import { anthropicErrorMessage, usageFromAnthropic } from './anthropic-response';
import type { AnthropicResponse } from './anthropic-types';

/** The client's Messages body for the channel: as it came, with the mapped model. */
const withModel = (body: Record<string, unknown>, model: string): string => JSON.stringify(body.model === model ? body : { ...body, model });

/**
 * Anthropic's Messages API passed through (DESIGN.md §5.0): a Messages client on an Anthropic
 * channel is answered by Anthropic as it answers, replies and stream events unchanged, with the
 * usage read on the way for billing. Only the model (model_mapping) and the key change.
 */
export class AnthropicMessagesAdaptor implements MessagesAdaptor {
  chatRequest(ctx: RelayContext, body: Record<string, unknown>): UpstreamCall {
    return anthropicCall(ctx.channel, 'messages', withModel(body, ctx.upstreamModel), ctx.nativeHeaders);
  }

  chatResponse(_ctx: RelayContext, raw: string): { body: string; usage?: Usage; model?: string } {
    const reply = JSON.parse(raw) as AnthropicResponse;
    if (!Array.isArray(reply.content)) throw new Error('not an Anthropic message');
    return { body: raw, usage: usageFromAnthropic(reply.usage), model: reply.model };
  }

  chatStream(): StreamTranslator<NamedEvent> {
    return new AnthropicPassthroughStream();
  }

  countTokensRequest(channel: RelayChannel, model: string, forwarded: Readonly<Record<string, string>>, body: Record<string, unknown>): UpstreamCall {
    return anthropicCall(channel, 'messages/count_tokens', withModel(body, model), forwarded);
  }

  errorMessage(raw: string): string {
    return anthropicErrorMessage(raw);
  }
}
