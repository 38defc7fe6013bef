import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { ChatAdaptor, ProviderAdaptor } from '../relay/adaptors/adaptor';
import { createAdaptorRegistry } from '../relay/adaptors';
import { withoutChannelKey } from '../relay/channel-key-redaction';
import { errorCodesOf } from '../relay/relay-attempts';
import type { RelayChannel, RelayContext, RelayMode } from '../relay/relay-context';
import { UpstreamClient } from '../relay/upstream.client';
import { UpstreamReplyError } from '../relay/upstream-reply-error';

/** The relay endpoint a probe calls the model through. */
export type ProbeEndpoint = '/v1/chat/completions' | '/v1/responses' | '/v1/embeddings';

/** What one test call to a channel gave: `status` is the upstream HTTP status (0 when none came). */
export interface ProbeResult {
  ok: boolean;
  status: number;
  message: string;
  /** The provider's error code and type beside the message (relay-attempts.ts errorCodesOf); '' when none. */
  codes: string;
  elapsedMs: number;
  endpoint: ProbeEndpoint;
}

/**
 * A test may wait this long (seconds) unless the channel's model_req_config says otherwise; shorter
 * than the relay's default because a test holds a queue slot and only needs a yes or no.
 */
const PROBE_TIMEOUT_SECONDS = 60;

/** undici's own header or body wait ran out (it may come before the overall deadline). */
const isUndiciTimeout = (error: unknown) => ['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'].includes((error as { code?: string })?.code ?? '');

/** Embedding models cannot chat: they are tested with an embeddings call instead. */
const isEmbeddingModel = (model: string) => model.toLowerCase().includes('embedding');

/**
 * OpenAI models served by the Responses API only, not by chat completions (no channel type speaks
 * Responses alone: the model decides): the Codex models (gpt-5-codex, codex-mini-latest, …), the
 * "-pro" reasoning models (o1-pro, o3-pro, gpt-5-pro, …), deep research and computer use. Other
 * providers' "-pro" models (gemini-2.5-pro, hunyuan-pro) chat.
 */
export const isResponsesOnlyModel = (model: string) => /codex|deep-research|^computer-use|^(o\d+|gpt-[\w.]+)-pro(-|$)/i.test(model);

/**
 * The endpoint a test of the model goes to, as a client would have to call it: embeddings for an
 * embedding model; the Responses API for a Responses-only model when the channel's adaptor speaks
 * it (OpenAI, Azure); chat completions otherwise (a compatible provider may serve such a model
 * through chat). `names` are the model asked for and the one sent upstream.
 */
export function probeEndpoint(provider: ProviderAdaptor, names: readonly string[]): ProbeEndpoint {
  if (names.some(isEmbeddingModel)) return '/v1/embeddings';
  if (provider.responses && names.some(isResponsesOnlyModel)) return '/v1/responses';
  return '/v1/chat/completions';
}

/** The smallest request of each chat-like endpoint; 16 output tokens is the least the Responses API takes. */
const PROBE_BODIES = {
  '/v1/chat/completions': (model: string) => ({ model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 5, stream: false }),
  '/v1/responses': (model: string) => ({ model, input: 'hi', max_output_tokens: 16, stream: false }),
};

/** What a probe needs of a chat or Responses adaptor (their stream chunk types differ; a probe never streams). */
type Exchange = Pick<ChatAdaptor<unknown>, 'chatRequest' | 'chatResponse' | 'errorMessage'>;

/** A hand-made relay context: the adaptors need one, though no token or user is involved. */
function probeContext(channel: RelayChannel, model: string, mode: RelayMode, endpoint: ProbeEndpoint): RelayContext {
  return {
    requestId: `probe-${randomUUID()}`,
    mode,
    nativeHeaders: {},
    promptTokens: 0,
    caller: { tokenId: 0, tokenName: '', userId: 0, username: '', group: '', unlimitedQuota: true },
    requestModel: model,
    upstreamModel: channel.modelMapping[model] || model,
    stream: false,
    clientWantsUsage: false,
    channel,
    startedAt: performance.now(),
    upstreamWaitMs: 0,
    clientIp: '',
    requestPath: endpoint,
    userAgent: 'channel-test',
  };
}

/**
 * Sends the smallest real request a channel can answer, through the channel's own adaptor, so a
 * test exercises exactly what the relay would (URL, headers, request and reply translation).
 */
@Injectable()
export class ChannelProbe {
  private readonly registry = createAdaptorRegistry();

  constructor(private readonly upstream: UpstreamClient) {}

  async probe(channel: RelayChannel, model: string): Promise<ProbeResult> {
    const provider = this.registry.forType(channel.type);
    const endpoint = probeEndpoint(provider, [model, channel.modelMapping[model] || model]);
    const embedding = endpoint === '/v1/embeddings';
    const ctx = probeContext(channel, model, embedding ? 'embeddings' : 'chat', endpoint);
    const chat: Exchange | undefined = endpoint === '/v1/responses' ? provider.responses : embedding ? undefined : provider.chat;
    const passthrough = embedding && provider.passthrough?.modes.has('embeddings') ? provider.passthrough.adaptor : undefined;
    const started = performance.now();
    const result = (ok: boolean, status: number, message: string, codes = ''): ProbeResult => ({
      ok,
      status,
      message: withoutChannelKey(message, channel.key),
      codes: withoutChannelKey(codes, channel.key),
      elapsedMs: Math.round(performance.now() - started),
      endpoint,
    });
    if (!chat && !passthrough) return result(false, 0, embedding ? '该渠道类型不支持测试嵌入模型' : '该渠道类型不支持对话测试');

    const call = chat
      ? chat.chatRequest(ctx, PROBE_BODIES[endpoint as keyof typeof PROBE_BODIES](model))
      : passthrough!.passthroughRequest(ctx, JSON.stringify({ model: ctx.upstreamModel, input: 'hi' }), 'application/json');
    const timeout = channel.modelTimeouts[ctx.upstreamModel] ?? channel.modelTimeouts[model] ?? PROBE_TIMEOUT_SECONDS;
    const errorMessage = (raw: string) => (chat ?? passthrough!).errorMessage(raw);

    let status = 0;
    // undici's timeouts apply per wait; this deadline also bounds an answer that trickles in.
    const deadline = AbortSignal.timeout(timeout * 1000);
    try {
      const response = await this.upstream.send(call, timeout, deadline);
      status = response.statusCode;
      const raw = await response.body.text();
      if (status < 200 || status >= 300) return result(false, status, errorMessage(raw), errorCodesOf(raw));
      try {
        if (chat) chat.chatResponse(ctx, raw);
        else JSON.parse(raw);
      } catch (error) {
        // An error inside a 200 reply (Baidu's v1 API) counts as the status it means.
        if (error instanceof UpstreamReplyError) return result(false, error.status, error.message);
        return result(false, status, `上游返回了无法解析的响应：${errorMessage(raw)}`);
      }
      return result(true, status, '');
    } catch (error) {
      if (deadline.aborted || isUndiciTimeout(error)) return result(false, status, `测试超时：上游 ${timeout} 秒内没有答完`);
      return result(false, status, `上游连接失败：${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
