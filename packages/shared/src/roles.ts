/** Role thresholds of spec 1 §6 and §9. */
export const ROLE_GUEST = 0;
export const ROLE_COMMON = 1;
export const ROLE_ADMIN = 10;
export const ROLE_ROOT = 100;
/** The root administrator is user id 1 (edits release notes). */
export const ROOT_USER_ID = 1;

export type AccessRule = 'public' | 'user' | 'admin' | 'root' | 'root-user';

/** True when a user with this role (and id) passes the rule. */
export function roleAllows(rule: AccessRule, role: number, userId?: number): boolean {
  switch (rule) {
    case 'public':
      return true;
    case 'user':
      return role >= ROLE_COMMON;
    case 'admin':
      return role >= ROLE_ADMIN;
    case 'root':
      return role >= ROLE_ROOT;
    case 'root-user':
      return role >= ROLE_ROOT && userId === ROOT_USER_ID;
  }
}

export const USER_STATUS_ENABLED = 1;
export const USER_STATUS_DISABLED = 2;
