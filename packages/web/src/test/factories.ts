import type { PlanView } from '@gw/shared';
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
