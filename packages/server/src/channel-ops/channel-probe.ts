import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { createAdaptorRegistry } from '../relay/adaptors';
import { withoutChannelKey } from '../relay/channel-key-redaction';
import type { RelayChannel, RelayContext, RelayMode } from '../relay/relay-context';
import { UpstreamClient } from '../relay/upstream.client';
import { UpstreamReplyError } from '../relay/upstream-reply-error';

/** What one test call to a channel gave: `status` is the upstream HTTP status (0 when none came). */
export interface ProbeResult {
  ok: boolean;
  status: number;
  message: string;
  elapsedMs: number;
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

/** A hand-made relay context: the adaptors need one, though no token or user is involved. */
function probeContext(channel: RelayChannel, model: string, mode: RelayMode): RelayContext {
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
    clientIp: '',
    requestPath: mode === 'chat' ? '/v1/chat/completions' : '/v1/embeddings',
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
    const embedding = isEmbeddingModel(model);
    const ctx = probeContext(channel, model, embedding ? 'embeddings' : 'chat');
    const chat = embedding ? undefined : provider.chat;
    const passthrough = embedding && provider.passthrough?.modes.has('embeddings') ? provider.passthrough.adaptor : undefined;
    const started = performance.now();
    const result = (ok: boolean, status: number, message: string): ProbeResult => ({
      ok,
      status,
      message: withoutChannelKey(message, channel.key),
      elapsedMs: Math.round(performance.now() - started),
    });
    if (!chat && !passthrough) return result(false, 0, embedding ? '该渠道类型不支持测试嵌入模型' : '该渠道类型不支持对话测试');

    const call = chat
      ? chat.chatRequest(ctx, { model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 5, stream: false })
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
      if (status < 200 || status >= 300) return result(false, status, errorMessage(raw));
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
