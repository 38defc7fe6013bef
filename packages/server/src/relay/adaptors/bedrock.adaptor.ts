import type { Usage } from '../billing/usage';
import type { RelayContext } from '../relay-context';
import { RelayError } from '../relay-error';
import type { UpstreamCall } from '../upstream.client';
import type { ChatAdaptor, ChatStreamTranslator, MessagesAdaptor, NamedEvent, ProviderAdaptor, StreamTranslator } from './adaptor';
import { AnthropicMessagesAdaptor } from './anthropic-messages.adaptor';
import { toAnthropicRequest } from './anthropic-request';
import { AnthropicAdaptor } from './anthropic.adaptor';
import { bedrockBody, bedrockCall } from './bedrock-call';
import { openAiErrorMessage } from './openai.adaptor';

/** Bedrock's error body, `{"message": …}` (some services write `Message`). */
export function bedrockErrorMessage(raw: string): string {
  try {
    const body = JSON.parse(raw) as { Message?: unknown };
    if (typeof body.Message === 'string') return body.Message;
  } catch {
    // not JSON
  }
  return openAiErrorMessage(raw);
}

/** The client's anthropic-beta header as Bedrock's `anthropic_beta` list. */
const betasOf = (ctx: RelayContext): string[] =>
  (ctx.nativeHeaders['anthropic-beta'] ?? '')
    .split(',')
    .map((beta) => beta.trim())
    .filter(Boolean);

/**
 * AWS Claude (channel type 33): Claude on Amazon Bedrock. OpenAI chat completions are converted to
 * Anthropic's Messages API as for an Anthropic channel (anthropic-request.ts) and sent to
 * InvokeModel / InvokeModelWithResponseStream (bedrock-call.ts); the replies and the stream events
 * inside Bedrock's event stream are Anthropic's own, read by the Anthropic converters.
 */
export class BedrockAdaptor implements ChatAdaptor {
  private readonly anthropic = new AnthropicAdaptor();

  chatRequest(ctx: RelayContext, body: Record<string, unknown>): UpstreamCall {
    if (ctx.mode !== 'chat') throw new RelayError(400, `该渠道类型不支持此接口（${ctx.mode}）`, 'invalid_request_error', 'unsupported_endpoint');
    return bedrockCall(ctx.channel, ctx.upstreamModel, bedrockBody(toAnthropicRequest(body, ctx.upstreamModel, false), []), ctx.stream);
  }

  chatResponse(ctx: RelayContext, raw: string): { body: string; usage?: Usage; model?: string } {
    return this.anthropic.chatResponse(ctx, raw);
  }

  chatStream(ctx: RelayContext): ChatStreamTranslator {
    return this.anthropic.chatStream(ctx);
  }

  errorMessage(raw: string): string {
    return bedrockErrorMessage(raw);
  }
}

/**
 * Messages clients on a Bedrock channel: their body goes to Bedrock as it came (without model and
 * stream, with Bedrock's API version and the client's betas), the reply and the stream events are
 * relayed unchanged as from Anthropic (anthropic-messages.adaptor.ts). count_tokens is counted by
 * the relay.
 */
export class BedrockMessagesAdaptor implements MessagesAdaptor {
  private readonly anthropic = new AnthropicMessagesAdaptor();

  chatRequest(ctx: RelayContext, body: Record<string, unknown>): UpstreamCall {
    return bedrockCall(ctx.channel, ctx.upstreamModel, bedrockBody(body, betasOf(ctx)), ctx.stream);
  }

  chatResponse(ctx: RelayContext, raw: string): { body: string; usage?: Usage; model?: string } {
    return this.anthropic.chatResponse(ctx, raw);
  }

  chatStream(): StreamTranslator<NamedEvent> {
    return this.anthropic.chatStream();
  }

  errorMessage(raw: string): string {
    return bedrockErrorMessage(raw);
  }
}

export function bedrockProvider(): ProviderAdaptor {
  return { chat: new BedrockAdaptor(), messages: new BedrockMessagesAdaptor() };
}
