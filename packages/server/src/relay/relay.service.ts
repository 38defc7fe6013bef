import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Injectable, Logger } from '@nestjs/common';
import { MSG_PLAN_QUOTA_EXHAUSTED } from '@gw/shared';
import { nowSeconds } from '../common/time';
import type { ServerResponse } from 'node:http';
import { MetricsService } from '../metrics/metrics.service';
import { OptionsService } from '../options/options.service';
import type { ChatAdaptor, PassthroughAdaptor } from './adaptors/adaptor';
import { createAdaptorRegistry } from './adaptors';
import { ChannelCooldown } from '../channel-limits/channel-cooldown.service';
import { ModelStatusService } from '../channels/model-status.service';
import { ChannelLimiter } from '../channel-limits/channel-limiter.service';
import { DATABASE_UNAVAILABLE, DatabaseHealth } from '../database/database-health';
import { AutoDisableService } from './auto-disable.service';
import { PriceService } from './billing/price.service';
import { type Price, quotaFor } from './billing/pricing';
import { QuotaLedgerService, type Reservation } from './billing/quota-ledger.service';
import { countedUsage, estimateTokens } from './billing/token-count';
import { emptyUsage, usageFromImagesApi, usageFromOpenAI, type Usage } from './billing/usage';
import { withoutChannelKey } from './channel-key-redaction';
import { ChannelCacheService } from './channel-cache.service';
import { ClientDisconnect } from './client-disconnect';
import { type Candidate, drawChannel } from './channel-selector';
import { type Binding, sameTarget } from './affinity/binding';
import { boundTarget, type BoundTarget } from './affinity/bound-target';
import { ChannelAffinity } from './affinity/channel-affinity.service';
import { RouteTrail } from './route-trail';
import type { InboundFormat } from './inbound/inbound-format';
import { OPENAI_INBOUND } from './inbound/openai-inbound';
import type { PipelineContext } from './pipeline-context';
import { admitModel } from './relay-admission';
import { RelayLogger } from './relay-logger';
import { formFields, isUploadMode, readMultipart, withModel } from './multipart-body';
import { headerOf, readJsonBody, type RelayRequest, sendJson, sendWhole } from './relay-request';
import { KeyOutcomes } from './key-outcomes';
import { KeySelector } from './key-selector';
import { KeyUsage } from './key-usage';
import type { RelayChannel, RelayContext, RelayKey, RelayMode } from './relay-context';
import { type Attempt, classifyFailure, errorCodesOf, type FailureKind, mapStatus } from './relay-attempts';
import { RelayError } from './relay-error';
import { StreamDelivery } from './stream/stream-delivery';
import { type AuthorizedToken, TokenAuthService } from './token-auth.service';
import { TokenRateLimiter } from './token-rate-limiter';
import { DEFAULT_TIMEOUT_SECONDS, UpstreamClient, type UpstreamResponse } from './upstream.client';
import { UpstreamReplyError } from './upstream-reply-error';

/** The route a relayed request took (route-trail.ts), when RouteHeaderEnabled is on. */
export const ROUTE_HEADER = 'X-Gateway-Route';
/** The gateway's own milliseconds before the answer's headers (all but the upstream waits), when OverheadHeaderEnabled is on. */
export const OVERHEAD_HEADER = 'X-Gateway-Overhead-Ms';

/** Awaits an upstream's answer or body, counting the wait as the upstream's time rather than the gateway's. */
async function upstreamWait<T>(ctx: RelayContext, pending: Promise<T>): Promise<T> {
  const from = performance.now();
  try {
    return await pending;
  } finally {
    ctx.upstreamWaitMs += performance.now() - from;
  }
}

/** The outcome of a request that reached an upstream: what to bill and log. */
interface Delivered {
  usage: Usage;
  respModel?: string;
  status: number;
  /** The client went away before the end of a stream (what was produced is billed). */
  clientGone?: boolean;
}

/**
 * An upstream failure on one attempt (status 0: no answer). A `channel` failure is retried on
 * another channel while no byte reached the client; a `request` failure goes back to the client.
 */
class UpstreamFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly kind: FailureKind,
    /** The provider's error code and type, when its body had them. */
    readonly codes = '',
    /** The model asked for, when the upstream answered with an error (its ability may be at fault: channelFailed). */
    readonly model = '',
  ) {
    super(message);
  }

  /** This failure with the channel's key masked in its words (channel-key-redaction.ts). */
  withoutKey(key: string): UpstreamFailure {
    return new UpstreamFailure(this.status, withoutChannelKey(this.message, key), this.kind, withoutChannelKey(this.codes, key), this.model);
  }
}

/** What a settled request cost and how fast it was, for a caller that keeps its own record (the compare chat). */
export interface RelayOutcome {
  requestId: string;
  /** Quota charged. */
  quota: number;
  usage: Usage;
  /** Milliseconds from arrival to the first streamed token; 0 when none. */
  firstTokenMs: number;
  durationMs: number;
  /** The client went away before the end of the stream. */
  clientGone: boolean;
}

/**
 * Told how a request ended. With `holdsStreamEnd` a finished stream stays open after its last
 * chunk (the format's end marker still written): `settled` writes its own last events and ends the
 * response; if it does not, the relay ends it.
 */
export interface RelayObserver {
  readonly holdsStreamEnd: boolean;
  /**
   * Keeps the answer before its charge is settled. Throwing refuses the charge: the reservation is
   * refunded and the request fails. Whoever keeps an answer here and asks again only for answers it
   * did not keep never pays twice, whenever the process dies (the charge is written after).
   */
  record?(outcome: RelayOutcome): Promise<void>;
  settled(outcome: RelayOutcome): Promise<void>;
  failed(error: RelayError): Promise<void>;
}

/** How a call came in: its API format (OpenAI's by default) and who pays (by default the sk- token it carries). */
export interface RelayCallOptions {
  format?: InboundFormat;
  /** The playground passes the signed-in user's token. */
  authorize?: () => Promise<AuthorizedToken>;
  observer?: RelayObserver;
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
    private readonly cooldown: ChannelCooldown,
    private readonly metrics: MetricsService,
    private readonly database: DatabaseHealth,
    private readonly keys: KeySelector,
    private readonly affinity: ChannelAffinity,
    private readonly keyUsage: KeyUsage,
    private readonly modelStatus: ModelStatusService,
    private readonly keyOutcomes: KeyOutcomes,
  ) {}

  /** Serves one relay request, read and answered in the client's format (DESIGN.md §5.0). */
  async handle(mode: RelayMode, request: RelayRequest, response: ServerResponse, options: RelayCallOptions = {}): Promise<void> {
    const startedAt = performance.now();
    const format = options.format ?? OPENAI_INBOUND;
    let reservation: Reservation | undefined;
    let ctx: PipelineContext | undefined;
    const attempts: Attempt[] = [];
    try {
      const authorized = await (options.authorize ?? (() => this.auth.authorize(request)))();
      const upload = isUploadMode(mode) ? await readMultipart(mode, request) : undefined;
      const body = upload ? formFields(upload) : format.check(request.body ?? (await readJsonBody(request.stream)));
      // Channels before the price: a model no channel serves is "no channel", not "no price".
      const { model, candidates } = await admitModel(authorized, body, this.limiter, this.channels);
      const price = this.prices.priceOf(model, authorized.caller.group);
      const stream = body.stream === true && (mode === 'chat' || mode === 'completions');
      const streamOptions = body.stream_options as { include_usage?: unknown } | undefined;
      ctx = {
        // The HTTP request's id (X-Request-Id, common/request-id.ts); the gateway's own calls get one here.
        requestId: request.requestId ?? randomUUID(),
        mode,
        format,
        nativeHeaders: format.nativeHeaders(request.headers),
        // Estimated beyond 4,096 characters: an exact count of a long prompt would hold the event loop (token-count.ts).
        promptTokens: format.promptTokens(body, estimateTokens),
        caller: authorized.caller,
        requestModel: model,
        upstreamModel: model,
        stream,
        clientWantsUsage: streamOptions?.include_usage === true,
        channel: candidates[0].channel,
        startedAt,
        upstreamWaitMs: 0,
        clientIp: request.ip,
        requestPath: request.path,
        userAgent: (headerOf(request.headers, 'user-agent') ?? '').slice(0, 200),
        holdStreamEnd: options.observer?.holdsStreamEnd,
        session: this.affinity.sessionOf(format.name, body, request.headers, authorized.caller, model),
        route: new RouteTrail(),
      };

      const subscriber = (ctx.caller.subscribedUntil ?? 0) > nowSeconds();
      const planFirst = subscriber ? { fallback: this.options.getBoolean('SubscriptionWalletFallback') } : undefined;
      const reserved = await this.ledger.preConsume(ctx.caller.userId, ctx.caller.tokenId, this.estimate(price, ctx.promptTokens, body), this.prices.quotaPerUnit(), planFirst);
      if (reserved === 'user' || reserved === 'token' || reserved === 'plan') {
        if (reserved === 'token') throw new RelayError(429, '该令牌额度不足', 'insufficient_quota', 'insufficient_quota');
        if (reserved === 'plan') throw new RelayError(403, MSG_PLAN_QUOTA_EXHAUSTED, 'insufficient_quota', 'insufficient_plan_quota');
        throw new RelayError(403, '用户额度不足，请充值后再试', 'insufficient_quota', 'insufficient_user_quota');
      }
      reservation = reserved;
      if (subscriber) ctx.paidBy = 'plan' in reserved && reserved.plan ? { pool: 'plan', subscriptionId: reserved.plan.subscriptionId, periodStart: reserved.plan.periodStart } : { pool: 'wallet' };

      const delivered = await this.tryChannels(ctx, candidates, body, upload, response, attempts);
      const usage = delivered.usage;
      const cost = quotaFor(price, usage, this.prices.quotaPerUnit());
      if (options.observer?.record) await options.observer.record(this.outcomeOf(ctx, usage, cost, delivered.clientGone === true));
      const settling = reservation;
      reservation = undefined; // from here on a failure must not refund it
      const log = this.relayLogger.consumed(ctx, { usage, price, attempts, status: delivered.status, respModel: delivered.respModel });
      const charged = await this.ledger.settle({ userId: ctx.caller.userId, tokenId: ctx.caller.tokenId, channelId: ctx.channel.id }, settling, cost, log);
      this.metrics.relay.finished(ctx, ctx.channel.id, 'success');
      this.metrics.relay.charged(ctx.requestModel, charged);
      if (options.observer) await this.tellSettled(options.observer, ctx, usage, cost, delivered.clientGone === true, response);
    } catch (error) {
      const relayError = await this.toRelayError(error);
      const reply = format.errorReply(relayError);
      if (reservation) await this.ledger.refund(reservation);
      if (ctx) {
        this.relayLogger.failed(ctx, relayError, attempts, reply.status);
        this.metrics.relay.finished(ctx, attempts.length > 0 ? ctx.channel.id : 0, 'error');
      }
      if (options.observer) await this.tellFailed(options.observer, relayError);
      if (!response.headersSent) {
        if (ctx && ctx.route.steps.length > 0) this.routeHeader(ctx, response);
        sendJson(response, reply.status, reply.body);
      } else if (!response.writableEnded) response.end();
    }
  }

  /** The observer's record of a settled request; its failure is logged, never refunds what was charged. */
  private async tellSettled(observer: RelayObserver, ctx: RelayContext, usage: Usage, quota: number, clientGone: boolean, response: ServerResponse): Promise<void> {
    try {
      await observer.settled(this.outcomeOf(ctx, usage, quota, clientGone));
    } catch (error) {
      this.logger.error(`Relay observer failed after settlement: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    if (!response.writableEnded) response.end();
  }

  private outcomeOf(ctx: RelayContext, usage: Usage, quota: number, clientGone: boolean): RelayOutcome {
    const firstTokenMs = ctx.firstTokenAt !== undefined ? Math.round(ctx.firstTokenAt - ctx.startedAt) : 0;
    return { requestId: ctx.requestId, quota, usage, firstTokenMs, durationMs: Math.round(performance.now() - ctx.startedAt), clientGone };
  }

  private async tellFailed(observer: RelayObserver, error: RelayError): Promise<void> {
    try {
      await observer.failed(error);
    } catch (failure) {
      this.logger.error(`Relay observer failed: ${failure instanceof Error ? (failure.stack ?? failure.message) : String(failure)}`);
    }
  }

  /** The reservation: the fixed price, or the counted prompt plus the requested completion budget. */
  private estimate(price: Price, promptTokens: number, body: Record<string, unknown>): number {
    const maxTokens = Number(body.max_completion_tokens ?? body.max_tokens ?? body.max_output_tokens ?? 0);
    const usage = { ...emptyUsage(), prompt_tokens: promptTokens, completion_tokens: Number.isFinite(maxTokens) && maxTokens > 0 ? maxTokens : 0 };
    return quotaFor(price, usage, this.prices.quotaPerUnit());
  }

  /**
   * Channel choice with failover (DESIGN.md §5.3). A failure that speaks about the channel, before
   * any byte reached the client, moves to a channel not yet tried (same tier first, then lower;
   * cooling channels last), up to RetryTimes retries. A failure about the request goes back to the
   * client as the upstream said it; when channels alone failed the client gets a gateway error,
   * never an upstream's 401 or 403. Inside a multi-key channel, tryChannel tries further keys.
   * Sticky routing (§5.9) offers the first choice the session's bound channel and key; whatever
   * finally answers becomes the binding. Each step is written down in ctx.route.
   */
  private async tryChannels(
    ctx: PipelineContext,
    candidates: readonly Candidate[],
    body: Record<string, unknown>,
    upload: FormData | undefined,
    response: ServerResponse,
    attempts: Attempt[],
  ): Promise<Delivered> {
    const tried = new Set<number>();
    const retries = Math.max(0, this.options.getNumber('RetryTimes'));
    const now = Date.now();
    const runs = this.cooldown.states(candidates.map((candidate) => candidate.channel.id), now);
    const coolingUntil = new Map([...runs].filter(([, run]) => run.until > now).map(([id, run]) => [id, run.until]));
    const binding = ctx.session ? await this.affinity.lookup(ctx.session) : undefined;
    const bound = binding ? boundTarget(binding, candidates, (channel, keyId) => this.keys.boundKey(channel, keyId)) : undefined;
    const target: BoundTarget | undefined = typeof bound === 'object' ? bound : undefined;
    const onReply = (channel: RelayChannel, key: RelayKey | undefined) => this.replying(ctx, response, binding, channel, key);
    let lastFailure: UpstreamFailure | undefined;
    const limited: string[] = [];
    for (let attempt = 0; attempt <= retries; attempt++) {
      // The binding is offered to the first choice only: a retry goes to a channel not yet tried.
      const draw = drawChannel(candidates, tried, coolingUntil, tried.size === 0 ? target?.channelId : undefined);
      if (!draw) break;
      const channel = draw.candidate.channel;
      tried.add(channel.id);
      ctx.route.cooling(draw.cooling);
      if (ctx.session && ctx.route.affinity === undefined) ctx.route.affinity = !binding ? 'miss' : draw.via === 'affinity' ? 'hit' : 'moved';
      // A channel at its request limit is passed over; that costs no retry.
      const limits = channel.requestLimits;
      const reached = limits ? await this.channelLimits.acquire(channel.id, limits) : undefined;
      if (reached) {
        limited.push(`渠道「${channel.name}」（#${channel.id}）的 ${reached.toUpperCase()}`);
        ctx.route.limited(channel.id, reached);
        attempt--;
        continue;
      }
      ctx.route.pick(draw.via, channel.id, draw.tier, draw.weight);
      ctx.upstreamModel = channel.modelMapping[ctx.requestModel] || ctx.requestModel;
      const outcome = await this.tryChannel(ctx, channel, body, upload, response, attempts, draw.via === 'affinity' ? target?.key : undefined, onReply);
      if ('delivered' in outcome) {
        if (limits) void this.countTokens(channel.id, outcome.delivered.usage);
        if (runs.has(channel.id)) await this.cooldown.succeeded(channel.id);
        return outcome.delivered;
      }
      // A multi-key channel with no key left to try on this instance was not tried: that costs no retry.
      if (!outcome.failure) attempt--;
      lastFailure = outcome.failure ?? lastFailure;
      if (outcome.stop) break;
    }
    // Nothing answered, so nothing rebound the session: a binding whose channel or key is gone goes.
    if (binding && bound === 'gone') void this.affinity.drop(ctx.session!, binding);
    if (lastFailure?.kind === 'request') throw new RelayError(mapStatus(ctx.channel.statusCodeMapping, lastFailure.status), lastFailure.message);
    if (lastFailure) {
      const last = lastFailure.status > 0 ? `HTTP ${lastFailure.status}` : '无响应';
      throw new RelayError(502, `模型 ${ctx.requestModel} 的上游渠道均请求失败（尝试了 ${attempts.length} 次，最后一次：${last}），请稍后再试`, 'upstream_error', 'upstream_failed');
    }
    if (limited.length > 0) {
      throw new RelayError(429, `当前分组 ${ctx.caller.group} 下模型 ${ctx.requestModel} 的渠道均已达到请求限制：${limited.join('、')}，请稍后再试`, 'rate_limit_exceeded', 'channel_limit_reached');
    }
    throw new RelayError(503, `当前分组 ${ctx.caller.group} 下对于模型 ${ctx.requestModel} 无可用渠道`, 'upstream_error', 'model_not_found');
  }

  /**
   * The answer of `channel` (and `key`) is about to reach the client: no other channel can serve
   * the request any more. The session is bound to them (the write is sent before the answer's
   * first byte, so the client's next turn finds it) and, with RouteHeaderEnabled, the route goes
   * out with the answer's headers.
   */
  private replying(ctx: PipelineContext, response: ServerResponse, binding: Binding | undefined, channel: RelayChannel, key: RelayKey | undefined): void {
    if (ctx.session) {
      const served = { channelId: channel.id, keyId: key?.id ?? 0 };
      ctx.route.affinity = !binding ? 'miss' : sameTarget(binding, served) ? 'hit' : 'moved';
      void this.affinity.bind(ctx.session, binding, served);
    }
    this.routeHeader(ctx, response);
    if (this.options.getBoolean('OverheadHeaderEnabled') && !response.headersSent) {
      response.setHeader(OVERHEAD_HEADER, Math.max(0, performance.now() - ctx.startedAt - ctx.upstreamWaitMs).toFixed(2));
    }
  }

  /** X-Gateway-Route, when the option asks for it and the headers have not gone out yet. */
  private routeHeader(ctx: PipelineContext, response: ServerResponse): void {
    if (this.options.getBoolean('RouteHeaderEnabled') && !response.headersSent) response.setHeader(ROUTE_HEADER, ctx.route.header());
  }

  /**
   * One channel: one attempt; for a multi-key channel, one per key while its keys answer as dead
   * keys, and once more after a 429: those tries count as one toward RetryTimes. `boundKey`: the
   * key the session is bound to, tried first. `onReply`: called when an answer is about to go out.
   * `stop`: no other channel may be tried (the failure is about the request, or bytes reached the
   * client). No `failure`: a multi-key channel had no key left to try.
   */
  private async tryChannel(
    ctx: PipelineContext,
    channel: RelayChannel,
    body: Record<string, unknown>,
    upload: FormData | undefined,
    response: ServerResponse,
    attempts: Attempt[],
    boundKey: RelayKey | undefined,
    onReply: (channel: RelayChannel, key: RelayKey | undefined) => void,
  ): Promise<{ delivered: Delivered } | { failure?: UpstreamFailure; stop: boolean }> {
    const keysTried = new Set<number>();
    const retry429 = { left: 1 };
    let failure: UpstreamFailure | undefined;
    let preferred = boundKey;
    for (;;) {
      const key = channel.multiKeyMode ? (preferred ?? (await this.keys.pick(channel, keysTried))) : undefined;
      preferred = undefined;
      if (channel.multiKeyMode && !key) {
        if (failure) await this.channelFailed(channel, failure);
        return { failure, stop: false };
      }
      // Adaptors read ctx.channel.key: a multi-key attempt gets the channel's copy with the chosen key.
      const served = key ? this.keys.keyed(channel, key) : channel;
      if (key) {
        keysTried.add(key.id);
        ctx.route.key(channel.id, key.masked);
      }
      ctx.channel = served;
      const tag = key ? { key_id: key.id, key: key.masked } : {};
      const attemptStart = performance.now();
      try {
        const delivered = await this.attempt(ctx, body, upload, response, () => onReply(channel, key));
        if (key) {
          this.keys.succeeded(key.id);
          this.keyUsage.served(key.id, delivered.usage.prompt_tokens + delivered.usage.completion_tokens);
        }
        attempts.push({ channel_id: channel.id, channel_name: channel.name, ...tag, status: delivered.status, duration: Math.round(performance.now() - attemptStart) });
        return { delivered };
      } catch (thrown) {
        if (!(thrown instanceof UpstreamFailure)) throw thrown;
        // From here the upstream's words reach the caller, the log row and the disable reason.
        failure = thrown.withoutKey(served.key);
        attempts.push({ channel_id: channel.id, channel_name: channel.name, ...tag, status: failure.status, error: failure.message, duration: Math.round(performance.now() - attemptStart) });
        ctx.route.failed(channel.id, failure.status, key?.masked);
        this.metrics.relay.upstreamFailed(channel.id, failure.status);
        if (failure.kind === 'request') return { failure, stop: true };
        // Once bytes reached the client no other key may answer; the key's failure is still recorded.
        if (key && (await this.keyFailed(channel, key, failure, retry429)) && !response.headersSent) continue;
        await this.channelFailed(channel, failure);
        return { failure, stop: response.headersSent };
      }
    }
  }

  /**
   * A channel failure on one key of a multi-key channel (DESIGN.md §5.8: the key is the unit).
   * Answers whether another key of the same channel is to be tried at once: after a dead-key
   * answer (the key is disabled when the channel's auto_ban allows, and this instance stops using
   * it before the cache reloads; else it is only passed over), and after a first 429 (another key
   * may have its own rate limit left). Other failures are the channel's (tryChannels moves on).
   */
  private async keyFailed(channel: RelayChannel, key: RelayKey, failure: UpstreamFailure, retry429: { left: number }): Promise<boolean> {
    const reason = failure.status > 0 ? `HTTP ${failure.status}: ${failure.message}` : failure.message;
    if ((await this.keyOutcomes.failed(channel, key, failure.status, `${failure.message} ${failure.codes}`.trim(), reason)) === 'dead') return true;
    if (failure.status === 429 && retry429.left > 0) {
      retry429.left -= 1;
      return true;
    }
    return false;
  }

  /**
   * A channel failure: counted toward the channel's cooldown, and perhaps a dead key to disable. A
   * multi-key channel's dead keys are disabled one by one (keyFailed), never the channel at once.
   */
  private async channelFailed(channel: RelayChannel, failure: UpstreamFailure): Promise<void> {
    const reason = failure.status > 0 ? `HTTP ${failure.status}: ${failure.message}` : failure.message;
    // The upstream does not have the model (DESIGN.md §5.8): its ability alone is disabled; the channel is neither cooled down nor disabled, nor its key.
    if (await this.modelStatus.failed(channel, failure.model, failure.status, `${failure.message} ${failure.codes}`.trim())) return;
    await this.cooldown.failed(channel.id, reason);
    if (failure.status > 0 && !channel.multiKeyMode) await this.autoDisable.consider(channel, failure.status, `${failure.message} ${failure.codes}`.trim());
  }

  /** The tokens of a finished request count toward the channel's TPM and TPD. */
  private async countTokens(channelId: number, usage: Usage): Promise<void> {
    try {
      await this.channelLimits.addTokens(channelId, usage.prompt_tokens + usage.completion_tokens);
    } catch (error) {
      this.logger.warn(`Could not count tokens for channel ${channelId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * One call to one channel; throws UpstreamFailure for anything that went wrong upstream.
   * `onReply` is called just before the answer's headers are set (whole or streamed).
   */
  private async attempt(ctx: PipelineContext, body: Record<string, unknown>, upload: FormData | undefined, response: ServerResponse, onReply: () => void): Promise<Delivered> {
    const provider = this.registry.forType(ctx.channel.type);
    const chat: ChatAdaptor<unknown> | undefined = ctx.mode === 'chat' || ctx.mode === 'completions' ? ctx.format.chatAdaptor(provider) : undefined;
    const passthrough: PassthroughAdaptor | undefined = !chat && provider.passthrough?.modes.has(ctx.mode) ? provider.passthrough.adaptor : undefined;
    if (!chat && !passthrough) throw new RelayError(400, `该渠道类型不支持此接口（${ctx.mode}）`, 'invalid_request_error', 'unsupported_endpoint');
    const errorMessage = (raw: string) => (chat ?? passthrough!).errorMessage(raw);
    const call = chat
      ? chat.chatRequest(ctx, body)
      : upload
        ? passthrough!.passthroughRequest(ctx, withModel(upload, ctx.upstreamModel), undefined)
        : passthrough!.passthroughRequest(ctx, JSON.stringify({ ...body, model: ctx.upstreamModel }), 'application/json');

    const abort = new ClientDisconnect();
    const onClose = () => {
      if (!response.writableFinished) abort.abort();
    };
    response.on('close', onClose);
    const timeout = ctx.channel.modelTimeouts[ctx.upstreamModel] ?? ctx.channel.modelTimeouts[ctx.requestModel] ?? DEFAULT_TIMEOUT_SECONDS;
    let upstream: UpstreamResponse;
    try {
      upstream = await upstreamWait(ctx, this.upstream.send(call, timeout, abort));
    } catch (error) {
      response.off('close', onClose);
      if (abort.aborted) throw new RelayError(499, '客户端已断开连接', 'client_closed', null);
      throw new UpstreamFailure(0, `上游连接失败：${error instanceof Error ? error.message : String(error)}`, 'channel');
    }
    try {
      if (upstream.statusCode >= 400) {
        const raw = await upstreamWait(ctx, upstream.body.text());
        const message = errorMessage(raw);
        const codes = errorCodesOf(raw);
        throw new UpstreamFailure(upstream.statusCode, message, classifyFailure(upstream.statusCode, `${message} ${codes}`, this.autoDisable.keywords()), codes, ctx.requestModel);
      }
      if (chat && ctx.stream) {
        const delivery = new StreamDelivery(ctx, chat.chatStream(ctx), ctx.format.framing, response, onReply);
        const result = await delivery.pipe(upstream.body, abort, call.streamFraming);
        return { usage: result.usage ?? countedUsage(ctx.promptTokens, result.producedText), status: 200, respModel: ctx.upstreamModel, clientGone: result.clientGone };
      }
      if (!chat) {
        // Passthrough replies may be bytes (speech audio): relayed as received, never decoded.
        const bytes = Buffer.from(await upstreamWait(ctx, upstream.body.arrayBuffer()));
        const contentType = String(upstream.headers['content-type'] ?? 'application/json');
        onReply();
        sendWhole(response, 200, contentType, bytes);
        return { usage: this.passthroughUsage(contentType, bytes, ctx.promptTokens, ctx.mode), status: 200 };
      }
      const raw = await upstreamWait(ctx, upstream.body.text());
      let converted: ReturnType<ChatAdaptor['chatResponse']>;
      try {
        converted = chat.chatResponse(ctx, raw);
      } catch (error) {
        if (error instanceof UpstreamReplyError) throw error;
        throw new UpstreamFailure(502, '上游返回了无法解析的响应', 'channel');
      }
      onReply();
      sendWhole(response, 200, 'application/json', converted.body);
      return { usage: converted.usage ?? countedUsage(ctx.promptTokens, ''), status: 200, respModel: converted.model };
    } catch (error) {
      if (abort.aborted && !(error instanceof UpstreamFailure)) throw new RelayError(499, '客户端已断开连接', 'client_closed', null);
      if (error instanceof RelayError || error instanceof UpstreamFailure) throw error;
      if (error instanceof UpstreamReplyError) {
        throw new UpstreamFailure(error.status, error.message, classifyFailure(error.status, `${error.message} ${error.codes}`, this.autoDisable.keywords()), error.codes);
      }
      throw new UpstreamFailure(0, `上游响应中断：${error instanceof Error ? error.message : String(error)}`, 'channel');
    } finally {
      response.off('close', onClose);
    }
  }

  /** Usage from a passthrough reply (embeddings, rerank…; images with their output as image tokens), else counted from the input. */
  private passthroughUsage(contentType: string, bytes: Buffer, promptTokens: number, mode: RelayMode): Usage {
    if (contentType.includes('json')) {
      try {
        const read = mode === 'images' || mode === 'image-edits' ? usageFromImagesApi : usageFromOpenAI;
        const usage = read((JSON.parse(bytes.toString('utf8')) as { usage?: unknown }).usage);
        if (usage) return usage;
      } catch {
        // not JSON after all: counted from the input below
      }
    }
    return countedUsage(promptTokens, '');
  }

  /** A failure nobody foresaw is a 503 saying so while the database is unreachable (an outage, which passes), a 500 otherwise (a bug). */
  private async toRelayError(error: unknown): Promise<RelayError> {
    if (error instanceof RelayError) return error;
    if (!(await this.database.reachable())) {
      this.logger.warn(`A relay call failed, the database is unreachable: ${error instanceof Error ? error.message : String(error)}`);
      return new RelayError(503, DATABASE_UNAVAILABLE, 'server_error', 'database_unavailable');
    }
    this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return new RelayError(500, '服务器内部错误', 'server_error', null);
  }
}
