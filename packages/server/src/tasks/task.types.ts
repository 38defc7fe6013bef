import type { TaskPlatform, TaskStatus } from '@gw/shared';
import type { RelayChannel } from '../relay/relay-context';
import type { UpstreamCall } from '../relay/upstream.client';

/** A task row (migration 1765598400000-async-tasks). Times are unix milliseconds. */
export interface TaskRow {
  id: string;
  public_id: string;
  platform: TaskPlatform;
  upstream_id: string;
  user_id: number;
  username: string;
  token_id: number;
  token_name: string;
  group: string;
  channel_id: number;
  /** The multi-key channel's key that submitted the task (channel_keys.id), which every poll of it uses; 0 for a single-key channel. */
  key_id: number;
  model_name: string;
  action: string;
  origin_id: string | null;
  code: number;
  status: TaskStatus;
  progress: string;
  prompt: string;
  prompt_en: string;
  description: string;
  fail_reason: string;
  image_url: string;
  result: unknown;
  notify_hook: string;
  state: string;
  quota: string;
  submit_time: string;
  start_time: string;
  finish_time: string;
  updated_at: string;
  version: number;
}

/** What a provider says about one task when asked (poll, fetch or notify). */
export interface UpstreamTaskState {
  upstreamId: string;
  status: TaskStatus;
  progress: string;
  failReason: string;
  /** The picture (Midjourney), or '' when none yet. */
  imageUrl: string;
  promptEn?: string;
  description?: string;
  /** Provider details kept as they are: Midjourney's buttons and image list, Suno's clips or lyrics. */
  result?: unknown;
  startTime?: number;
  finishTime?: number;
}

/** The changes one state brings to a task row; undefined when it changes nothing. */
export type TaskChange = Partial<Pick<TaskRow, 'status' | 'progress' | 'fail_reason' | 'image_url' | 'prompt_en' | 'description' | 'result'>> & {
  start_time?: number;
  finish_time?: number;
};

/** How a platform asks its upstream about many tasks at once (the poller sends the call). */
export interface TaskFetcher {
  /** At most this many ids per call. */
  readonly batchSize: number;
  call(channel: RelayChannel, upstreamIds: readonly string[]): UpstreamCall;
  /** The states in a 2xx reply; throws when it is not one. */
  read(body: string): UpstreamTaskState[];
}
