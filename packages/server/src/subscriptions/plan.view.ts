import type { PlanView } from '@gw/shared';
import type { PlanEntity } from './plan.entity';

/** Cents as the console shows money: yuan or dollars, exact to two decimals. */
export const fromCents = (cents: number): number => cents / 100;

export const toPlanView = (row: PlanEntity): PlanView => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price_cny: fromCents(row.price_cny_cents),
  price_usd: fromCents(row.price_usd_cents),
  period: row.period,
  period_days: row.period_days,
  quota: row.quota,
  group: row.group,
  limit_per_user: row.limit_per_user,
  enabled: row.enabled,
  sort: row.sort,
  created_at: row.created_at,
  updated_at: row.updated_at,
});
