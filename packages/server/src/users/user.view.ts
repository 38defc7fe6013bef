import type { UserEntity } from './user.entity';

/** The user as the console sees it (spec 1 §3 User): no password hash, no access token. */
export interface UserView {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  group: string;
  email: string;
  github_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  oidc_id: string;
  quota: number;
  used_quota: number;
  request_count: number;
  aff_code: string;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  inviter_id: number;
  created_at: number;
}

export function toUserView(user: UserEntity): UserView {
  return {
    id: user.id,
    username: user.username,
    display_name: user.display_name,
    role: user.role,
    status: user.status,
    group: user.group,
    email: user.email,
    github_id: user.github_id,
    wechat_id: user.wechat_id,
    telegram_id: user.telegram_id,
    linux_do_id: user.linux_do_id,
    oidc_id: user.oidc_id ?? '',
    quota: user.quota,
    used_quota: user.used_quota,
    request_count: user.request_count,
    aff_code: user.aff_code ?? '',
    aff_count: user.aff_count,
    aff_quota: user.aff_quota,
    aff_history_quota: user.aff_history_quota,
    inviter_id: user.inviter_id ?? 0,
    created_at: user.created_at,
  };
}
