import { DATA_SEARCH_DEBOUNCE_MS, MSG_PROJECT_TITLE_REQUIRED, PROJECT_DESCRIPTION_MAX_LENGTH, PROJECT_TITLE_MAX_LENGTH, USER_FILE_TYPES, type ProjectStatus } from '@gw/shared';
import { HttpError, showError, type ApiReply } from '@/api/http';
import { Message } from '@arco-design/web-react';

/** The search boxes of both tabs wait as long as the data market's (spec 3 §2.5 asks only for "search"). */
export const WORKFLOW_SEARCH_DEBOUNCE_MS = DATA_SEARCH_DEBOUNCE_MS;

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = { stopped: '已停止', running: '运行中', draft: '草稿' };
export const PROJECT_STATUS_COLORS: Record<ProjectStatus, string> = { stopped: 'gray', running: 'green', draft: 'orangered' };

export const statusLabel = (status: string): string => PROJECT_STATUS_LABELS[status as ProjectStatus] ?? status;
export const statusColor = (status: string): string => PROJECT_STATUS_COLORS[status as ProjectStatus] ?? 'gray';

/** Unix seconds as a local date and time; '—' for none. */
export const formatTime = (seconds: number): string => (seconds > 0 ? new Date(seconds * 1000).toLocaleString('zh-CN', { hour12: false }) : '—');

/** The project form's checks; the server checks the same bounds. */
export function checkTitle(value: string | undefined): string | undefined {
  const title = (value ?? '').trim();
  if (title === '') return MSG_PROJECT_TITLE_REQUIRED;
  if (title.length > PROJECT_TITLE_MAX_LENGTH) return `项目名称不能超过 ${PROJECT_TITLE_MAX_LENGTH} 个字符`;
  return undefined;
}

export function checkDescription(value: string | undefined): string | undefined {
  if ((value ?? '').length > PROJECT_DESCRIPTION_MAX_LENGTH) return `项目描述不能超过 ${PROJECT_DESCRIPTION_MAX_LENGTH} 个字符`;
  return undefined;
}

/** The accept list of the file library's picker, and whether a file's name has one of the types. */
export const USER_FILE_ACCEPT = USER_FILE_TYPES.map((type) => `.${type}`).join(',');
export const hasUserFileType = (name: string): boolean => (USER_FILE_TYPES as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');

/** A refusal's toast: the catalogue's message, with the server's reason when it gave one. */
export function failureText(fallback: string, message: string | undefined): string {
  if (!message || message === fallback) return fallback;
  if (message.startsWith(fallback)) return message;
  return `${fallback}：${message}`;
}

/**
 * Runs a call: the data of a success; otherwise an error toast with the catalogue's message (and the
 * server's reason) and undefined. An expired session goes through the generic handler.
 */
export async function runCall<T>(promise: Promise<ApiReply<T>>, fallback: string): Promise<{ data: T; message: string } | undefined> {
  try {
    const reply = await promise;
    if (reply.success) return { data: reply.data, message: reply.message };
    Message.error(failureText(fallback, reply.message));
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) showError(error);
    else Message.error(fallback);
  }
  return undefined;
}
