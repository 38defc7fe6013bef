import { http } from '@/api/http';
import type { Page } from '@/api/tokens';

/** A user as the user management page sees it (spec 2 §3 User (admin view), plus the admin's remark). */
export interface AdminUser {
  id: number;
  username: string;
  display_name: string;
  group: string;
  quota: number;
  used_quota: number;
  request_count: number;
  aff_count: number;
  /** Invitation earnings not yet transferred to the balance. */
  aff_quota?: number;
  aff_history_quota: number;
  /** Who invited the user; 0 for nobody. */
  inviter_id: number;
  /** 1 ordinary, 10 administrator, 100 super administrator (spec 2 §4). */
  role: number;
  /** 1 active, 2 banned (spec 2 §4). */
  status: number;
  /** When the account was deregistered (unix seconds); null while it exists. */
  DeletedAt?: number | null;
  github_id?: string;
  wechat_id?: string;
  telegram_id?: string;
  linux_do_id?: string;
  oidc_id?: string;
  email?: string;
  remark?: string;
  /** Whether two-factor sign-in is on (重置两步验证). */
  two_factor_enabled?: boolean;
}

/** Search by keyword (id, username, display name, e-mail) and group; both empty is the plain list. */
export interface UserSearch {
  keyword: string;
  group: string;
}

export interface NewUser {
  username: string;
  display_name: string;
  password: string;
}

/**
 * PUT /api/user/: absent fields stay as they are. `password` only when it changes; `quota` the new
 * balance, an integer, only when it changes. One's own profile is edited here too (name and password).
 */
export interface UserUpdate {
  id: number;
  username?: string;
  display_name?: string;
  password?: string;
  group?: string;
  quota?: number;
  remark?: string;
}

/** What POST /api/user/manage answers: the user's state after the action. */
export interface ManagedState {
  status: number;
  role: number;
  DeletedAt?: number | null;
}

export type ManageAction = 'promote' | 'demote' | 'disable' | 'enable' | 'delete';

/** `p` is the zero-based page index. */
export const listUsers = (p: number, pageSize: number) => http.get<Page<AdminUser>>('/api/user/', { p, page_size: pageSize });
export const searchUsers = ({ keyword, group }: UserSearch, p: number, pageSize: number) =>
  http.get<Page<AdminUser>>('/api/user/search', { keyword, group, p, page_size: pageSize });
export const getAdminUser = (id: number) => http.get<AdminUser>(`/api/user/${id}`);
export const createUser = (user: NewUser) => http.post<null>('/api/user/', user);
export const updateUser = (update: UserUpdate) => http.put<AdminUser>('/api/user/', update);
export const manageUser = (id: number, action: ManageAction) => http.post<ManagedState>('/api/user/manage', { id, action });
