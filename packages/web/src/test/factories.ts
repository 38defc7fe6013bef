import type { PlanView, SubscriptionView } from '@gw/shared';
import type { User } from '@/stores/user';

/** A signed-in user for tests; role 1 (common) unless overridden. */
export function makeUser(fields: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'alice',
    role: 1,
    quota: 0,
    used_quota: 0,
    request_count: 0,
    group: 'default',
    aff_quota: 0,
    aff_history_quota: 0,
    aff_count: 0,
    ...fields,
  };
}

/** A fetch reply in the console envelope. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A subscription plan for tests: ¥29.90 a month for 5 000 000 quota ($10), enabled. */
export function makePlan(fields: Partial<PlanView> = {}): PlanView {
  return {
    id: 1,
    name: '基础版',
    description: '',
    price_cny: 29.9,
    price_usd: 0,
    period: 'month',
    period_days: 0,
    quota: 5_000_000,
    group: '',
    limit_per_user: 0,
    enabled: true,
    sort: 0,
    created_at: 1_900_000_000,
    updated_at: 1_900_000_000,
    ...fields,
  };
}

/** A subscription for tests: 基础版 (plan 1) active, $10 a period with $4 used, bought once. */
export function makeSubscription(fields: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    id: 1,
    plan_id: 1,
    plan_name: '基础版',
    status: 'active',
    provider: 'epay',
    group: '',
    period_quota: 5_000_000,
    period_used: 2_000_000,
    quota_left: 3_000_000,
    period_start: 1_900_000_000,
    period_end: 1_902_592_000,
    starts_at: 1_900_000_000,
    expires_at: 1_902_592_000,
    renewals: 0,
    auto_renew: false,
    created_at: 1_900_000_000,
    ...fields,
  };
}
