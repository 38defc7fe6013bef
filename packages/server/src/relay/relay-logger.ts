import { performance } from 'node:perf_hooks';
import { Injectable } from '@nestjs/common';
import { nowSeconds } from '../common/time';
import { LOG_TYPE } from '../logs/log.entity';
import { LogWriterService, type NewLog } from '../logs/log-writer.service';
import { OptionsService } from '../options/options.service';
import { upstreamCost } from './billing/channel-cost';
import { type Price, tierFor } from './billing/pricing';
import type { Usage } from './billing/usage';
import type { PipelineContext } from './pipeline-context';
import type { Attempt } from './relay-attempts';
import type { RelayError } from './relay-error';

/** Turns a finished relay request into its log row (spec 2 §3 Log), queued for the batch writer. */
@Injectable()
export class RelayLogger {
  constructor(
    private readonly writer: LogWriterService,
    private readonly options: OptionsService,
  ) {}

  /** One literal with every column in a fixed order: all rows share one shape (cheap to build and to serialise). */
  private row(ctx: PipelineContext, attempts: Attempt[], outcome: { type: number; respModel: string; quota: number; usage?: Usage; status: number; content: string; other: string }): NewLog {
    const usage = outcome.usage;
    const elapsedMs = Math.round(performance.now() - ctx.startedAt);
    return {
      created_at: nowSeconds(),
      type: outcome.type,
      user_id: ctx.caller.userId,
      username: ctx.caller.username,
      token_id: ctx.caller.tokenId,
      token_name: ctx.caller.tokenName,
      // A request refused before it reached any channel (limits, balance) is logged against none.
      channel: attempts.length > 0 ? ctx.channel.id : 0,
      channel_name: attempts.length > 0 ? ctx.channel.name : '',
      model_name: ctx.requestModel,
      resp_model_name: outcome.respModel,
      group: ctx.caller.group,
      quota: outcome.quota,
      prompt_tokens: usage?.prompt_tokens ?? 0,
      prompt_audio_tokens: usage?.prompt_audio_tokens ?? 0,
      cache_creation_input_tokens: usage?.cache_creation_tokens ?? 0,
      cache_read_input_tokens: usage?.cache_read_tokens ?? 0,
      completion_tokens: usage?.completion_tokens ?? 0,
      thoughts_tokens: usage?.reasoning_tokens ?? 0,
      use_time: Math.round(elapsedMs / 1000),
      is_stream: ctx.stream,
      status_code: outcome.status,
      content: outcome.content,
      other: outcome.other,
      attempts_log: JSON.stringify(attempts),
      request_id: ctx.requestId,
      ip: ctx.clientIp.slice(0, 64),
      inbound_format: ctx.format.name,
      instance: this.writer.instance,
      use_time_ms: elapsedMs,
    };
  }

  /**
   * The log row of a request that succeeded, or none when consumption logs are off. Not queued
   * here: the ledger commits it with the request's settlement, which fills in the quota charged.
   */
  consumed(ctx: PipelineContext, outcome: { usage: Usage; price: Price; attempts: Attempt[]; status: number; respModel?: string }): NewLog | undefined {
    if (!this.options.getBoolean('LogConsumeEnabled')) return undefined;
    const { usage, price } = outcome;
    const tier = price.modelPrice === undefined ? tierFor(price, usage.prompt_tokens) : undefined;
    // Every ratio the charge was computed with, and the token kinds that have no column of their
    // own, so that the row explains its quota (quotaFor) and the roll-ups can compute it again.
    const other = {
      frt: ctx.firstTokenAt !== undefined ? Math.round(ctx.firstTokenAt - ctx.startedAt) : undefined,
      model_ratio: price.modelRatio,
      completion_ratio: price.completionRatio,
      group_ratio: price.groupRatio,
      model_price: price.modelPrice,
      cache_ratio: price.cacheReadRatio,
      cache_creation_ratio: price.cacheCreationRatio,
      cache_creation_ratio_1h: price.cacheCreation1hRatio,
      audio_ratio: price.audioRatio,
      audio_completion_ratio: price.audioCompletionRatio,
      image_ratio: price.imageRatio,
      image_completion_ratio: price.imageCompletionRatio,
      reasoning_ratio: price.reasoningRatio,
      tier: tier ? { above_prompt_tokens: tier.abovePromptTokens, prompt_multiplier: tier.promptMultiplier, completion_multiplier: tier.completionMultiplier } : undefined,
      cache_creation_tokens_1h: usage.cache_creation_1h_tokens,
      prompt_image_tokens: usage.prompt_image_tokens,
      completion_audio_tokens: usage.completion_audio_tokens,
      completion_image_tokens: usage.completion_image_tokens,
      upstream_model: ctx.upstreamModel !== ctx.requestModel ? ctx.upstreamModel : undefined,
      admin_info: { use_channel: outcome.attempts.map((attempt) => attempt.channel_id) },
      // Why these channels (route-trail.ts) and whether the session's binding held (DESIGN.md §5.9).
      route: ctx.route.steps,
      affinity: ctx.route.affinity,
      // What the call cost the operator and the channel's cost ratio then (billing/channel-cost.ts); administrators only (log.view.ts).
      cost: upstreamCost(price, usage, ctx.channel.costRatio, this.options.getNumber('QuotaPerUnit')),
      cost_ratio: ctx.channel.costRatio,
      request: this.options.getBoolean('LogReqInfoEnabled') ? { path: ctx.requestPath, user_agent: ctx.userAgent, stream: ctx.stream } : undefined,
      // A subscriber's call: paid from the plan's period (which subscription, which period) or from the wallet.
      pool: ctx.paidBy?.pool,
      subscription_id: ctx.paidBy?.pool === 'plan' ? ctx.paidBy.subscriptionId : undefined,
      period_start: ctx.paidBy?.pool === 'plan' ? ctx.paidBy.periodStart : undefined,
    };
    return this.row(ctx, outcome.attempts, {
      type: LOG_TYPE.CONSUME,
      respModel: outcome.respModel ?? ctx.upstreamModel,
      quota: 0,
      usage,
      status: outcome.status,
      content: '',
      other: JSON.stringify(other),
    });
  }

  /** `status` is what the client received, which its format may have chosen (inbound/). */
  failed(ctx: PipelineContext, error: RelayError, attempts: Attempt[], status = error.status): void {
    this.writer.write(
      this.row(ctx, attempts, {
        type: LOG_TYPE.ERROR,
        respModel: '',
        quota: 0,
        status,
        content: error.message.slice(0, 2000),
        other: JSON.stringify({
          admin_info: { use_channel: attempts.map((attempt) => attempt.channel_id) },
          route: ctx.route.steps.length > 0 ? ctx.route.steps : undefined,
          affinity: ctx.route.affinity,
        }),
      }),
    );
  }
}
