import { ROLE_ROOT } from '@gw/shared';
import type { AdminUser } from '@/api/users-admin';
import { canManageSessions, type Viewer } from './user-view';

/**
 * Whether 重置两步验证 is offered: a super administrator, on a user with 2FA on whom it outranks
 * (the same rule as the devices of canManageSessions). Cosmetic; the server enforces.
 */
export const canResetTwoFactor = (viewer: Viewer, target: AdminUser): boolean =>
  viewer.role >= ROLE_ROOT && Boolean(target.two_factor_enabled) && canManageSessions(viewer, target);
