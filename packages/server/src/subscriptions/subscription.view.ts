import type { SubscriptionView } from '@gw/shared';
import type { SubscriptionEntity } from './subscription.entity';

export function toSubscriptionView(row: SubscriptionEntity): SubscriptionView {
  return {
    id: row.id,
    plan_id: row.plan_id,
    plan_name: row.plan_name,
    status: row.status,
    provider: row.provider,
    group: row.group,
    period_quota: row.period_quota,
    period_used: row.period_used,
    quota_left: Math.max(row.period_quota - row.period_used, 0),
    period_start: row.period_start,
    period_end: row.period_end,
    starts_at: row.starts_at,
    expires_at: row.expires_at,
    renewals: row.renewals,
    auto_renew: row.auto_renew,
    created_at: row.created_at,
  };
}
