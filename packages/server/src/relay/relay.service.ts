import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Injectable, Logger } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { OptionsService } from '../options/options.service';
import type { ChatAdaptor, PassthroughAdaptor } from './adaptors/adaptor';
import { createAdaptorRegistry } from './adaptors';
import { ChannelLimiter } from '../channel-limits/channel-limiter.service';
import { AutoDisableService } from './auto-disable.service';
import { PriceService } from './billing/price.service';
import { type Price, quotaFor } from './billing/pricing';
import { QuotaLedgerService, type Reservation } from './billing/quota-ledger.service';
import { countPromptTokens } from './billing/token-count';
import { emptyUsage, usageFromOpenAI, type Usage } from './billing/usage';
import { ChannelCacheService } from './channel-cache.service';
import { chooseChannel } from './channel-selector';
import { RelayLogger } from './relay-logger';
import { formFields, readMultipart, withModel } from './multipart-body';
import { headerOf, readJsonBody, type RelayRequest, sendJson, sendWhole } from './relay-request';
import type { RelayContext, RelayMode } from './relay-context';
import { type Attempt, isRetryableStatus, mapStatus } from './relay-attempts';
import { RelayError } from './relay-error';
import { StreamDelivery } from './stream/stream-delivery';
import { type AuthorizedToken, TokenAuthService } from './token-auth.service';
import { TokenRateLimiter } from './token-rate-limiter';
import { DEFAULT_TIMEOUT_SECONDS, UpstreamClient, type UpstreamResponse } from './upstream.client';

/** The outcome of a request that reached an upstream: what to bill and log. */
interface Delivered {
  usage: Usage;
  respModel?: string;
  status: number;
}

/** An upstream failure on one attempt: retried on another channel when it may help. */
class UpstreamFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/**
 * The relay pipeline of DESIGN.md §5: token → limits → price and reservation → channel choice with
 * failover → adaptor → delivery (streamed or whole) → settlement → log. Adaptors only translate;
 * billing, retries and auto-disable live here.
 */
@Injectable()
export class RelayService {
  private readonly logger = new Logger(RelayService.name);
  private readonly registry = createAdaptorRegistry();

  constructor(
    private readonly auth: TokenAuthService,
    private readonly limiter: TokenRateLimiter,
    private readonly channels: ChannelCacheService,
    private readonly prices: PriceService,
    private readonly ledger: QuotaLedgerService,
    private readonly upstream: UpstreamClient,
    private readonly autoDisable: AutoDisableService,
    private readonly relayLogger: RelayLogger,
    private readonly options: OptionsService,
    private readonly channelLimits: ChannelLimiter,
  ) {}

  /**
   * Serves one relay request. `authorize` names the caller: by default the sk- token the request
   * carries; the playground passes the signed-in user's token instead.
   */
  async handle(mode: RelayMode, request: RelayRequest, response: ServerResponse, authorize: () => Promise<AuthorizedToken> = () => this.auth.authorize(request)): Promise<void> {
    const startedAt = performance.now();
    let reservation: Reservation | undefined;
    let ctx: RelayContext | undefined;
    const attempts: Attempt[] = [];
    try {
      const authorized = await authorize();
      const upload = mode === 'transcriptions' ? await readMultipart(request) : undefined;
      const body = upload ? formFields(upload) : (request.body ?? (await readJsonBody(request.stream)));
      const model = typeof body.model === 'string' ? body.model.trim() : '';
      if (!model) throw new RelayError(400, '请求中缺少 model 参数', 'invalid_request_error', 'missing_model');
      if (authorized.modelLimits && !authorized.modelLimits.has(model)) {
        throw new RelayError(403, `该令牌无权访问模型 ${model}`, 'invalid_request_error', 'model_not_allowed');
      }
      if (!(await this.limiter.allow(authorized.caller.tokenId, authorized.ratePerMinute))) {
        throw new RelayError(429, '该令牌请求过于频繁，请稍后再试', 'rate_limit_exceeded', 'rate_limit_exceeded');
      }
      const price = this.prices.priceOf(model, authorized.caller.group);
      const candidates = await this.channels.candidates(authorized.caller.group, model);
      if (candidates.length === 0) {
        throw new RelayError(503, `当前分组 ${authorized.caller.group} 下对于模型 ${model} 无可用渠道`, 'upstream_error', 'model_not_found');
      }
      const stream = body.stream === true && (mode === 'chat' || mode === 'completions');
      const streamOptions = body.stream_options as { include_usage?: unknown } | undefined;
      ctx = {
        requestId: randomUUID(),
        mode,
        caller: authorized.caller,
        requestModel: model,
        upstreamModel: model,
        stream,
        clientWantsUsage: streamOptions?.include_usage === true,
        channel: candidates[0].channel,
        startedAt,
        clientIp: request.ip,
        requestPath: request.path,
        userAgent: (headerOf(request.headers, 'user-agent') ?? '').slice(0, 200),
      };

      const reserved = await this.ledger.preConsume(ctx.caller.userId, ctx.caller.tokenId, this.estimate(price, body), this.prices.quotaPerUnit());
      if (reserved === 'user' || reserved === 'token') {
        if (reserved === 'token') throw new RelayError(429, '该令牌额度不足', 'insufficient_quota', 'insufficient_quota');
        throw new RelayError(403, '用户额度不足，请充值后再试', 'insufficient_quota', 'insufficient_user_quota');
      }
      reservation = reserved;

      const delivered = await this.tryChannels(ctx, candidates, body, upload, response, attempts);
      const usage = delivered.usage;
      const cost = quotaFor(price, usage, this.prices.quotaPerUnit());
      const settling = reservation;
      reservation = undefined; // from here on a failure must not refund it
      const charged = await this.ledger.settle({ userId: ctx.caller.userId, tokenId: ctx.caller.tokenId, channelId: ctx.channel.id }, settling, cost);
      this.relayLogger.consumed(ctx, { usage, price, charged, attempts, status: delivered.status, respModel: delivered.respModel });
    } catch (error) {
      const relayError = this.toRelayError(error);
      if (reservation && ctx) await this.ledger.refund(ctx.caller.userId, ctx.caller.tokenId, reservation);
      if (ctx) this.relayLogger.failed(ctx, relayError, attempts);
      if (!response.headersSent) sendJson(response, relayError.status, relayError.toBody());
      else if (!response.writableEnded) response.end();
    }
  }

  /** The reservation: the fixed price, or the counted prompt plus the requested completion budget. */
  private estimate(price: Price, body: Record<string, unknown>): number {
    const maxTokens = Number(body.max_completion_tokens ?? body.max_tokens ?? 0);
    const usage = { ...emptyUsage(), prompt_tokens: countPromptTokens(body), completion_tokens: Number.isFinite(maxTokens) && maxTokens > 0 ? maxTokens : 0 };
    return quotaFor(price, usage, this.prices.quotaPerUnit());
  }

  /**
   * Channel choice with failover (DESIGN.md §5.3): a retryable failure before any byte reached
   * the client moves to another channel (same tier first, then lower), up to RetryTimes retries.
   */
  private async tryChannels(
    ctx: RelayContext,
    candidates: Parameters<typeof chooseChannel>[0],
    body: Record<string, unknown>,
    upload: FormData | undefined,
    response: ServerResponse,
    attempts: Attempt[],
  ): Promise<Delivered> {
    const tried = new Set<number>();
    const retries = Math.max(0, this.options.getNumber('RetryTimes'));
    let lastFailure: UpstreamFailure | undefined;
    let limited: string | undefined;
    for (let attempt = 0; attempt <= retries; attempt++) {
      const candidate = chooseChannel(candidates, tried);
      if (!candidate) break;
      tried.add(candidate.channel.id);
      // A channel at its request limit is passed over; that costs no retry.
      const limits = candidate.channel.requestLimits;
      const reached = limits ? await this.channelLimits.acquire(candidate.channel.id, limits) : undefined;
      if (reached) {
        limited = reached;
        attempt--;
        continue;
      }
      ctx.channel = candidate.channel;
      ctx.upstreamModel = candidate.channel.modelMapping[ctx.requestModel] || ctx.requestModel;
      const attemptStart = performance.now();
      try {
        const delivered = await this.attempt(ctx, body, upload, response);
        if (limits) void this.countTokens(ctx.channel.id, delivered.usage);
        attempts.push({ channel_id: ctx.channel.id, channel_name: ctx.channel.name, status: delivered.status, duration: Math.round(performance.now() - attemptStart) });
        return delivered;
      } catch (error) {
        if (!(error instanceof UpstreamFailure)) throw error;
        attempts.push({ channel_id: ctx.channel.id, channel_name: ctx.channel.name, status: error.status, error: error.message, duration: Math.round(performance.now() - attemptStart) });
        lastFailure = error;
        if (error.status > 0) await this.autoDisable.consider(ctx.channel, error.status, error.message);
        if (!error.retryable || response.headersSent) break;
      }
    }
    if (!lastFailure && limited) {
      throw new RelayError(429, `当前分组 ${ctx.caller.group} 下模型 ${ctx.requestModel} 的渠道均已达到请求限制（${limited.toUpperCase()}），请稍后再试`, 'rate_limit_exceeded', 'channel_limit_reached');
    }
    if (!lastFailure) throw new RelayError(503, `当前分组 ${ctx.caller.group} 下对于模型 ${ctx.requestModel} 无可用渠道`, 'upstream_error', 'model_not_found');
    const status = lastFailure.status > 0 ? mapStatus(ctx.channel.statusCodeMapping, lastFailure.status) : 502;
    throw new RelayError(status, lastFailure.message, 'upstream_error', null);
  }

  /** The tokens of a finished request count toward the channel's TPM and TPD. */
  private async countTokens(channelId: number, usage: Usage): Promise<void> {
    try {
      await this.channelLimits.addTokens(channelId, usage.prompt_tokens + usage.completion_tokens);
    } catch (error) {
      this.logger.warn(`Could not count tokens for channel ${channelId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** One call to one channel; throws UpstreamFailure for anything that went wrong upstream. */
  private async attempt(ctx: RelayContext, body: Record<string, unknown>, upload: FormData | undefined, response: ServerResponse): Promise<Delivered> {
    const provider = this.registry.forType(ctx.channel.type);
    const chat: ChatAdaptor | undefined = ctx.mode === 'chat' || ctx.mode === 'completions' ? provider.chat : undefined;
    const passthrough: PassthroughAdaptor | undefined = !chat && provider.passthrough?.modes.has(ctx.mode) ? provider.passthrough.adaptor : undefined;
    if (!chat && !passthrough) throw new RelayError(400, `该渠道类型不支持此接口（${ctx.mode}）`, 'invalid_request_error', 'unsupported_endpoint');
    const errorMessage = (raw: string) => (chat ?? passthrough!).errorMessage(raw);
    const call = chat
      ? chat.chatRequest(ctx, body)
      : upload
        ? passthrough!.passthroughRequest(ctx, withModel(upload, ctx.upstreamModel), undefined)
        : passthrough!.passthroughRequest(ctx, JSON.stringify({ ...body, model: ctx.upstreamModel }), 'application/json');

    const abort = new AbortController();
    const onClose = () => {
      if (!response.writableFinished) abort.abort();
    };
    response.on('close', onClose);
    const timeout = ctx.channel.modelTimeouts[ctx.upstreamModel] ?? ctx.channel.modelTimeouts[ctx.requestModel] ?? DEFAULT_TIMEOUT_SECONDS;
    let upstream: UpstreamResponse;
    try {
      upstream = await this.upstream.send(call, timeout, abort.signal);
    } catch (error) {
      response.off('close', onClose);
      if (abort.signal.aborted) throw new RelayError(499, '客户端已断开连接', 'client_closed', null);
      throw new UpstreamFailure(0, `上游连接失败：${error instanceof Error ? error.message : String(error)}`, true);
    }
    try {
      if (upstream.statusCode >= 400) {
        const raw = await upstream.body.text();
        throw new UpstreamFailure(upstream.statusCode, errorMessage(raw), isRetryableStatus(upstream.statusCode));
      }
      if (chat && ctx.stream) {
        const delivery = new StreamDelivery(ctx, chat.chatStream(ctx), response);
        const result = await delivery.pipe(upstream.body, abort.signal);
        return { usage: result.usage ?? this.countUsage(body, result.producedText), status: 200, respModel: ctx.upstreamModel };
      }
      if (!chat) {
        // Passthrough replies may be bytes (speech audio): relayed as received, never decoded.
        const bytes = Buffer.from(await upstream.body.arrayBuffer());
        const contentType = String(upstream.headers['content-type'] ?? 'application/json');
        sendWhole(response, 200, contentType, bytes);
        return { usage: this.passthroughUsage(contentType, bytes, body), status: 200 };
      }
      const raw = await upstream.body.text();
      let converted: ReturnType<ChatAdaptor['chatResponse']>;
      try {
        converted = chat.chatResponse(ctx, raw);
      } catch {
        throw new UpstreamFailure(502, '上游返回了无法解析的响应', true);
      }
      sendWhole(response, 200, 'application/json', converted.body);
      return { usage: converted.usage ?? this.countUsage(body, ''), status: 200, respModel: converted.model };
    } catch (error) {
      if (abort.signal.aborted && !(error instanceof UpstreamFailure)) throw new RelayError(499, '客户端已断开连接', 'client_closed', null);
      if (error instanceof RelayError || error instanceof UpstreamFailure) throw error;
      throw new UpstreamFailure(0, `上游响应中断：${error instanceof Error ? error.message : String(error)}`, !response.headersSent);
    } finally {
      response.off('close', onClose);
    }
  }

  /** Usage from a passthrough reply (embeddings, rerank…), else counted from the input. */
  private passthroughUsage(contentType: string, bytes: Buffer, body: Record<string, unknown>): Usage {
    if (contentType.includes('json')) {
      try {
        const usage = usageFromOpenAI((JSON.parse(bytes.toString('utf8')) as { usage?: unknown }).usage);
        if (usage) return usage;
      } catch {
        // not JSON after all: counted from the input below
      }
    }
    return this.countUsage(body, '');
  }

  private countUsage(body: Record<string, unknown>, produced: string): Usage {
    return { ...emptyUsage(), prompt_tokens: countPromptTokens(body), completion_tokens: produced ? countPromptTokens({ prompt: produced }) : 0 };
  }

  private toRelayError(error: unknown): RelayError {
    if (error instanceof RelayError) return error;
    this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return new RelayError(500, '服务器内部错误', 'server_error', null);
  }
}
