import { Message } from '@arco-design/web-react';
import { MSG_ADMIN_2FA_REQUIRED } from '@gw/shared';
import { useUserStore } from '@/stores/user';

/** Every console reply has this envelope (spec 1 §7). */
export interface ApiReply<T> {
  success: boolean;
  message: string;
  data: T;
}

/** An HTTP failure (status other than 2xx) with the server's message when it sent one. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Params = Record<string, string | number | boolean | undefined | null>;

interface RequestOptions {
  params?: Params;
  body?: unknown;
  /** Internal: set on the retry after a token refetch so that it happens only once. */
  retried?: boolean;
}

function buildUrl(path: string, params?: Params): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

/** The console's request headers (also sent by api/upload.ts with its multipart uploads). */
export function buildHeaders(path: string, hasBody: boolean): Headers {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  const user = useUserStore.getState().user;
  if (user) headers.set('New-Api-User', String(user.id));
  if (user?.token && (path.startsWith('/v1/') || path.startsWith('/relay/'))) {
    headers.set('Authorization', `Bearer ${user.token}`);
  }
  if (hasBody) headers.set('Content-Type', 'application/json');
  return headers;
}

async function readReply<T>(response: Response): Promise<ApiReply<T>> {
  const text = await response.text();
  try {
    return JSON.parse(text) as ApiReply<T>;
  } catch {
    return { success: false, message: text || response.statusText, data: undefined as T };
  }
}

/**
 * A 403 because administrators must enable 2FA first (TwoFactorRequiredForAdmins): a new access
 * token would not help, and fetching one would replace the user's token for nothing.
 */
async function needsTwoFactor(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  return (await readReply(response.clone())).message === MSG_ADMIN_2FA_REQUIRED;
}

/** The refetch in flight, shared so that several requests failing together reset the token once. */
let refetching: Promise<boolean> | null = null;

/**
 * On 401 or 403 the access token is refetched once (spec 1 §7); when that fails the stored user is
 * removed. Returns true when the original request should be retried.
 */
export function refetchTokenOnce(): Promise<boolean> {
  if (!useUserStore.getState().user) return Promise.resolve(false);
  refetching ??= refetchToken().finally(() => {
    refetching = null;
  });
  return refetching;
}

async function refetchToken(): Promise<boolean> {
  try {
    const response = await fetch('/api/user/token', { headers: buildHeaders('/api/user/token', false), credentials: 'same-origin' });
    const reply = await readReply<string>(response);
    if (response.ok && reply.success) {
      useUserStore.getState().patchUser({ token: reply.data });
      return true;
    }
  } catch {
    // fall through: the user is signed out below
  }
  useUserStore.getState().clearUser();
  return false;
}

/**
 * `Extra` types the top-level fields a few replies carry beside `data` (a channel test's `time`, a
 * balance update's `balance`); they are there only when the reply is a success.
 */
export async function request<T, Extra extends object = object>(method: string, path: string, options: RequestOptions = {}): Promise<ApiReply<T> & Extra> {
  const hasBody = options.body !== undefined;
  const response = await fetch(buildUrl(path, options.params), {
    method,
    headers: buildHeaders(path, hasBody),
    body: hasBody ? JSON.stringify(options.body) : undefined,
    credentials: 'same-origin',
  });
  if ((response.status === 401 || response.status === 403) && !options.retried && path !== '/api/user/token' && !(await needsTwoFactor(response))) {
    if (await refetchTokenOnce()) return request<T, Extra>(method, path, { ...options, retried: true });
  }
  const reply = await readReply<T>(response);
  if (!response.ok) throw new HttpError(response.status, reply.message || response.statusText);
  return reply as ApiReply<T> & Extra;
}

export const http = {
  get: <T, Extra extends object = object>(path: string, params?: Params) => request<T, Extra>('GET', path, { params }),
  post: <T, Extra extends object = object>(path: string, body?: unknown, params?: Params) => request<T, Extra>('POST', path, { body, params }),
  put: <T, Extra extends object = object>(path: string, body?: unknown, params?: Params) => request<T, Extra>('PUT', path, { body, params }),
  delete: <T, Extra extends object = object>(path: string, params?: Params) => request<T, Extra>('DELETE', path, { params }),
};

/** The text the generic handler shows for a failed request (spec 1 §8). */
export function describeError(error: unknown): string {
  if (error instanceof HttpError) {
    switch (error.status) {
      case 401:
        return '错误：未登录或登录已过期，请重新登录！';
      case 429:
        return '错误：请求次数过多，请稍后再试！';
      case 500:
        return '错误：服务器内部错误，请联系管理员！';
      case 405:
        return '本站仅作演示之用，无服务端！';
      default:
        return `错误：${error.message}`;
    }
  }
  return `错误：${error instanceof Error ? error.message : String(error)}`;
}

/**
 * The generic handler on request failure (spec 1 §8): shows the message; 401 goes back to the root.
 * A 401 when nobody is signed in any more (a request still under way at logout) says nothing and
 * goes nowhere: the user already left on purpose.
 */
export function showError(error: unknown): void {
  // TwoFactorRequiredForAdmins: lead the administrator to 个人设置, where 两步验证 is turned on.
  if (error instanceof HttpError && error.status === 403 && error.message === MSG_ADMIN_2FA_REQUIRED) {
    Message.warning(error.message);
    if (!window.location.pathname.startsWith('/setting')) window.location.href = '/setting?tab=personal#two-factor';
    return;
  }
  if (error instanceof HttpError && error.status === 401) {
    if (useUserStore.getState().user === null) return;
    useUserStore.getState().clearUser();
    Message.error(describeError(error));
    window.location.href = '/?expired=true';
    return;
  }
  Message.error(describeError(error));
}

/**
 * Runs a call and returns the whole reply when it is a success (for replies with top-level fields
 * beside data); otherwise shows the reply's message (or the generic handler's) and returns undefined.
 */
export async function callReply<R extends ApiReply<unknown>>(promise: Promise<R>): Promise<R | undefined> {
  try {
    const reply = await promise;
    if (reply.success) return reply;
    Message.error(reply.message);
  } catch (error) {
    showError(error);
  }
  return undefined;
}

/**
 * Runs a call and returns its data when the reply is a success; otherwise shows the reply's
 * message (or the generic handler's) and returns undefined.
 */
export async function call<T>(promise: Promise<ApiReply<T>>): Promise<T | undefined> {
  return (await callReply(promise))?.data;
}

/**
 * Like call, for calls whose reply carries no data (a success cannot be told from a failure by
 * data alone): shows the error the same way and returns whether the call succeeded.
 */
export async function callOk(promise: Promise<ApiReply<unknown>>): Promise<boolean> {
  return (await callReply(promise)) !== undefined;
}

/** For background loads whose failures are not shown: the data of a success, else undefined. */
export async function callQuietly<T>(promise: Promise<ApiReply<T>>): Promise<T | undefined> {
  try {
    const reply = await promise;
    return reply.success ? reply.data : undefined;
  } catch {
    return undefined;
  }
}
