import {
  MSG_PLAN_DAYS_INVALID,
  MSG_PLAN_DESCRIPTION_TOO_LONG,
  MSG_PLAN_LIMIT_INVALID,
  MSG_PLAN_NAME_REQUIRED,
  MSG_PLAN_NAME_TOO_LONG,
  MSG_PLAN_NO_PRICE,
  MSG_PLAN_PERIOD_INVALID,
  MSG_PLAN_PRICE_INVALID,
  MSG_PLAN_QUOTA_INVALID,
  MSG_PLAN_SORT_INVALID,
  PLAN_INT_MAX,
  planPriceCents,
  PLAN_DESCRIPTION_MAX_LENGTH,
  PLAN_MAX_DAYS,
  PLAN_NAME_MAX_LENGTH,
  PLAN_PERIODS,
  type PlanFields,
  type PlanPeriod,
  type PlanView,
} from '@gw/shared';

/** What the create/edit drawer edits; an emptied number input is undefined. */
export interface PlanFormValues {
  name: string;
  description: string;
  /** Empty or 0: not sold for yuan. */
  priceCny: number | undefined;
  /** Empty or 0: not sold for dollars. */
  priceUsd: number | undefined;
  period: PlanPeriod;
  /** Used when the period is 'days' only. */
  periodDays: number | undefined;
  quota: number | undefined;
  /** '' keeps the subscriber's own group. */
  group: string;
  /** Empty or 0: no limit. */
  limitPerUser: number | undefined;
  enabled: boolean;
  /** Empty counts as 0. */
  sort: number | undefined;
}

export function defaultPlanForm(): PlanFormValues {
  return {
    name: '',
    description: '',
    priceCny: undefined,
    priceUsd: undefined,
    period: 'month',
    periodDays: undefined,
    quota: undefined,
    group: '',
    limitPerUser: 0,
    enabled: true,
    sort: 0,
  };
}

/** The drawer's values for an existing plan. */
export function planToForm(plan: PlanView): PlanFormValues {
  return {
    name: plan.name,
    description: plan.description,
    priceCny: plan.price_cny,
    priceUsd: plan.price_usd,
    period: plan.period,
    periodDays: plan.period === 'days' ? plan.period_days : undefined,
    quota: plan.quota,
    group: plan.group,
    limitPerUser: plan.limit_per_user,
    enabled: plan.enabled,
    sort: plan.sort,
  };
}

/** As the server checks a price (planPriceCents, shared). */
const isPrice = (value: number): boolean => planPriceCents(value) !== null;

const isWhole = (value: number | undefined, min: number, max = Number.MAX_SAFE_INTEGER) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** The server's rules with its messages, in the form's order; the first problem, or null. */
export function validatePlanForm(form: PlanFormValues): string | null {
  const name = form.name.trim();
  if (name === '') return MSG_PLAN_NAME_REQUIRED;
  if (name.length > PLAN_NAME_MAX_LENGTH) return MSG_PLAN_NAME_TOO_LONG;
  if (form.description.trim().length > PLAN_DESCRIPTION_MAX_LENGTH) return MSG_PLAN_DESCRIPTION_TOO_LONG;
  const prices = [form.priceCny ?? 0, form.priceUsd ?? 0];
  if (!prices.every(isPrice)) return MSG_PLAN_PRICE_INVALID;
  if (prices.every((price) => Math.round(price * 100) === 0)) return MSG_PLAN_NO_PRICE;
  if (!PLAN_PERIODS.includes(form.period)) return MSG_PLAN_PERIOD_INVALID;
  if (form.period === 'days' && !isWhole(form.periodDays, 1, PLAN_MAX_DAYS)) return MSG_PLAN_DAYS_INVALID;
  if (!isWhole(form.quota, 1)) return MSG_PLAN_QUOTA_INVALID;
  if (!isWhole(form.limitPerUser ?? 0, 0, PLAN_INT_MAX)) return MSG_PLAN_LIMIT_INVALID;
  if (!isWhole(form.sort ?? 0, -PLAN_INT_MAX, PLAN_INT_MAX)) return MSG_PLAN_SORT_INVALID;
  return null;
}

/** The API fields of a validated form: trimmed texts, empty numbers as 0, days only for a period of days. */
export function toPlanFields(form: PlanFormValues): PlanFields {
  return {
    name: form.name.trim(),
    description: form.description.trim(),
    price_cny: form.priceCny ?? 0,
    price_usd: form.priceUsd ?? 0,
    period: form.period,
    period_days: form.period === 'days' ? (form.periodDays ?? 0) : 0,
    quota: form.quota ?? 0,
    group: form.group,
    limit_per_user: form.limitPerUser ?? 0,
    enabled: form.enabled,
    sort: form.sort ?? 0,
  };
}
