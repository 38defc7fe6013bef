/**
 * Async tasks (spec 2 §3 Drawing task and Async task, §4): Midjourney drawings and Suno music,
 * submitted through the relay and followed until they end.
 */

/** The providers a task runs on. A later video provider adds its name here. */
export const TASK_PLATFORM = { MIDJOURNEY: 'midjourney', SUNO: 'suno' } as const;
export type TaskPlatform = (typeof TASK_PLATFORM)[keyof typeof TASK_PLATFORM];

/**
 * Task status (spec 2 §4). Empty means still being submitted. SUCCESS and FAILURE are final: a
 * task reaches one of them once, and only then is it charged or refunded.
 */
export const TASK_STATUS = {
  SUBMITTING: '',
  NOT_START: 'NOT_START',
  SUBMITTED: 'SUBMITTED',
  QUEUED: 'QUEUED',
  IN_PROGRESS: 'IN_PROGRESS',
  MODAL: 'MODAL',
  UNKNOWN: 'UNKNOWN',
  SUCCESS: 'SUCCESS',
  FAILURE: 'FAILURE',
} as const;
export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];
export const FINAL_TASK_STATUSES: readonly TaskStatus[] = [TASK_STATUS.SUCCESS, TASK_STATUS.FAILURE];

/** Midjourney's submit result codes (spec 2 §4): 1 submitted, 21 waiting, 22 duplicate, 0 not submitted. */
export const MJ_SUBMIT_CODE = { NOT_SUBMITTED: 0, SUBMITTED: 1, WAITING: 21, DUPLICATE: 22 } as const;

/** Drawing actions (spec 2 §4) and the model each is priced as (ModelPrice; spec 2 §9 channel type model lists). */
export const MJ_ACTION_MODELS = {
  IMAGINE: 'mj_imagine',
  UPSCALE: 'mj_upscale',
  VARIATION: 'mj_variation',
  HIGH_VARIATION: 'mj_high_variation',
  LOW_VARIATION: 'mj_low_variation',
  PAN: 'mj_pan',
  DESCRIBE: 'mj_describe',
  BLEND: 'mj_blend',
  UPLOAD: 'mj_upload',
  SHORTEN: 'mj_shorten',
  REROLL: 'mj_reroll',
  INPAINT: 'mj_inpaint',
  ZOOM: 'mj_zoom',
  CUSTOM_ZOOM: 'mj_custom_zoom',
  MODAL: 'mj_modal',
  SWAP_FACE: 'swap_face',
} as const;
export type MjAction = keyof typeof MJ_ACTION_MODELS;

/** Music actions (spec 2 §4) and their models. */
export const SUNO_ACTION_MODELS = { MUSIC: 'suno_music', LYRICS: 'suno_lyrics' } as const;
export type SunoAction = keyof typeof SUNO_ACTION_MODELS;
