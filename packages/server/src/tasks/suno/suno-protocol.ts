import { TASK_STATUS, type TaskStatus } from '@gw/shared';
import { isObject } from '../../relay/json';
import { RelayError } from '../../relay/relay-error';
import type { SubmitOutcome } from '../task-relay';
import type { TaskRow, UpstreamTaskState } from '../task.types';

/**
 * The Suno API protocol as gateways speak it (channel type 36, address before /suno): submit calls
 * answer `{ code: "success", message, data: "<task id>" }`; `POST /suno/fetch {ids}` answers
 * `{ code: "success", data: [task…] }` with tasks as `{ task_id, action, status, fail_reason,
 * submit_time, start_time, finish_time, progress, data }` (times in unix seconds; `data` the
 * clips of a song or the lyrics).
 */

export type SunoBody = Record<string, unknown>;

const STATUSES: Readonly<Record<string, TaskStatus>> = {
  NOT_START: TASK_STATUS.NOT_START,
  SUBMITTED: TASK_STATUS.SUBMITTED,
  QUEUED: TASK_STATUS.QUEUED,
  IN_PROGRESS: TASK_STATUS.IN_PROGRESS,
  SUCCESS: TASK_STATUS.SUCCESS,
  FAILURE: TASK_STATUS.FAILURE,
  UNKNOWN: TASK_STATUS.UNKNOWN,
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The fields of a music or lyrics submit that must be strings when given. */
const STRING_FIELDS = ['prompt', 'mv', 'title', 'tags', 'continue_clip_id', 'gpt_description_prompt', 'task_id'];

export function checkSunoBody(body: SunoBody, action: 'MUSIC' | 'LYRICS'): void {
  for (const field of STRING_FIELDS) {
    if (body[field] !== undefined && body[field] !== null && typeof body[field] !== 'string') {
      throw new RelayError(400, `${field} 必须是字符串`, 'invalid_request_error', 'invalid_request');
    }
  }
  if (body.make_instrumental !== undefined && typeof body.make_instrumental !== 'boolean') {
    throw new RelayError(400, 'make_instrumental 必须是布尔值', 'invalid_request_error', 'invalid_request');
  }
  if (body.continue_at !== undefined && (typeof body.continue_at !== 'number' || !Number.isFinite(body.continue_at) || body.continue_at < 0)) {
    throw new RelayError(400, 'continue_at 必须是不小于 0 的数字（秒）', 'invalid_request_error', 'invalid_request');
  }
  const prompt = text(body.prompt).trim();
  if (action === 'LYRICS' && !prompt) throw new RelayError(400, '请填写歌词提示词 prompt', 'invalid_request_error', 'invalid_request');
  if (action === 'MUSIC' && !prompt && !text(body.gpt_description_prompt).trim()) {
    throw new RelayError(400, '请填写歌词 prompt 或描述 gpt_description_prompt', 'invalid_request_error', 'invalid_request');
  }
}

/** The upstream's answer to a submit (any HTTP status). */
export function readSunoOutcome(status: number, body: string): SubmitOutcome {
  let reply: unknown;
  try {
    reply = JSON.parse(body);
  } catch {
    return { accepted: false, code: 0, message: `上游返回了无法解析的响应（HTTP ${status}）`, httpStatus: 502 };
  }
  const message = isObject(reply) ? text(reply.message) : '';
  if (status >= 400) return { accepted: false, code: 0, message: `上游返回 HTTP ${status}：${message || body.slice(0, 300)}`, httpStatus: status === 400 || status === 422 ? 400 : 502 };
  if (!isObject(reply) || reply.code !== 'success') return { accepted: false, code: 0, message: message || '上游拒绝了任务', httpStatus: 400 };
  if ((typeof reply.data !== 'string' && typeof reply.data !== 'number') || String(reply.data) === '') {
    return { accepted: false, code: 0, message: '上游接受了任务却没有返回任务 ID', httpStatus: 502 };
  }
  return { accepted: true, upstreamId: String(reply.data), code: 1, status: TASK_STATUS.SUBMITTED };
}

const millisOf = (seconds: unknown): number | undefined => (typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : undefined);

/** One task of a fetch reply; undefined for anything else. */
export function stateOfSunoTask(task: unknown): UpstreamTaskState | undefined {
  if (!isObject(task) || (typeof task.task_id !== 'string' && typeof task.task_id !== 'number')) return undefined;
  return {
    upstreamId: String(task.task_id),
    status: STATUSES[text(task.status)] ?? TASK_STATUS.UNKNOWN,
    progress: text(task.progress),
    failReason: text(task.fail_reason),
    imageUrl: '',
    result: task.data ?? null,
    startTime: millisOf(task.start_time),
    finishTime: millisOf(task.finish_time),
  };
}

/** The tasks of a fetch reply; throws when the reply is not one. */
export function readSunoFetch(body: string): UpstreamTaskState[] {
  const reply: unknown = JSON.parse(body);
  if (!isObject(reply) || reply.code !== 'success' || !Array.isArray(reply.data)) throw new Error(`上游查询失败：${isObject(reply) ? text(reply.message) : ''}`);
  return reply.data.flatMap((task) => stateOfSunoTask(task) ?? []);
}

const seconds = (millis: string): number => Math.floor(Number(millis) / 1000);

/** A task as the Suno API's fetch answers it, with the gateway's id. */
export function sunoTaskView(task: TaskRow): Record<string, unknown> {
  return {
    task_id: task.public_id,
    action: task.action,
    status: task.status,
    fail_reason: task.fail_reason,
    submit_time: seconds(task.submit_time),
    start_time: seconds(task.start_time),
    finish_time: seconds(task.finish_time),
    progress: task.progress,
    data: task.result ?? null,
  };
}
