import { describe, expect, it } from 'vitest';
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
  type PlanPeriod,
} from '@gw/shared';
import { defaultPlanForm, toPlanFields, validatePlanForm, type PlanFormValues } from './plan-form';

const form = (fields: Partial<PlanFormValues> = {}): PlanFormValues => ({ ...defaultPlanForm(), name: '基础版', priceCny: 29.9, quota: 5_000_000, ...fields });

describe(validatePlanForm.name, () => {
  it('starts monthly, enabled, without a limit, its prices and quota to be filled in', () => {
    expect(defaultPlanForm()).toMatchObject({ period: 'month', enabled: true, limitPerUser: 0, sort: 0, group: '', priceCny: undefined, priceUsd: undefined, quota: undefined });
    expect(validatePlanForm(form())).toBeNull();
  });

  it('needs a name of at most 50 characters and a description of at most 500', () => {
    expect(validatePlanForm(form({ name: '  ' }))).toBe(MSG_PLAN_NAME_REQUIRED);
    expect(validatePlanForm(form({ name: 'x'.repeat(51) }))).toBe(MSG_PLAN_NAME_TOO_LONG);
    expect(validatePlanForm(form({ name: 'x'.repeat(50), description: 'y'.repeat(500) }))).toBeNull();
    expect(validatePlanForm(form({ description: 'y'.repeat(501) }))).toBe(MSG_PLAN_DESCRIPTION_TOO_LONG);
  });

  it('takes prices of 0 to 10000000 with two decimals at most, one of them above 0', () => {
    for (const price of [-1, 10_000_000.01, 1.005, Number.NaN]) expect(validatePlanForm(form({ priceCny: price }))).toBe(MSG_PLAN_PRICE_INVALID);
    expect(validatePlanForm(form({ priceCny: undefined, priceUsd: 0 }))).toBe(MSG_PLAN_NO_PRICE);
    expect(validatePlanForm(form({ priceCny: 0, priceUsd: 0.29 }))).toBeNull();
    expect(validatePlanForm(form({ priceCny: 10_000_000 }))).toBeNull();
  });

  it('needs a known period, and 1 to 3650 days for a period of days', () => {
    expect(validatePlanForm(form({ period: 'week' as PlanPeriod }))).toBe(MSG_PLAN_PERIOD_INVALID);
    for (const periodDays of [undefined, 0, 3651, 1.5]) expect(validatePlanForm(form({ period: 'days', periodDays }))).toBe(MSG_PLAN_DAYS_INVALID);
    expect(validatePlanForm(form({ period: 'days', periodDays: 3650 }))).toBeNull();
    expect(validatePlanForm(form({ period: 'year', periodDays: undefined }))).toBeNull();
  });

  it('needs a positive whole quota, a limit of 0 or more and a whole sort', () => {
    for (const quota of [undefined, 0, -5, 2.5]) expect(validatePlanForm(form({ quota }))).toBe(MSG_PLAN_QUOTA_INVALID);
    expect(validatePlanForm(form({ limitPerUser: -1 }))).toBe(MSG_PLAN_LIMIT_INVALID);
    expect(validatePlanForm(form({ limitPerUser: undefined, sort: undefined }))).toBeNull();
    expect(validatePlanForm(form({ sort: 1.5 }))).toBe(MSG_PLAN_SORT_INVALID);
    expect(validatePlanForm(form({ sort: -3 }))).toBeNull();
  });
});

describe(toPlanFields.name, () => {
  it('sends trimmed texts, empty numbers as 0 and days only for a period of days', () => {
    expect(toPlanFields(form({ name: ' 基础版 ', description: ' 入门 ', periodDays: 30, limitPerUser: undefined, sort: undefined }))).toEqual({
      name: '基础版',
      description: '入门',
      price_cny: 29.9,
      price_usd: 0,
      period: 'month',
      period_days: 0,
      quota: 5_000_000,
      group: '',
      limit_per_user: 0,
      enabled: true,
      sort: 0,
    });
    expect(toPlanFields(form({ period: 'days', periodDays: 45 })).period_days).toBe(45);
  });
});
