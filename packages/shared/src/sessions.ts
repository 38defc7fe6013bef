/**
 * Signed-in devices (issue 31): the sessions of an account, as the user (个人设置 → 登录设备) and
 * an administrator (用户管理 → 登录设备) see them. The calls are listed in docs/console-api.md
 * "Signed-in devices".
 */

/** What kind of device a session's browser runs on, read from its user agent. */
export const SESSION_DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'unknown'] as const;
export type SessionDeviceType = (typeof SESSION_DEVICE_TYPES)[number];

/** The device kinds as the console names them. */
export const SESSION_DEVICE_LABELS: Record<SessionDeviceType, string> = {
  desktop: '电脑',
  mobile: '手机',
  tablet: '平板',
  unknown: '未知设备',
};

/** One live session. `id` is a public id of its own: the session's secret never leaves the server. */
export interface SessionView {
  id: string;
  /** Browser and version, e.g. "Chrome 120"; '' when the user agent says nothing known. */
  browser: string;
  /** Operating system and version, e.g. "Windows 10"; '' when unknown. */
  os: string;
  device: SessionDeviceType;
  ip: string;
  /** Unix seconds: sign-in. */
  created_at: number;
  /** Unix seconds: the last request seen (kept to within a few minutes). */
  last_seen_at: number;
  /** The session of the browser asking. */
  current: boolean;
}

/** The public id of a session: letters, digits, '-' and '_' (base64url). */
export const SESSION_PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export const MSG_SESSION_NOT_FOUND = '登录设备不存在或已退出';
export const MSG_SESSION_ENDED = '已退出该设备';
export const MSG_CURRENT_SESSION_ENDED = '已退出当前设备，请重新登录';
export const MSG_OTHER_SESSIONS_ENDED = '已退出其他所有设备';
export const MSG_USER_SESSIONS_ENDED = '已退出该用户的所有设备';
