import type { UserEntity } from './user.entity';

/**
 * A user as the user management page sees it (spec 2 §3 User (admin view)), with the
 * administrators' remark. Never the password hash or the access token.
 */
export interface AdminUserView {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  group: string;
  remark: string;
  email: string;
  github_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  quota: number;
  used_quota: number;
  request_count: number;
  aff_count: number;
  aff_history_quota: number;
  inviter_id: number;
  created_at: number;
  /** When the account was deregistered (unix seconds); null while it exists. The spec's name. */
  DeletedAt: number | null;
}

export function toAdminUserView(user: UserEntity): AdminUserView {
  return {
    id: user.id,
    username: user.username,
    display_name: user.display_name,
    role: user.role,
    status: user.status,
    group: user.group,
    remark: user.remark,
    email: user.email,
    github_id: user.github_id,
    wechat_id: user.wechat_id,
    telegram_id: user.telegram_id,
    linux_do_id: user.linux_do_id,
    quota: user.quota,
    used_quota: user.used_quota,
    request_count: user.request_count,
    aff_count: user.aff_count,
    aff_history_quota: user.aff_history_quota,
    inviter_id: user.inviter_id ?? 0,
    created_at: user.created_at,
    DeletedAt: user.deleted_at,
  };
}

export interface AdminUserPage {
  items: AdminUserView[];
  total: number;
  page: number;
  page_size: number;
}

/** What POST /api/user/manage answers: the user's state after the action. */
export interface ManagedUserState {
  role: number;
  status: number;
  DeletedAt: number | null;
}
