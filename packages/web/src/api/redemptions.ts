import type { RedemptionStatus, RedemptionToggleStatus } from '@gw/shared';
import { http } from '@/api/http';
import type { Page } from '@/api/tokens';

/** The fields an administrator sets on a code. */
export interface RedemptionFields {
  name: string;
  quota: number;
  /** Unix seconds, or 0 for never. */
  expired_time: number;
}

/** A code as the server returns it to administrators; `key` is the full code. */
export interface Redemption extends RedemptionFields {
  id: number;
  key: string;
  status: RedemptionStatus;
  created_time: number;
  /** Unix seconds; 0 while unused. */
  redeemed_time: number;
  /** 0 while unused. */
  used_user_id: number;
}

/** `p` is the zero-based page index; newest first. */
export const listRedemptions = (p: number, pageSize: number) => http.get<Page<Redemption>>('/api/redemption/', { p, page_size: pageSize });
/** `keyword` matches the id (exactly, when numeric) or the name (contains). */
export const searchRedemptions = (keyword: string, p: number, pageSize: number) =>
  http.get<Page<Redemption>>('/api/redemption/search', { keyword, p, page_size: pageSize });
/** Creates `count` codes (1–100); the reply holds the new codes, which are shown only this once. */
export const createRedemptions = (fields: RedemptionFields, count: number) => http.post<string[]>('/api/redemption/', { ...fields, count });
/** Only while the code is unused. */
export const updateRedemption = (id: number, fields: RedemptionFields) => http.put<Redemption>('/api/redemption/', { id, ...fields });
/** Enabling or disabling a used code is refused. */
export const updateRedemptionStatus = (id: number, status: RedemptionToggleStatus) =>
  http.put<Redemption>('/api/redemption/', { id, status }, { status_only: true });
export const deleteRedemption = (id: number) => http.delete<null>(`/api/redemption/${id}/`);
