import { Inject, Injectable, Logger } from '@nestjs/common';
import { TASK_PLATFORM, TASK_STATUS, type TaskPlatform } from '@gw/shared';
import { ChannelRecords } from '../channel-ops/channel-records';
import { MSG_JSON_TOO_DEEP, nestedTooDeep } from '../common/input-rules';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { RelayChannel } from '../relay/relay-context';
import { UpstreamClient } from '../relay/upstream.client';
import { MJ_FETCHER } from './midjourney/mj-fetcher';
import { SUNO_FETCHER } from './suno/suno-fetcher';
import { TaskNotifier } from './task-notifier';
import { isFinal, TaskStore } from './task-store';
import type { TaskChange, TaskFetcher, TaskRow, UpstreamTaskState } from './task.types';

const FETCHERS: Readonly<Record<TaskPlatform, TaskFetcher>> = { [TASK_PLATFORM.MIDJOURNEY]: MJ_FETCHER, [TASK_PLATFORM.SUNO]: SUNO_FETCHER };

/** Rows read per step of one channel's unfinished tasks. */
const PAGE = 500;
/** How long a poll call may take. */
const FETCH_TIMEOUT_SECONDS = 30;
/**
 * A row still "submitting" this long after its submit lost its process (the submit call waits at
 * most a minute for the upstream): failed and refunded; the upstream's id was never heard.
 */
const SUBMIT_LOST_AFTER_MS = 10 * 60_000;

/** What a state changes in a task; undefined when nothing. A final status gets a finish time and, on success, full progress. */
export function changeOf(task: TaskRow, state: UpstreamTaskState, now: number): TaskChange | undefined {
  const change: TaskChange = {};
  if (state.status !== task.status) change.status = state.status;
  const final = isFinal(state.status);
  const progress = state.status === TASK_STATUS.SUCCESS ? state.progress || '100%' : state.progress;
  if (progress !== task.progress) change.progress = progress.slice(0, 16);
  if (state.failReason !== task.fail_reason) change.fail_reason = state.failReason.slice(0, 1000);
  if (state.imageUrl !== task.image_url) change.image_url = state.imageUrl;
  if (state.promptEn !== undefined && state.promptEn !== task.prompt_en) change.prompt_en = state.promptEn;
  if (state.description !== undefined && state.description !== task.description) change.description = state.description;
  if (state.result !== undefined && JSON.stringify(state.result) !== JSON.stringify(task.result)) change.result = state.result;
  if (state.startTime && state.startTime !== Number(task.start_time)) change.start_time = state.startTime;
  if (final && !Number(task.finish_time)) change.finish_time = state.finishTime ?? now;
  if (state.status === TASK_STATUS.FAILURE && !state.failReason && !task.fail_reason) change.fail_reason = '上游任务失败';
  return Object.keys(change).length > 0 ? change : undefined;
}

/**
 * A state as it can be stored: a result nested deeper than a request body may be (JSON.stringify
 * would overflow the stack on it, and the poll of every task of the channel with it) fails the
 * task, refunded, saying why.
 */
function storableState(state: UpstreamTaskState): UpstreamTaskState {
  if (!nestedTooDeep(state.result)) return state;
  return { ...state, status: TASK_STATUS.FAILURE, failReason: `上游返回的任务结果无法保存（${MSG_JSON_TOO_DEEP}）`, result: undefined };
}

/**
 * Follows unfinished tasks (the `task-poll` job, and upstream notices): asks each channel's
 * upstream about its tasks in batches, applies what changed by compare-and-swap (a task's end
 * settles or refunds it once, whoever sees it first), and fails with a refund the tasks that
 * outlived TASK_TIMEOUT_MINUTES or whose submit never heard back.
 */
@Injectable()
export class TaskPoller {
  private readonly logger = new Logger(TaskPoller.name);
  private readonly timeoutMs: number;

  constructor(
    private readonly store: TaskStore,
    private readonly channels: ChannelRecords,
    private readonly upstream: UpstreamClient,
    private readonly notifier: TaskNotifier,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.timeoutMs = config.tasks.timeoutMinutes * 60_000;
  }

  /** One pass over every channel with unfinished tasks. */
  async pollAll(): Promise<void> {
    for (const channelId of await this.store.channelsWithUnfinished()) {
      try {
        await this.pollChannel(channelId);
      } catch (error) {
        this.logger.warn(`Polling the tasks of channel ${channelId} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  async pollChannel(channelId: number): Promise<void> {
    const channels = new ChannelsByKey((keyId) => this.channelOf(channelId, keyId));
    let afterId = '0';
    for (;;) {
      const rows = await this.store.unfinishedOf(channelId, afterId, PAGE);
      if (rows.length === 0) return;
      afterId = rows[rows.length - 1].id;
      await this.stepByKey(channels, rows);
    }
  }

  /** An upstream notice about one of its tasks: the gateway asks the upstream itself rather than believe the notice. */
  async refresh(channelId: number, upstreamId: string): Promise<void> {
    const rows = await this.store.unfinishedWithUpstream(channelId, upstreamId);
    if (rows.length > 0) await this.stepByKey(new ChannelsByKey((keyId) => this.channelOf(channelId, keyId)), rows);
  }

  /**
   * Each task is asked about with the key that submitted it (tasks.key_id): the provider knows it
   * only under that account, whatever the key's status is now. Tasks of one key share their calls.
   */
  private async stepByKey(channels: ChannelsByKey, rows: TaskRow[]): Promise<void> {
    const byKey = new Map<number, TaskRow[]>();
    for (const row of rows) {
      const keyRows = byKey.get(row.key_id);
      if (keyRows) keyRows.push(row);
      else byKey.set(row.key_id, [row]);
    }
    for (const [keyId, keyRows] of byKey) await this.step(await channels.get(keyId), keyRows);
  }

  /** The channel with the key `keyId` (0: a single-key channel, or its first key for a task submitted before keys were kept). */
  private async channelOf(channelId: number, keyId: number): Promise<RelayChannel | undefined> {
    try {
      return (await this.channels.load(channelId, keyId || undefined)).channel;
    } catch (error) {
      // A deleted channel or key (or a key that cannot be opened) leaves its tasks to time out, refunded.
      this.logger.warn(`Tasks of channel ${channelId}${keyId ? ` (key ${keyId})` : ''} cannot be polled: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  private async step(channel: RelayChannel | undefined, rows: TaskRow[]): Promise<void> {
    const now = Date.now();
    const running = rows.filter((row) => row.upstream_id !== '');
    const states = channel ? await this.fetchStates(channel, running) : new Map<string, UpstreamTaskState>();
    for (const row of rows) {
      let current: TaskRow | undefined = row;
      const state = states.get(row.upstream_id);
      if (state && row.upstream_id) {
        const change = changeOf(row, state, now);
        if (change) {
          current = await this.store.apply(row, change, channel?.name);
          if (current) this.notifier.changed(current);
        }
      }
      if (!current || isFinal(current.status)) continue;
      const age = now - Number(current.submit_time);
      if (current.status === TASK_STATUS.SUBMITTING && !current.upstream_id && age > SUBMIT_LOST_AFTER_MS) {
        await this.fail(current, '提交中断，未收到上游的任务 ID，已退还', now);
      } else if (current.upstream_id && age > this.timeoutMs) {
        await this.fail(current, `任务超时（超过 ${Math.round(this.timeoutMs / 60_000)} 分钟未完成），已退还`, now);
      }
    }
  }

  private async fail(task: TaskRow, reason: string, now: number): Promise<void> {
    const failed = await this.store.apply(task, { status: TASK_STATUS.FAILURE, fail_reason: reason, finish_time: now });
    if (failed) this.notifier.changed(failed);
  }

  /** The upstream's states of these tasks, by upstream id; a batch that fails is left for the next pass. */
  private async fetchStates(channel: RelayChannel, rows: readonly TaskRow[]): Promise<Map<string, UpstreamTaskState>> {
    const states = new Map<string, UpstreamTaskState>();
    const byPlatform = new Map<TaskPlatform, Set<string>>();
    for (const row of rows) {
      const ids = byPlatform.get(row.platform) ?? new Set<string>();
      ids.add(row.upstream_id);
      byPlatform.set(row.platform, ids);
    }
    for (const [platform, idSet] of byPlatform) {
      const fetcher = FETCHERS[platform];
      const ids = [...idSet];
      for (let i = 0; i < ids.length; i += fetcher.batchSize) {
        try {
          const reply = await this.upstream.send(fetcher.call(channel, ids.slice(i, i + fetcher.batchSize)), FETCH_TIMEOUT_SECONDS, AbortSignal.timeout(FETCH_TIMEOUT_SECONDS * 1000));
          const body = await reply.body.text();
          if (reply.statusCode >= 400) throw new Error(`HTTP ${reply.statusCode}: ${body.slice(0, 200)}`);
          for (const state of fetcher.read(body)) states.set(state.upstreamId, storableState(state));
        } catch (error) {
          this.logger.warn(`Polling ${platform} tasks on channel ${channel.id} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    return states;
  }
}

/** The channel of one pass, loaded once per key however many pages of tasks use it. */
class ChannelsByKey {
  private readonly loaded = new Map<number, Promise<RelayChannel | undefined>>();

  constructor(private readonly load: (keyId: number) => Promise<RelayChannel | undefined>) {}

  get(keyId: number): Promise<RelayChannel | undefined> {
    let channel = this.loaded.get(keyId);
    if (!channel) {
      channel = this.load(keyId);
      this.loaded.set(keyId, channel);
    }
    return channel;
  }
}
