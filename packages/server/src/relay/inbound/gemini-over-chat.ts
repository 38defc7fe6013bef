import type { ChatAdaptor, StreamTranslator } from '../adaptors/adaptor';
import { geminiBodyOf } from '../adaptors/gemini-native.adaptor';
import { countedUsage } from '../billing/token-count';
import type { Usage } from '../billing/usage';
import type { Json } from '../json';
import type { RelayContext } from '../relay-context';
import type { UpstreamCall } from '../upstream.client';
import { chatToGemini, responseId } from './chat-to-gemini';
import { ChatToGeminiStream } from './chat-to-gemini-stream';
import { geminiToChat } from './gemini-to-chat';

/** Channel type 1, OpenAI's own API (packages/shared CHANNEL_TYPES). */
const OPENAI_TYPE = 1;

/**
 * A channel without Gemini's API (OpenAI-compatible, Azure, Anthropic…) serving a Gemini client
 * through its chat adaptor: the request converted to chat completions, the reply and the stream
 * converted back into GenerateContentResponses. The chat adaptor does the rest as for any chat request.
 */
export class GeminiOverChat implements ChatAdaptor<string> {
  constructor(private readonly chat: ChatAdaptor) {}

  chatRequest(ctx: RelayContext, call: Json): UpstreamCall {
    const limitField = ctx.channel.type === OPENAI_TYPE ? 'max_completion_tokens' : 'max_tokens';
    return this.chat.chatRequest(ctx, geminiToChat(geminiBodyOf(call), ctx.requestModel, ctx.stream, limitField));
  }

  /** Without the upstream's usage the bill is the relay's usual one for whole replies: the counted prompt. */
  chatResponse(ctx: RelayContext, raw: string): { body: string; usage?: Usage; model?: string } {
    const reply = this.chat.chatResponse(ctx, raw);
    const usage = reply.usage ?? countedUsage(ctx.promptTokens, '');
    const response = chatToGemini(JSON.parse(reply.body) as Json, usage, responseId(ctx.requestId), ctx.upstreamModel);
    return { body: JSON.stringify(response), usage, model: reply.model };
  }

  chatStream(ctx: RelayContext): StreamTranslator<string> {
    return new ChatToGeminiStream(this.chat.chatStream(ctx), { id: responseId(ctx.requestId), model: ctx.upstreamModel, promptTokens: ctx.promptTokens });
  }

  errorMessage(raw: string): string {
    return this.chat.errorMessage(raw);
  }
}
