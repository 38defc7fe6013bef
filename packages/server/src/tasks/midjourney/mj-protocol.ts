import { MJ_ACTION_MODELS, MJ_SUBMIT_CODE, type MjAction, TASK_STATUS, type TaskStatus } from '@gw/shared';
import { isObject } from '../../relay/json';
import { RelayError } from '../../relay/relay-error';
import type { TaskRow, UpstreamTaskState } from '../task.types';

/**
 * The midjourney-proxy protocol (novicezk's open version, type 2, and the Plus version, type 5):
 * submit calls answer `{ code, description, result: task id, properties }`; tasks are read back
 * as `{ id, action, status, progress: "45%", imageUrl, failReason, submitTime, … }` with times in
 * milliseconds. The gateway speaks it on both sides, with its own task ids towards clients.
 */

export type MjBody = Record<string, unknown>;

/** A reply of a submit call, as read from the upstream. */
export interface MjSubmitReply {
  code: number;
  description: string;
  result: unknown;
  properties: Record<string, unknown>;
}

/** Upstream statuses beyond spec 2 §4's: a cancelled task ended without a picture. */
const STATUSES: Readonly<Record<string, TaskStatus>> = {
  NOT_START: TASK_STATUS.NOT_START,
  SUBMITTED: TASK_STATUS.SUBMITTED,
  MODAL: TASK_STATUS.MODAL,
  IN_PROGRESS: TASK_STATUS.IN_PROGRESS,
  SUCCESS: TASK_STATUS.SUCCESS,
  FAILURE: TASK_STATUS.FAILURE,
  CANCEL: TASK_STATUS.FAILURE,
};

/** Codes the upstream gives to an accepted submission (spec 2 §4). */
export const ACCEPTED_CODES: readonly number[] = [MJ_SUBMIT_CODE.SUBMITTED, MJ_SUBMIT_CODE.WAITING, MJ_SUBMIT_CODE.DUPLICATE];

export function requireString(body: MjBody, field: string, message: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') throw new RelayError(400, message, 'invalid_request_error', 'invalid_request');
  return value;
}

export function optionalString(body: MjBody, field: string): string {
  const value = body[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new RelayError(400, `${field} 必须是字符串`, 'invalid_request_error', 'invalid_request');
  return value;
}

export function requireStringArray(body: MjBody, field: string, message: string): string[] {
  const value = body[field];
  if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === 'string' && item !== '')) {
    throw new RelayError(400, message, 'invalid_request_error', 'invalid_request');
  }
  return value as string[];
}

/** `--fast`, `--relax` and `--turbo` (MjModeClearEnabled): the speed is the gateway's choice, not the client's. */
export function clearModeFlags(prompt: string): string {
  return prompt.replace(/(^|\s)--(fast|relax|turbo)(?=\s|$)/gi, '$1').replace(/\s{2,}/g, ' ').trim();
}

/**
 * The action a button's customId performs (midjourney-proxy's MJ::… ids), or undefined for one
 * the gateway does not know how to price.
 */
export function actionOfCustomId(customId: string): MjAction | undefined {
  if (customId.startsWith('MJ::JOB::upsample')) return 'UPSCALE';
  if (customId.startsWith('MJ::JOB::variation')) return 'VARIATION';
  if (customId.startsWith('MJ::JOB::high_variation')) return 'HIGH_VARIATION';
  if (customId.startsWith('MJ::JOB::low_variation')) return 'LOW_VARIATION';
  if (customId.startsWith('MJ::JOB::reroll')) return 'REROLL';
  if (customId.startsWith('MJ::JOB::pan_')) return 'PAN';
  if (customId.startsWith('MJ::Outpaint::')) return 'ZOOM';
  if (customId.startsWith('MJ::CustomZoom::')) return 'CUSTOM_ZOOM';
  if (customId.startsWith('MJ::Inpaint::')) return 'INPAINT';
  return undefined;
}

/** `/mj/submit/change`'s actions and the letter `/mj/submit/simple-change` uses for each ("1320098173412546 U2"). */
const CHANGE_ACTIONS: Readonly<Record<string, MjAction>> = { UPSCALE: 'UPSCALE', VARIATION: 'VARIATION', REROLL: 'REROLL' };
const SIMPLE_CHANGE_LETTERS: Readonly<Record<string, MjAction>> = { U: 'UPSCALE', V: 'VARIATION', R: 'REROLL' };

export function changeAction(body: MjBody): MjAction {
  const action = CHANGE_ACTIONS[typeof body.action === 'string' ? body.action.toUpperCase() : ''];
  if (!action) throw new RelayError(400, 'action 必须是 UPSCALE、VARIATION 或 REROLL', 'invalid_request_error', 'invalid_request');
  if (action !== 'REROLL') {
    const index = body.index;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 1 || index > 4) {
      throw new RelayError(400, 'index 必须是 1 到 4 的整数', 'invalid_request_error', 'invalid_request');
    }
  }
  return action;
}

/** `content` of simple-change: "<task id> U1" (U/V 1–4, or R). */
export function parseSimpleChange(content: string): { taskId: string; action: MjAction; index?: number } {
  const match = /^\s*(\S+)\s+([UVR])([1-4])?\s*$/i.exec(content);
  const letter = match?.[2].toUpperCase();
  if (!match || (letter !== 'R' && !match[3])) throw new RelayError(400, 'content 格式应为「任务ID U1」（U/V 加 1–4，或 R）', 'invalid_request_error', 'invalid_request');
  return { taskId: match[1], action: SIMPLE_CHANGE_LETTERS[letter!], index: match[3] ? Number(match[3]) : undefined };
}

export const modelOfAction = (action: MjAction): string => MJ_ACTION_MODELS[action];

/** Reads a submit reply; throws when it is not one. */
export function readSubmitReply(text: string): MjSubmitReply {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('上游返回了无法解析的响应');
  }
  if (!isObject(parsed) || typeof parsed.code !== 'number') throw new Error('上游返回了无法解析的响应');
  return {
    code: parsed.code,
    description: typeof parsed.description === 'string' ? parsed.description : '',
    result: parsed.result,
    properties: isObject(parsed.properties) ? parsed.properties : {},
  };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const millis = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : undefined);

/** One task as the upstream describes it (fetch, list-by-condition, notify); undefined for anything else. */
export function stateOfMjTask(task: unknown): UpstreamTaskState | undefined {
  if (!isObject(task) || (typeof task.id !== 'string' && typeof task.id !== 'number')) return undefined;
  const status = STATUSES[text(task.status)] ?? TASK_STATUS.UNKNOWN;
  const cancelled = task.status === 'CANCEL';
  const imageUrls = Array.isArray(task.imageUrls) ? task.imageUrls.map((item) => (isObject(item) ? text(item.url) : text(item))).filter(Boolean) : [];
  return {
    upstreamId: String(task.id),
    status,
    progress: text(task.progress),
    failReason: text(task.failReason) || (cancelled ? '任务已取消' : ''),
    imageUrl: text(task.imageUrl),
    promptEn: text(task.promptEn),
    description: text(task.description),
    result: { buttons: Array.isArray(task.buttons) ? task.buttons : [], image_urls: imageUrls.slice(0, 4), properties: isObject(task.properties) ? task.properties : {} },
    startTime: millis(task.startTime),
    finishTime: millis(task.finishTime),
  };
}

interface MjResult {
  buttons?: unknown[];
  image_urls?: string[];
  properties?: Record<string, unknown>;
}

export const resultOf = (task: TaskRow): MjResult => (isObject(task.result) ? (task.result as MjResult) : {});

/** A task as midjourney-proxy's fetch answers it, with the gateway's id and image address. */
export function mjTaskView(task: TaskRow, imageUrl: string): Record<string, unknown> {
  const result = resultOf(task);
  return {
    id: task.public_id,
    action: task.action,
    customId: '',
    botType: '',
    prompt: task.prompt,
    promptEn: task.prompt_en,
    description: task.description,
    state: task.state,
    submitTime: Number(task.submit_time),
    startTime: Number(task.start_time),
    finishTime: Number(task.finish_time),
    imageUrl,
    status: task.status || TASK_STATUS.NOT_START,
    progress: task.progress || '0%',
    failReason: task.fail_reason,
    buttons: result.buttons ?? [],
    properties: result.properties ?? {},
  };
}
