/** Role thresholds of spec 1 §6 and §9. */
export const ROLE_GUEST = 0;
export const ROLE_COMMON = 1;
export const ROLE_ADMIN = 10;
export const ROLE_ROOT = 100;
/** The root administrator is user id 1 (edits release notes). */
export const ROOT_USER_ID = 1;
/**
 * Quota root starts with on a fresh install (new-api's 100,000,000, $200 at 500,000 a dollar): enough
 * for the operator to try a channel and the compare chat at once instead of first granting it to itself.
 */
export const ROOT_INITIAL_QUOTA = 100_000_000;

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
