import { ROLE_ADMIN, ROLE_COMMON, ROLE_ROOT, ROOT_USER_ID, USER_STATUS_DISABLED, USER_STATUS_ENABLED } from '@gw/shared';
import type { AdminUser, ManageAction } from '@/api/users-admin';

/** The edit's password hint (spec 2 §5). */
export const PASSWORD_HINT = '至少 8 个字符';

/** Who is looking at the page: only id and role matter for what it offers. */
export interface Viewer {
  id: number;
  role: number;
}

export function roleLabel(role: number): string {
  if (role === ROLE_COMMON) return '普通用户';
  if (role === ROLE_ADMIN) return '管理员';
  if (role === ROLE_ROOT) return '超级管理员';
  return '未知身份';
}

export const roleColor = (role: number) => (role >= ROLE_ROOT ? 'red' : role >= ROLE_ADMIN ? 'orange' : 'gray');

export const isDeregistered = (user: AdminUser) => Boolean(user.DeletedAt);

export type UserState = 'active' | 'banned' | 'deregistered' | 'unknown';

export function userState(user: AdminUser): UserState {
  if (isDeregistered(user)) return 'deregistered';
  if (user.status === USER_STATUS_ENABLED) return 'active';
  if (user.status === USER_STATUS_DISABLED) return 'banned';
  return 'unknown';
}

export const STATE_TAGS: Record<UserState, { label: string; color: string }> = {
  active: { label: '已激活', color: 'green' },
  banned: { label: '已封禁', color: 'red' },
  deregistered: { label: '已注销', color: 'gray' },
  unknown: { label: '未知状态', color: 'gray' },
};

/** Roles an account climbs through by promotion, lowest first (spec 2 §4). */
const ROLE_LADDER = [ROLE_COMMON, ROLE_ADMIN, ROLE_ROOT];

/** Root (user id 1) outranks every role, super administrators included; anyone else ranks by role. */
const rankOf = (party: Viewer) => (party.id === ROOT_USER_ID ? Number.POSITIVE_INFINITY : party.role);

export const promotedRole = (role: number) => ROLE_LADDER.find((step) => step > role);
export const demotedRole = (role: number) => [...ROLE_LADDER].reverse().find((step) => step < role);

/** Whether the viewer may change the target at all: only users it outranks. Cosmetic; the server enforces. */
const outranks = (viewer: Viewer, target: AdminUser) => rankOf(viewer) > rankOf(target);

/** Whether the viewer may see and end the target's signed-in devices (登录设备): users it outranks, as the server's rule. */
export const canManageSessions = (viewer: Viewer, target: AdminUser) => outranks(viewer, target) && !isDeregistered(target);

/**
 * The row actions the viewer may use on the target: promotion one step up the ladder but never to
 * the viewer's own rank, demotion one step down, and nothing on a deregistered account.
 */
export function allowedActions(viewer: Viewer, target: AdminUser): Record<ManageAction, boolean> {
  const open = outranks(viewer, target) && !isDeregistered(target);
  const promoted = promotedRole(target.role);
  return {
    promote: open && promoted !== undefined && promoted < rankOf(viewer),
    demote: open && demotedRole(target.role) !== undefined,
    disable: open && target.status === USER_STATUS_ENABLED,
    enable: open && target.status !== USER_STATUS_ENABLED,
    delete: open,
  };
}

/**
 * How 编辑 opens for the target: the administrator's edit (group and quota too) for a lower role,
 * and for root (id 1) on itself; one's own profile for anyone else's own row; nothing otherwise.
 */
export function editMode(viewer: Viewer, target: AdminUser): 'admin' | 'self' | null {
  if (isDeregistered(target)) return null;
  if (target.id === viewer.id) return viewer.id === ROOT_USER_ID ? 'admin' : 'self';
  return outranks(viewer, target) ? 'admin' : null;
}

/**
 * The monitor dashboard for the user (spec 2 §6): userId, role and name; for a target of role 100
 * or more the user filter (userId) is left out.
 */
export function monitorLink(user: AdminUser): string {
  const params = new URLSearchParams();
  if (user.role < ROLE_ROOT) params.set('userId', String(user.id));
  params.set('role', String(user.role));
  params.set('name', user.username);
  return `/monitor?${params.toString()}`;
}

/** The balance after adding `amount` (which may be negative) to it, as the integer quota sent. */
export const balanceAfter = (quota: number, amount: number | undefined) => Math.trunc(quota + (amount ?? 0));
