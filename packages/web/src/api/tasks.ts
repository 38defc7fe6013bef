import { http } from '@/api/http';
import type { Page } from '@/api/tokens';

/**
 * A Midjourney-style drawing task (spec 2 §3 Drawing task). Times are unix seconds, 0 until the
 * step happened. The fields marked admin-only are absent from GET /api/mj/self/.
 */
export interface DrawingTask {
  id: number;
  /** The public task id. */
  mj_id: string;
  action: string;
  /** Submit result (spec 2 §4): 1 submitted, 21 waiting, 22 duplicate, 0 not submitted. */
  code: number;
  /** '' while the task is being submitted. */
  status: string;
  /** "0%" … "100%". */
  progress: string;
  prompt: string;
  prompt_en: string;
  description: string;
  /** '' until there is an image. */
  image_url: string;
  /** The split images (up to 4); may be empty. */
  image_urls: string[];
  fail_reason: string;
  quota: number;
  submit_time: number;
  start_time: number;
  finish_time: number;
  /** Admin only. */
  channel_id?: number;
  /** Admin only. */
  user_id?: number;
  /** Admin only. */
  username?: string;
}

/** One generated song of a MUSIC task. */
export interface MusicClip {
  id: string;
  title: string;
  audio_url: string;
  image_url: string;
  video_url: string;
  /** Seconds. */
  duration: number;
}

/** The result of a LYRICS task. */
export interface Lyrics {
  title: string;
  text: string;
}

/** An async task (spec 2 §3 Async task), platform Suno. Times as in DrawingTask. */
export interface AsyncTask {
  id: number;
  /** The public task id. */
  task_id: string;
  platform: string;
  /** MUSIC or LYRICS. */
  action: string;
  /** '' while the task is being submitted. */
  status: string;
  progress: string;
  fail_reason: string;
  quota: number;
  submit_time: number;
  start_time: number;
  finish_time: number;
  /** MUSIC: a list of clips; LYRICS: one lyrics object; null before there is a result. Read through pages/task/task-result. */
  data: unknown;
  /** Admin only. */
  channel_id?: number;
  /** Admin only. */
  user_id?: number;
  /** Admin only. */
  username?: string;
}

/** The filters of both task pages; timestamps in unix seconds, 0 or '' for "any". */
export interface TaskFilters {
  task_id: string;
  /** Admins only: a channel id, '' for any. */
  channel_id: string;
  start_timestamp: number;
  end_timestamp: number;
}

type Query = Record<string, string | number>;

/**
 * The query of a task list: the task id goes under the name its endpoint uses (mj_id or task_id),
 * empty filters are left out, and a user never sends the admin-only channel.
 */
function taskQuery(idParam: 'mj_id' | 'task_id', filters: TaskFilters, isAdmin: boolean): Query {
  const query: Query = {};
  if (filters.task_id.trim() !== '') query[idParam] = filters.task_id.trim();
  if (isAdmin && filters.channel_id.trim() !== '') query.channel_id = filters.channel_id.trim();
  if (filters.start_timestamp) query.start_timestamp = filters.start_timestamp;
  if (filters.end_timestamp) query.end_timestamp = filters.end_timestamp;
  return query;
}

/** GET /api/mj/ (every user's tasks, admin) or /api/mj/self/; `p` is the zero-based page index. */
export const listDrawingTasks = (isAdmin: boolean, filters: TaskFilters, p: number, pageSize: number) =>
  http.get<Page<DrawingTask>>(isAdmin ? '/api/mj/' : '/api/mj/self/', { ...taskQuery('mj_id', filters, isAdmin), p, page_size: pageSize });

/** GET /api/task/ (every user's tasks, admin) or /api/task/self; `p` is the zero-based page index. */
export const listAsyncTasks = (isAdmin: boolean, filters: TaskFilters, p: number, pageSize: number) =>
  http.get<Page<AsyncTask>>(isAdmin ? '/api/task/' : '/api/task/self', { ...taskQuery('task_id', filters, isAdmin), p, page_size: pageSize });
