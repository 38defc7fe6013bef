import { randomInt, randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { MJ_SUBMIT_CODE, TASK_PLATFORM, TASK_STATUS, type TaskPlatform, type TaskStatus } from '@gw/shared';
import { emptyUsage } from '../relay/billing/usage';
import { PriceService } from '../relay/billing/price.service';
import { quotaFor } from '../relay/billing/pricing';
import { ChannelCacheService } from '../relay/channel-cache.service';
import { withoutChannelKey } from '../relay/channel-key-redaction';
import { chooseChannel } from '../relay/channel-selector';
import { type KeyedChannel, KeyOutcomes } from '../relay/key-outcomes';
import type { RelayChannel } from '../relay/relay-context';
import { admitModel } from '../relay/relay-admission';
import { RelayError } from '../relay/relay-error';
import type { AuthorizedToken } from '../relay/token-auth.service';
import { TokenRateLimiter } from '../relay/token-rate-limiter';
import { UpstreamClient, type UpstreamCall } from '../relay/upstream.client';
import { TaskStore } from './task-store';
import type { TaskRow } from './task.types';

/** Characters of a prompt kept on the task. */
const PROMPT_KEPT = 10_000;

/** How long a submit call may wait for the upstream's answer when the channel sets no timeout. */
const SUBMIT_TIMEOUT_SECONDS = 60;

export const MSG_TASK_UPSTREAM_UNREACHABLE = '上游渠道请求失败，请稍后再试';
export const MSG_TASK_REPLY_UNREADABLE = '上游返回了无法解析的响应';

/** What the upstream answered to a submission. */
export type SubmitOutcome =
  /** Accepted: the task runs upstream under `upstreamId` (or, `finished`, it is already done). */
  | { accepted: true; upstreamId: string; code: number; status: TaskStatus; duplicate?: boolean; finished?: { result: unknown } }
  /** Refused: nothing runs; the reservation is refunded. `httpStatus` is what the client gets. */
  | { accepted: false; code: number; message: string; httpStatus: number };

/** One submission, as a platform describes it. */
export interface SubmitPlan {
  platform: TaskPlatform;
  action: string;
  /** The priced model (ModelPrice), also what token model limits and abilities are checked against. */
  model: string;
  prompt: string;
  /** The task this one acts on: it runs on the same channel, under the same key. */
  origin?: TaskRow;
  notifyHook?: string;
  state?: string;
  /** The upstream call for the chosen channel. */
  request(channel: RelayChannel): UpstreamCall;
  /** Reads the upstream's answer (any status); throws when it cannot be read. */
  read(status: number, text: string): SubmitOutcome;
}

export interface Submitted {
  task: TaskRow;
  outcome: SubmitOutcome;
  /** The earlier task the upstream says this one duplicates (code 22): the new one was refunded. */
  duplicateOf?: TaskRow;
}

/** A public task id: Midjourney's are digits (clients parse them as numbers), Suno's UUIDs. Random: the id is also the image link's capability. */
export function newPublicId(platform: TaskPlatform): string {
  if (platform === TASK_PLATFORM.SUNO) return randomUUID();
  let digits = String(randomInt(1, 10));
  for (let i = 0; i < 3; i++) digits += String(randomInt(0, 1_000_000)).padStart(6, '0');
  return digits;
}

/**
 * Submits async tasks for every platform (issue 18): the token's model limits and rate, a channel
 * of the caller's group serving the action's model (the origin task's channel for actions on a
 * task), the action's fixed price reserved with the task row, one call to the upstream, and the
 * row marked accepted — or failed and refunded when the upstream refuses or cannot be reached.
 * A submission is not retried on another channel: the first may have been accepted without the
 * gateway hearing it, and a task must not run (or be paid for) twice.
 *
 * A multi-key channel's key is chosen as the relay chooses it (KeyOutcomes: random or polling,
 * passing over dead and cooling keys) and kept with the task (tasks.key_id): the provider knows
 * the task only under that account, so its polls and the actions on it use the same key. A key
 * that answers as a dead key is disabled as the relay disables it, and the submit goes to the
 * channel's next key at once: a refused submit ran nothing, so nothing runs twice.
 */
@Injectable()
export class TaskRelay {
  private readonly logger = new Logger(TaskRelay.name);

  constructor(
    private readonly store: TaskStore,
    private readonly channels: ChannelCacheService,
    private readonly limiter: TokenRateLimiter,
    private readonly prices: PriceService,
    private readonly upstream: UpstreamClient,
    private readonly keyOutcomes: KeyOutcomes,
  ) {}

  async submit(authorized: AuthorizedToken, plan: SubmitPlan): Promise<Submitted> {
    const caller = authorized.caller;
    const { candidates } = await admitModel(authorized, { model: plan.model }, this.limiter, this.channels);
    const channel = plan.origin ? candidates.find((candidate) => candidate.channel.id === plan.origin!.channel_id)?.channel : chooseChannel(candidates, new Set())?.channel;
    if (!channel) throw new RelayError(503, `原任务所在的渠道已不可用于模型 ${plan.model}，请重新提交任务`, 'upstream_error', 'channel_unavailable');
    const first = await this.firstKey(channel, plan.origin);
    const price = this.prices.priceOf(plan.model, caller.group);
    const quota = quotaFor(price, emptyUsage(), this.prices.quotaPerUnit());

    const created = await this.store.create({
      publicId: newPublicId(plan.platform),
      platform: plan.platform,
      userId: caller.userId,
      username: caller.username,
      tokenId: caller.tokenId,
      tokenName: caller.tokenName,
      group: caller.group,
      channelId: channel.id,
      keyId: first.key?.id ?? 0,
      model: plan.model,
      action: plan.action,
      originId: plan.origin?.id,
      // What the console shows; the upstream gets the whole prompt.
      prompt: plan.prompt.slice(0, PROMPT_KEPT),
      notifyHook: plan.notifyHook ?? '',
      state: plan.state ?? '',
      quota,
    });
    if (created === 'token') throw new RelayError(429, '该令牌额度不足', 'insufficient_quota', 'insufficient_quota');
    if (created === 'user') throw new RelayError(403, '用户额度不足，请充值后再试', 'insufficient_quota', 'insufficient_user_quota');

    const { outcome, keyId } = await this.askWithKeys(channel, first, plan);
    if (!outcome.accepted) {
      await this.fail(created, outcome.message, MJ_SUBMIT_CODE.NOT_SUBMITTED, undefined, keyId);
      return { task: created, outcome };
    }
    if (outcome.duplicate && outcome.upstreamId) {
      const earlier = await this.store.sameUpstream(created, outcome.upstreamId);
      if (earlier && earlier.user_id === caller.userId) {
        await this.fail(created, `重复提交：与任务 ${earlier.public_id} 相同，已退还`, outcome.code, outcome.upstreamId, keyId);
        return { task: created, outcome, duplicateOf: earlier };
      }
    }
    const now = Date.now();
    const accepted = await this.store.apply(
      created,
      outcome.finished
        ? { upstream_id: outcome.upstreamId, key_id: keyId, code: outcome.code, status: TASK_STATUS.SUCCESS, progress: '100%', result: outcome.finished.result, start_time: now, finish_time: now }
        : { upstream_id: outcome.upstreamId, key_id: keyId, code: outcome.code, status: outcome.status },
      channel.name,
    );
    // Nobody else changes a row still being submitted (the poller leaves it alone), so the swap holds.
    return { task: accepted ?? created, outcome };
  }

  /**
   * The key the submit goes with first: the origin task's (the upstream knows that task only under
   * it; a task submitted before keys were kept, key_id 0, goes with the channel's first key as it
   * did then), else one chosen as the relay chooses. Refused when that key cannot serve.
   */
  private async firstKey(channel: RelayChannel, origin: TaskRow | undefined): Promise<KeyedChannel> {
    if (origin && (!channel.multiKeyMode || !origin.key_id)) return { channel };
    const key = origin ? channel.keys.find((candidate) => candidate.id === origin.key_id) : undefined;
    const keyed = key ? this.keyOutcomes.keyed(channel, key) : origin ? undefined : await this.keyOutcomes.pick(channel);
    if (keyed) return keyed;
    if (origin) throw new RelayError(503, '原任务所用的渠道密钥已被禁用，请重新提交任务', 'upstream_error', 'channel_unavailable');
    throw new RelayError(503, `渠道「${channel.name}」暂无可用的密钥，请稍后再试`, 'upstream_error', 'channel_unavailable');
  }

  /**
   * Asks with `first`, then, while keys of the channel answer as dead keys, with its next key (an
   * action on a task stays with the task's key). Says which key the answer came with (0: a
   * single-key channel, or the channel's own first key for an old task).
   */
  private async askWithKeys(channel: RelayChannel, first: KeyedChannel, plan: SubmitPlan): Promise<{ outcome: SubmitOutcome; keyId: number }> {
    const tried = new Set<number>();
    let picked: KeyedChannel | undefined = first;
    for (;;) {
      const { key } = picked;
      const { outcome, status, text } = await this.ask(picked.channel, plan);
      if (!key) return { outcome, keyId: 0 };
      tried.add(key.id);
      if (outcome.accepted) this.keyOutcomes.served(key, 0);
      // A refusal the upstream answered with success (a banned prompt) is about the request, not the key.
      if (outcome.accepted || (status > 0 && status < 400)) return { outcome, keyId: key.id };
      const verdict = await this.keyOutcomes.failed(channel, key, status, text, outcome.message);
      picked = verdict === 'dead' && !plan.origin ? await this.keyOutcomes.pick(channel, tried) : undefined;
      if (!picked) return { outcome, keyId: key.id };
    }
  }

  /**
   * The upstream's answer; a failure to reach it or read it is a refusal (nothing runs, as far as
   * the gateway knows). The caller and the task row get the upstream's own refusal, or a reason in
   * Chinese: never the words of a network or parse error (addresses, stack depth), which go to the log.
   */
  private async ask(channel: RelayChannel, plan: SubmitPlan): Promise<{ outcome: SubmitOutcome; status: number; text: string }> {
    const timeout = channel.modelTimeouts[plan.model] ?? SUBMIT_TIMEOUT_SECONDS;
    let status: number;
    let text: string;
    try {
      const reply = await this.upstream.send(plan.request(channel), timeout, AbortSignal.timeout(timeout * 1000));
      status = reply.statusCode;
      text = await reply.body.text();
    } catch (error) {
      this.logger.warn(`Task submit to channel ${channel.id} failed: ${withoutChannelKey(error instanceof Error ? error.message : String(error), channel.key)}`);
      return { outcome: { accepted: false, code: 0, message: MSG_TASK_UPSTREAM_UNREACHABLE, httpStatus: 502 }, status: 0, text: '' };
    }
    // The upstream's words reach the caller, the task row and a disabled key's reason: never with the channel's key in them.
    const masked = withoutChannelKey(text.slice(0, 1000), channel.key);
    let outcome: SubmitOutcome;
    try {
      outcome = plan.read(status, text);
    } catch (error) {
      this.logger.warn(`Task submit reply of channel ${channel.id} unreadable: ${error instanceof Error ? error.message : String(error)}`);
      return { outcome: { accepted: false, code: 0, message: MSG_TASK_REPLY_UNREADABLE, httpStatus: 502 }, status, text: masked };
    }
    return { outcome: outcome.accepted ? outcome : { ...outcome, message: withoutChannelKey(outcome.message, channel.key) }, status, text: masked };
  }

  private async fail(task: TaskRow, reason: string, code: number, upstreamId?: string, keyId?: number): Promise<void> {
    const now = Date.now();
    await this.store.apply(task, { status: TASK_STATUS.FAILURE, fail_reason: reason.slice(0, 1000), code, upstream_id: upstreamId, key_id: keyId, finish_time: now, progress: '' });
  }
}
