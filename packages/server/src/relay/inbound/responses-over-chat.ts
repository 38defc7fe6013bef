import type { ChatAdaptor, NamedEvent, StreamTranslator } from '../adaptors/adaptor';
import { countedUsage } from '../billing/token-count';
import type { Usage } from '../billing/usage';
import type { Json } from '../json';
import type { RelayContext } from '../relay-context';
import type { UpstreamCall } from '../upstream.client';
import { chatToOutput, requestEcho, responseIds, responseObject, responsesUsage, statusOf } from './chat-to-responses';
import { ChatToResponsesStream } from './chat-to-responses-stream';
import { responsesToChat } from './responses-to-chat';

const now = (): number => Math.floor(Date.now() / 1000);

/**
 * A channel without the Responses API (Anthropic, Gemini, OpenAI-compatible…) serving a Responses
 * client through its chat adaptor: the request converted to chat completions, the reply and the
 * stream converted back. The chat adaptor does the rest as for any chat request.
 */
export class ResponsesOverChat implements ChatAdaptor<NamedEvent> {
  /** The settings of each request, which its response repeats. */
  private readonly echoes = new WeakMap<RelayContext, Json>();

  constructor(private readonly chat: ChatAdaptor) {}

  chatRequest(ctx: RelayContext, body: Json): UpstreamCall {
    const call = this.chat.chatRequest(ctx, responsesToChat(body));
    this.echoes.set(ctx, requestEcho(body));
    return call;
  }

  /** Without the upstream's usage the bill is the relay's usual one for whole replies: the counted prompt. */
  chatResponse(ctx: RelayContext, raw: string): { body: string; usage?: Usage; model?: string } {
    const reply = this.chat.chatResponse(ctx, raw);
    const usage = reply.usage ?? countedUsage(ctx.promptTokens, '');
    const { output, finish, model } = chatToOutput(JSON.parse(reply.body) as Json, responseIds(ctx.requestId));
    const response = responseObject({
      id: responseIds(ctx.requestId).response,
      createdAt: now(),
      model: model ?? ctx.upstreamModel,
      echo: this.echoes.get(ctx) ?? {},
      status: statusOf(finish),
      output,
      usage: responsesUsage(usage),
      finish,
    });
    return { body: JSON.stringify(response), usage, model: reply.model };
  }

  chatStream(ctx: RelayContext): StreamTranslator<NamedEvent> {
    return new ChatToResponsesStream(this.chat.chatStream(ctx), {
      ids: responseIds(ctx.requestId),
      createdAt: now(),
      model: ctx.upstreamModel,
      echo: this.echoes.get(ctx) ?? {},
      promptTokens: ctx.promptTokens,
    });
  }

  errorMessage(raw: string): string {
    return this.chat.errorMessage(raw);
  }
}
