import { Injectable } from '@nestjs/common';
import { FINAL_TASK_STATUSES, TASK_STATUS, type TaskPlatform, type TaskStatus } from '@gw/shared';
import { DataSource } from 'typeorm';
import { nowSeconds } from '../common/time';
import { PoolDb } from '../database/pool-db';
import { LOG_TYPE } from '../logs/log.entity';
import { LogWriterService, type NewLog } from '../logs/log-writer.service';
import { OptionsService } from '../options/options.service';
import { TASK_RESERVATIONS } from '../relay/billing/instance-liveness.service';
import { STALE_HOLD_SECONDS } from '../relay/billing/quota-ledger.service';
import type { TaskChange, TaskRow } from './task.types';

/** A task about to be submitted: who pays, where it goes, what it costs. */
export interface NewTask {
  publicId: string;
  platform: TaskPlatform;
  userId: number;
  username: string;
  tokenId: number;
  tokenName: string;
  group: string;
  channelId: number;
  /** The multi-key channel's key the submit uses first; 0 for a single-key channel. */
  keyId: number;
  model: string;
  action: string;
  originId?: string;
  prompt: string;
  notifyHook: string;
  state: string;
  quota: number;
}

/** The columns a change may set, in one order (the SET list is built from them). */
const CHANGE_COLUMNS = ['status', 'progress', 'fail_reason', 'image_url', 'prompt_en', 'description', 'result', 'start_time', 'finish_time', 'code', 'upstream_id', 'key_id'] as const;
type StoredChange = TaskChange & { code?: number; upstream_id?: string; key_id?: number };

export const isFinal = (status: TaskStatus): boolean => FINAL_TASK_STATUSES.includes(status);

/** What a public id can look like (digits or a UUID): anything else names no task and is not looked up. */
const PUBLIC_ID = /^[0-9A-Za-z-]{1,64}$/;

/**
 * The task table and its money (migration 1765598400000-async-tasks). A task's price is reserved
 * with the row; the row changes only by compare-and-swap on its version; reaching SUCCESS settles
 * the reservation with its log row, reaching FAILURE refunds it, in the transaction that sets the
 * status. However often a task is polled or notified, it is charged or refunded once.
 */
@Injectable()
export class TaskStore {
  constructor(
    private readonly db: PoolDb,
    private readonly dataSource: DataSource,
    private readonly logs: LogWriterService,
    private readonly options: OptionsService,
  ) {}

  /** Creates the row (status '': submitting) and reserves its price in one statement; says who is short otherwise. */
  async create(task: NewTask): Promise<TaskRow | 'user' | 'token'> {
    const [{ id }] = await this.db.query<{ id: string }>(`SELECT nextval('tasks_id_seq')::text AS id`, []);
    const now = Date.now();
    const [row] = await this.db.query<{ result: number; task: TaskRow | null }>(
      `WITH reserved AS (SELECT gw_reserve_quota($2, $4, $16, $20, $1::bigint, 0, false, $18, $19) AS result),
            inserted AS (
              INSERT INTO tasks (id, public_id, platform, user_id, username, token_id, token_name, "group", channel_id, model_name, action,
                                 origin_id, prompt, notify_hook, state, quota, submit_time, updated_at, key_id)
              SELECT $1, $3, $6, $2, $7, $4, $8, $9, $10, $11, $12, $13, $14, $15, $17, $16, $5, $5, $21 FROM reserved WHERE result = 0
              RETURNING *)
       SELECT reserved.result::integer AS result, (SELECT row_to_json(inserted) FROM inserted) AS task FROM reserved`,
      [
        id,
        task.userId,
        task.publicId,
        task.tokenId,
        now,
        task.platform,
        task.username,
        task.tokenName,
        task.group,
        task.channelId,
        task.model,
        task.action,
        task.originId ?? null,
        task.prompt,
        task.notifyHook,
        task.quota,
        task.state,
        nowSeconds(),
        STALE_HOLD_SECONDS,
        TASK_RESERVATIONS,
        task.keyId,
      ],
    );
    if (row.result === -2) return 'token';
    if (row.result !== 0 || !row.task) return 'user';
    return normalise(row.task);
  }

  async byId(id: string): Promise<TaskRow | undefined> {
    const [row] = await this.db.query<TaskRow>('SELECT * FROM tasks WHERE id = $1', [id]);
    return row;
  }

  /** A user's task by its public id; another user's task is not found. */
  async ownedBy(userId: number, platform: TaskPlatform, publicId: string): Promise<TaskRow | undefined> {
    if (!PUBLIC_ID.test(publicId)) return undefined;
    const [row] = await this.db.query<TaskRow>('SELECT * FROM tasks WHERE public_id = $1 AND platform = $2 AND user_id = $3', [publicId, platform, userId]);
    return row;
  }

  /** A user's tasks among public ids, in the order asked. */
  async manyOwnedBy(userId: number, platform: TaskPlatform, publicIds: readonly string[]): Promise<TaskRow[]> {
    const wanted = publicIds.filter((publicId) => PUBLIC_ID.test(publicId));
    const rows = await this.db.query<TaskRow>('SELECT * FROM tasks WHERE public_id = ANY($1) AND platform = $2 AND user_id = $3', [wanted, platform, userId]);
    const byId = new Map(rows.map((row) => [row.public_id, row]));
    return publicIds.flatMap((publicId) => byId.get(publicId) ?? []);
  }

  /** Any task by its public id (the image proxy: the id is the capability). */
  async byPublicId(publicId: string): Promise<TaskRow | undefined> {
    if (!PUBLIC_ID.test(publicId)) return undefined;
    const [row] = await this.db.query<TaskRow>('SELECT * FROM tasks WHERE public_id = $1', [publicId]);
    return row;
  }

  /** Another unfinished or finished task of the same user on the same channel with this upstream id (a duplicate submit). */
  async sameUpstream(task: TaskRow, upstreamId: string): Promise<TaskRow | undefined> {
    const [row] = await this.db.query<TaskRow>('SELECT * FROM tasks WHERE channel_id = $1 AND upstream_id = $2 AND id <> $3 ORDER BY id LIMIT 1', [
      task.channel_id,
      upstreamId,
      task.id,
    ]);
    return row;
  }

  /** Channels with tasks that have not ended (what the poller visits). */
  async channelsWithUnfinished(): Promise<number[]> {
    const rows = await this.db.query<{ channel_id: number }>(`SELECT DISTINCT channel_id FROM tasks WHERE status NOT IN ('SUCCESS', 'FAILURE')`, []);
    return rows.map((row) => row.channel_id);
  }

  /** A channel's unfinished tasks, oldest first, after `afterId`. */
  async unfinishedOf(channelId: number, afterId: string, limit: number): Promise<TaskRow[]> {
    return this.db.query<TaskRow>(`SELECT * FROM tasks WHERE channel_id = $1 AND id > $2 AND status NOT IN ('SUCCESS', 'FAILURE') ORDER BY id LIMIT $3`, [
      channelId,
      afterId,
      limit,
    ]);
  }

  /** A channel's unfinished tasks with this upstream id (an upstream's notice names its own id). */
  async unfinishedWithUpstream(channelId: number, upstreamId: string): Promise<TaskRow[]> {
    return this.db.query<TaskRow>(`SELECT * FROM tasks WHERE channel_id = $1 AND upstream_id = $2 AND status NOT IN ('SUCCESS', 'FAILURE') ORDER BY id`, [
      channelId,
      upstreamId,
    ]);
  }

  /**
   * Applies a change to the task as it was read (compare-and-swap on its version). A change to a
   * final status settles (SUCCESS) or refunds (FAILURE) the reservation in the same transaction.
   * Returns the new row, or undefined when the task changed meanwhile (or had already ended).
   * `channelName` goes into the log row of a charge.
   */
  async apply(task: TaskRow, change: StoredChange, channelName = ''): Promise<TaskRow | undefined> {
    if (isFinal(task.status)) return undefined;
    const columns = CHANGE_COLUMNS.filter((column) => change[column] !== undefined);
    const values = columns.map((column) => (column === 'result' ? JSON.stringify(change.result) : change[column]));
    const set = columns.map((column, i) => `${column === 'result' ? '"result"' : column} = $${i + 3}`).join(', ');
    const sql = `UPDATE tasks SET ${set}${set ? ', ' : ''}version = version + 1, updated_at = $${columns.length + 3}
                  WHERE id = $1 AND version = $2 RETURNING *`;
    const params = [task.id, task.version, ...values, Date.now()];
    const final = change.status !== undefined && isFinal(change.status);
    if (!final) {
      const [row] = await this.db.query<TaskRow>(sql, params);
      return row;
    }
    let refunded = 0;
    const row = await this.dataSource.transaction(async (manager) => {
      // TypeORM answers an UPDATE … RETURNING as [rows, count].
      const [[updated]]: [TaskRow[], number] = await manager.query(sql, params);
      if (!updated) return undefined;
      if (change.status === TASK_STATUS.SUCCESS) {
        await manager.query('SELECT gw_settle_task($1, $2, $3, $4)', [updated.id, updated.channel_id, JSON.stringify(this.consumeLog(updated, channelName)), nowSeconds()]);
      } else {
        const [{ amount }]: Array<{ amount: string }> = await manager.query('SELECT gw_refund_reservation($1, $2) AS amount', [TASK_RESERVATIONS, updated.id]);
        refunded = Number(amount);
      }
      return updated;
    });
    if (row && refunded > 0) this.logs.write(this.refundLog(row, refunded));
    return row;
  }

  /** The log row of a task charged at its end (LogConsumeEnabled): null when consumption logs are off. */
  private consumeLog(task: TaskRow, channelName: string): NewLog | null {
    if (!this.options.getBoolean('LogConsumeEnabled')) return null;
    return { ...this.logRow(task, LOG_TYPE.CONSUME, Number(task.quota), `${taskKind(task)}任务 ${task.public_id}`), channel_name: channelName.slice(0, 128) };
  }

  private refundLog(task: TaskRow, refunded: number): NewLog {
    const reason = task.fail_reason ? `：${task.fail_reason}` : '';
    return this.logRow(task, LOG_TYPE.SYSTEM, 0, `${taskKind(task)}任务 ${task.public_id} 失败${reason}，已退还 ${refunded} 额度`);
  }

  private logRow(task: TaskRow, type: number, quota: number, content: string): NewLog {
    const elapsedMs = Math.max(0, Number(task.finish_time || task.updated_at) - Number(task.submit_time));
    return {
      created_at: nowSeconds(),
      type,
      user_id: task.user_id,
      username: task.username,
      token_id: task.token_id,
      token_name: task.token_name,
      channel: task.channel_id,
      channel_name: '',
      model_name: task.model_name,
      resp_model_name: task.model_name,
      group: task.group,
      quota,
      prompt_tokens: 0,
      prompt_audio_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      completion_tokens: 0,
      thoughts_tokens: 0,
      use_time: Math.round(elapsedMs / 1000),
      is_stream: false,
      status_code: 200,
      content: content.slice(0, 1000),
      other: JSON.stringify({ task_id: task.public_id, platform: task.platform, action: task.action }),
      attempts_log: '[]',
      request_id: `task-${task.public_id}`,
      ip: '',
      inbound_format: task.platform,
      instance: this.logs.instance,
      use_time_ms: elapsedMs,
    };
  }
}

const taskKind = (task: TaskRow): string => (task.platform === 'suno' ? '音乐' : '绘图');

/** row_to_json gives bigint columns as numbers; the driver gives them as strings. One shape for callers. */
function normalise(row: TaskRow): TaskRow {
  const text = (value: unknown) => (value === null || value === undefined ? value : String(value));
  return {
    ...row,
    id: String(row.id),
    origin_id: text(row.origin_id) as string | null,
    quota: String(row.quota),
    submit_time: String(row.submit_time),
    start_time: String(row.start_time),
    finish_time: String(row.finish_time),
    updated_at: String(row.updated_at),
  };
}
