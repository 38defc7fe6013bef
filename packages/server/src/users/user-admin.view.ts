import type { ListPage } from '../common/paging';
import type { UserEntity } from './user.entity';
import { toUserView, type UserView } from './user.view';

/**
 * A user as the user management page sees it (spec 2 §3 User (admin view)): the console's view of
 * a user (bound accounts and invitation figures included, the invitation earnings not yet
 * transferred too: a balance like the quota) without the invitation code, which is the user's to
 * hand out, plus the administrators' remark and the deregistration time. Never the password hash
 * or the access token.
 */
export type AdminUserView = Omit<UserView, 'aff_code'> & {
  remark: string;
  /** When the account was deregistered (unix seconds); null while it exists. The spec's name. */
  DeletedAt: number | null;
  /** Whether two-factor sign-in is on (the 重置两步验证 action). */
  two_factor_enabled: boolean;
};

export function toAdminUserView(user: UserEntity, twoFactorEnabled = false): AdminUserView {
  const { aff_code: _affCode, ...view } = toUserView(user);
  return { ...view, remark: user.remark, DeletedAt: user.deleted_at, two_factor_enabled: twoFactorEnabled };
}

export type AdminUserPage = ListPage<AdminUserView>;

/** What POST /api/user/manage answers: the user's state after the action. */
export interface ManagedUserState {
  role: number;
  status: number;
  DeletedAt: number | null;
}
