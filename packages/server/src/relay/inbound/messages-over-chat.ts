import type { ChatAdaptor, NamedEvent, StreamTranslator } from '../adaptors/adaptor';
import { countedUsage } from '../billing/token-count';
import type { Usage } from '../billing/usage';
import type { Json } from '../json';
import type { RelayContext } from '../relay-context';
import type { UpstreamCall } from '../upstream.client';
import { chatToMessage, messageId } from './chat-to-messages';
import { ChatToMessagesStream } from './chat-to-messages-stream';
import { messagesToChat } from './messages-to-chat';

/** Channel type 1, OpenAI's own API (packages/shared CHANNEL_TYPES). */
const OPENAI_TYPE = 1;

/**
 * A channel without the Messages API (OpenAI-compatible, Azure, Gemini…) serving a Messages
 * client through its chat adaptor: the request converted to chat completions, the reply and the
 * stream converted back. The chat adaptor does the rest as for any chat request.
 */
export class MessagesOverChat implements ChatAdaptor<NamedEvent> {
  constructor(private readonly chat: ChatAdaptor) {}

  chatRequest(ctx: RelayContext, body: Json): UpstreamCall {
    return this.chat.chatRequest(ctx, messagesToChat(body, ctx.channel.type === OPENAI_TYPE ? 'max_completion_tokens' : 'max_tokens'));
  }

  /** Without the upstream's usage the bill is the relay's usual one for whole replies: the counted prompt. */
  chatResponse(ctx: RelayContext, raw: string): { body: string; usage?: Usage; model?: string } {
    const reply = this.chat.chatResponse(ctx, raw);
    const usage = reply.usage ?? countedUsage(ctx.promptTokens, '');
    const message = chatToMessage(JSON.parse(reply.body) as Json, usage, messageId(ctx.requestId), ctx.upstreamModel);
    return { body: JSON.stringify(message), usage, model: reply.model };
  }

  chatStream(ctx: RelayContext): StreamTranslator<NamedEvent> {
    return new ChatToMessagesStream(this.chat.chatStream(ctx), { id: messageId(ctx.requestId), model: ctx.upstreamModel, promptTokens: ctx.promptTokens });
  }

  errorMessage(raw: string): string {
    return this.chat.errorMessage(raw);
  }
}
