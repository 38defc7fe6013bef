import type { Usage } from '../billing/usage';
import { MessagesOverChat } from '../inbound/messages-over-chat';
import type { RelayChannel, RelayContext } from '../relay-context';
import { RelayError } from '../relay-error';
import type { UpstreamCall } from '../upstream.client';
import type { ChatAdaptor, ChatStreamTranslator, MessagesAdaptor, NamedEvent, ProviderAdaptor, StreamTranslator } from './adaptor';
import { AnthropicMessagesAdaptor } from './anthropic-messages.adaptor';
import { toAnthropicRequest } from './anthropic-request';
import { AnthropicAdaptor } from './anthropic.adaptor';
import { geminiErrorMessage } from './gemini-call';
import { GeminiAdaptor } from './gemini.adaptor';
import { toGeminiRequest } from './gemini-request';
import { isVertexClaude, VERTEX_ANTHROPIC_VERSION, VertexCalls } from './vertex-call';

/** A Messages API body as Claude on Vertex takes it: the model in the path, the API version in the body. */
function vertexClaudeBody(body: object): object {
  const { model: _model, ...rest } = body as Record<string, unknown>;
  return { ...rest, anthropic_version: VERTEX_ANTHROPIC_VERSION };
}

/** The client's Anthropic headers Vertex takes: the betas (the version travels in the body). */
function vertexAnthropicHeaders(forwarded: Readonly<Record<string, string>>): Record<string, string> {
  return forwarded['anthropic-beta'] ? { 'anthropic-beta': forwarded['anthropic-beta'] } : {};
}

const claudeCall = (vertex: VertexCalls, ctx: RelayContext, body: object, headers: Readonly<Record<string, string>> = {}): UpstreamCall =>
  vertex.call(
    ctx.channel,
    { publisher: 'anthropic', model: ctx.upstreamModel, regionModel: ctx.upstreamModel, requestModel: ctx.requestModel, method: ctx.stream ? 'streamRawPredict' : 'rawPredict' },
    vertexClaudeBody(body),
    headers,
  );

/**
 * Google Vertex AI (type 41), chat completions: Claude models through Anthropic's Messages API on
 * Vertex (rawPredict / streamRawPredict, replies and Anthropic's SSE read by the Anthropic
 * converters), every other model through Gemini's generateContent (the Gemini converters).
 * Vertex's own errors are Google's `{error: {code, message, status}}`; Claude's are Anthropic's,
 * whose `error.message` the same reader finds.
 */
export class VertexChatAdaptor implements ChatAdaptor {
  private readonly claude = new AnthropicAdaptor();
  private readonly gemini = new GeminiAdaptor();

  constructor(private readonly vertex: VertexCalls) {}

  chatRequest(ctx: RelayContext, body: Record<string, unknown>): UpstreamCall {
    if (ctx.mode !== 'chat') throw new RelayError(400, `该渠道类型不支持此接口（${ctx.mode}）`, 'invalid_request_error', 'unsupported_endpoint');
    if (isVertexClaude(ctx.upstreamModel)) return claudeCall(this.vertex, ctx, toAnthropicRequest(body, ctx.upstreamModel, ctx.stream));
    return this.vertex.call(
      ctx.channel,
      { publisher: 'google', model: ctx.upstreamModel, regionModel: ctx.upstreamModel, requestModel: ctx.requestModel, method: ctx.stream ? 'streamGenerateContent?alt=sse' : 'generateContent' },
      toGeminiRequest(body, ctx.upstreamModel),
    );
  }

  chatResponse(ctx: RelayContext, raw: string): { body: string; usage?: Usage; model?: string } {
    return this.family(ctx).chatResponse(ctx, raw);
  }

  chatStream(ctx: RelayContext): ChatStreamTranslator {
    return this.family(ctx).chatStream(ctx);
  }

  errorMessage(raw: string): string {
    return geminiErrorMessage(raw);
  }

  private family(ctx: RelayContext): ChatAdaptor {
    return isVertexClaude(ctx.upstreamModel) ? this.claude : this.gemini;
  }
}

/**
 * Vertex AI for Messages clients (POST /v1/messages): Claude models natively (the client's body
 * with the model moved to the path, replies and stream events unchanged), Gemini models through
 * the Messages ↔ chat conversion over the chat adaptor.
 */
export class VertexMessagesAdaptor implements MessagesAdaptor {
  private readonly native = new AnthropicMessagesAdaptor();
  private readonly converted: MessagesOverChat;

  constructor(
    private readonly vertex: VertexCalls,
    chat: VertexChatAdaptor,
  ) {
    this.converted = new MessagesOverChat(chat);
  }

  chatRequest(ctx: RelayContext, body: Record<string, unknown>): UpstreamCall {
    if (!isVertexClaude(ctx.upstreamModel)) return this.converted.chatRequest(ctx, body);
    return claudeCall(this.vertex, ctx, body, vertexAnthropicHeaders(ctx.nativeHeaders));
  }

  chatResponse(ctx: RelayContext, raw: string): { body: string; usage?: Usage; model?: string } {
    return this.family(ctx).chatResponse(ctx, raw);
  }

  chatStream(ctx: RelayContext): StreamTranslator<NamedEvent> {
    return this.family(ctx).chatStream(ctx);
  }

  /** Claude's token counter on Vertex (`count-tokens:rawPredict`, the model in the body); Gemini models are counted locally. */
  countTokensRequest(channel: RelayChannel, model: string, forwarded: Readonly<Record<string, string>>, body: Record<string, unknown>): UpstreamCall | undefined {
    if (!isVertexClaude(model)) return undefined;
    return this.vertex.call(
      channel,
      { publisher: 'anthropic', model: 'count-tokens', regionModel: model, requestModel: model, method: 'rawPredict' },
      { ...body, model, anthropic_version: VERTEX_ANTHROPIC_VERSION },
      vertexAnthropicHeaders(forwarded),
    );
  }

  errorMessage(raw: string): string {
    return geminiErrorMessage(raw);
  }

  private family(ctx: RelayContext): ChatAdaptor<NamedEvent> {
    return isVertexClaude(ctx.upstreamModel) ? this.native : this.converted;
  }
}

export function vertexProvider(): ProviderAdaptor {
  const vertex = new VertexCalls();
  const chat = new VertexChatAdaptor(vertex);
  return { chat, messages: new VertexMessagesAdaptor(vertex, chat) };
}
