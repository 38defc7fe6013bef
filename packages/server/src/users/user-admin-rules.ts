import { ROLE_ADMIN, ROLE_COMMON, ROLE_ROOT, ROOT_USER_ID } from '@gw/shared';

/** What an administrator does to a user: the actions of POST /api/user/manage, and the parts of an edit (PUT /api/user/). */
export type UserAdminAction = 'promote' | 'demote' | 'disable' | 'enable' | 'delete' | 'edit' | 'quota' | 'group';

export interface Party {
  id: number;
  role: number;
}

/** The roles an account climbs through by promotion, lowest first (spec 2 §4). */
const ROLE_LADDER = [ROLE_COMMON, ROLE_ADMIN, ROLE_ROOT] as const;

export const MSG_NOT_LOWER = '无权操作同级或更高权限的用户';
export const MSG_PROMOTE_TOO_HIGH = '无法将用户提升到与自己相同或更高的权限';
export const MSG_ALREADY_HIGHEST = '该用户已经是超级管理员';
export const MSG_ALREADY_LOWEST = '该用户已经是普通用户';
export const MSG_ROOT_PROTECTED = '无法对 root 用户执行此操作';
export const MSG_OWN_QUOTA = '不能修改自己的额度';
export const MSG_OWN_GROUP = '不能修改自己的分组';

/** Root (user id 1) outranks every role, super administrators included; anyone else ranks by role. */
const rankOf = (party: Party): number => (party.id === ROOT_USER_ID ? Number.POSITIVE_INFINITY : party.role);

export const promotedRole = (role: number): number | undefined => ROLE_LADDER.find((step) => step > role);
export const demotedRole = (role: number): number | undefined => [...ROLE_LADDER].reverse().find((step) => step < role);

/**
 * Why `actor` may not do `action` to `target`, or undefined when it may (docs/security.md
 * "User management"). An administrator acts only on users it outranks and never raises anyone to
 * its own rank; root cannot be demoted, disabled or deleted; nobody changes their own role, group
 * or quota, except root its own quota. An edit of one's own name, password or remark is allowed.
 */
export function manageRefusal(actor: Party, target: Party, action: UserAdminAction): string | undefined {
  if (actor.id === target.id) {
    if (action === 'edit') return undefined;
    if (action === 'quota') return actor.id === ROOT_USER_ID ? undefined : MSG_OWN_QUOTA;
    if (action === 'group') return MSG_OWN_GROUP;
  }
  if (target.id === ROOT_USER_ID && (action === 'demote' || action === 'disable' || action === 'delete')) return MSG_ROOT_PROTECTED;
  if (rankOf(actor) <= rankOf(target)) return MSG_NOT_LOWER;
  if (action === 'promote') {
    const role = promotedRole(target.role);
    if (role === undefined) return MSG_ALREADY_HIGHEST;
    if (role >= rankOf(actor)) return MSG_PROMOTE_TOO_HIGH;
  }
  if (action === 'demote' && demotedRole(target.role) === undefined) return MSG_ALREADY_LOWEST;
  return undefined;
}
