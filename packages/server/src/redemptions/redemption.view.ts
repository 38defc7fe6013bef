import type { ListPage } from '../common/paging';
import type { RedemptionEntity } from './redemption.entity';

/** A code as administrators see it (docs/console-api.md "Redemption codes"): the full code, never its hash or sealed form. */
export interface RedemptionView {
  id: number;
  name: string;
  key: string;
  status: number;
  quota: number;
  created_time: number;
  redeemed_time: number;
  used_user_id: number;
  expired_time: number;
}

export function toRedemptionView(code: RedemptionEntity, key: string): RedemptionView {
  return {
    id: code.id,
    name: code.name,
    key,
    status: code.status,
    quota: code.quota,
    created_time: code.created_time,
    redeemed_time: code.redeemed_time,
    used_user_id: code.used_user_id,
    expired_time: code.expired_time,
  };
}

export type RedemptionPage = ListPage<RedemptionView>;
