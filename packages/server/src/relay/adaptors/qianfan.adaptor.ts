import type { Usage } from '../billing/usage';
import type { RelayChannel, RelayContext } from '../relay-context';
import { RelayError } from '../relay-error';
import type { UpstreamBody, UpstreamCall } from '../upstream.client';
import { UpstreamReplyError } from '../upstream-reply-error';
import type { ChatAdaptor, ChatStreamTranslator, PassthroughAdaptor, ProviderAdaptor } from './adaptor';
import { OPENAI_PASSTHROUGH_MODES, OpenAiAdaptor } from './openai.adaptor';
import { parseQianfanKey, type QianfanAppKey } from './qianfan-key';
import { QianfanTokens } from './qianfan-token';
import { QIANFAN_TOKEN_PATH, QIANFAN_V1_CHAT_PATH, QIANFAN_V1_HOST, qianfanV1ChatEndpoint, toQianfanV1Request } from './qianfan-v1-request';
import { qianfanErrorMessage, TOKEN_ERROR_CODES, toChatCompletion } from './qianfan-v1-response';
import { QIANFAN_V1_FRAMING, QianfanV1StreamTranslator } from './qianfan-v1-stream';

/** One channel key's way to the v1 API: its application key and its token endpoint. */
interface V1Route {
  appKey: QianfanAppKey;
  host: string;
  tokenUrl: string;
}

/**
 * Baidu Qianfan (type 15) with either credential the channel form takes (spec 2 §5):
 * - a v2 API Key (`bce-v3/…`): the v2 OpenAI-compatible API as bearer (openai-paths.ts), every mode;
 * - `APIKey|SecretKey` of an application: exchanged for an access token at Baidu's OAuth endpoint
 *   (qianfan-token.ts), which calls the v1 (wenxinworkshop) chat API in its query; chat only, the
 *   request and reply converted (qianfan-v1-*.ts).
 * The channel's base URL replaces the host of either API, and of the token endpoint.
 */
export class QianfanAdaptor implements ChatAdaptor, PassthroughAdaptor {
  private readonly v2 = new OpenAiAdaptor();
  private readonly tokens = new QianfanTokens();

  chatRequest(ctx: RelayContext, body: Record<string, unknown>): UpstreamCall {
    const route = this.v1Route(ctx.channel);
    if (!route) return this.v2.chatRequest(ctx, body);
    if (ctx.mode !== 'chat') throw unsupported(ctx.mode);
    const url = `${route.host}${QIANFAN_V1_CHAT_PATH}/${encodeURIComponent(qianfanV1ChatEndpoint(ctx.upstreamModel))}`;
    return {
      url,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(toQianfanV1Request(body, ctx.stream)),
      authorizeUrl: async (fetch) => `${url}?access_token=${encodeURIComponent(await this.tokens.accessToken(route.tokenUrl, route.appKey, fetch))}`,
      ...(ctx.stream ? { streamFraming: QIANFAN_V1_FRAMING } : {}),
    };
  }

  chatResponse(ctx: RelayContext, raw: string): { body: string; usage?: Usage; model?: string } {
    const route = this.v1Route(ctx.channel);
    if (!route) return this.v2.chatResponse(ctx, raw);
    try {
      const { completion, usage } = toChatCompletion(JSON.parse(raw), ctx.upstreamModel);
      return { body: JSON.stringify(completion), usage, model: ctx.upstreamModel };
    } catch (error) {
      if (error instanceof UpstreamReplyError) this.onReplyError(route, error);
      throw error;
    }
  }

  chatStream(ctx: RelayContext): ChatStreamTranslator {
    const route = this.v1Route(ctx.channel);
    if (!route) return this.v2.chatStream(ctx);
    return new QianfanV1StreamTranslator(ctx.upstreamModel, ctx.clientWantsUsage, (error) => this.onReplyError(route, error));
  }

  passthroughRequest(ctx: RelayContext, body: UpstreamBody, contentType: string | undefined): UpstreamCall {
    if (this.v1Route(ctx.channel)) throw unsupported(ctx.mode);
    return this.v2.passthroughRequest(ctx, body, contentType);
  }

  errorMessage(raw: string): string {
    return qianfanErrorMessage(raw);
  }

  /** A token the API no longer takes is dropped, so that the next call exchanges the key again. */
  private onReplyError(route: V1Route, error: UpstreamReplyError): void {
    if (TOKEN_ERROR_CODES.has(Number(error.codes))) this.tokens.forget(route.tokenUrl, route.appKey);
  }

  /** The v1 route of an `APIKey|SecretKey` channel; undefined for a v2 API Key. */
  private v1Route(channel: RelayChannel): V1Route | undefined {
    const appKey = parseQianfanKey(channel.key);
    if (appKey === undefined) return undefined;
    // Keys are checked when a channel is saved; this one was stored some other way.
    if (typeof appKey === 'string') throw new RelayError(500, `渠道「${channel.name}」（#${channel.id}）配置有误：${appKey}`, 'server_error', 'channel_misconfigured');
    const host = channel.baseUrl || QIANFAN_V1_HOST;
    return { appKey, host, tokenUrl: `${host}${QIANFAN_TOKEN_PATH}` };
  }
}

const unsupported = (mode: string): RelayError =>
  new RelayError(400, `百度千帆 APIKey|SecretKey 渠道只支持对话补全（${mode} 请改用 v2 API Key 的渠道）`, 'invalid_request_error', 'unsupported_endpoint');

export function qianfanProvider(): ProviderAdaptor {
  const adaptor = new QianfanAdaptor();
  return { chat: adaptor, passthrough: { adaptor, modes: OPENAI_PASSTHROUGH_MODES } };
}
