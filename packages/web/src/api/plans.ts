import type { PlanFields, PlanView } from '@gw/shared';
import { http } from '@/api/http';

/** The plans on sale (enabled), for any signed-in user's wallet; lower `sort` first. */
export const listPlansOnSale = () => http.get<PlanView[]>('/api/subscription/plans');
/** Every plan not deleted (super administrators, 套餐管理). */
export const listPlans = () => http.get<PlanView[]>('/api/subscription/plan');
export const createPlan = (fields: PlanFields) => http.post<PlanView>('/api/subscription/plan', fields);
/** Replaces every field of the plan: a field left out takes its default again. */
export const updatePlan = (id: number, fields: PlanFields) => http.put<PlanView>(`/api/subscription/plan/${id}`, fields);
/** Puts the plan on or off sale; nothing else is sent or checked again. */
export const setPlanEnabled = (id: number, enabled: boolean) => http.put<PlanView>(`/api/subscription/plan/${id}/status`, { enabled });
/** Takes the plan off sale for good. */
export const deletePlan = (id: number) => http.delete<null>(`/api/subscription/plan/${id}`);

/** Every field of a plan as it is, for an update that changes only some of them (PUT replaces all). */
export function planFields(plan: PlanView): PlanFields {
  const { name, description, price_cny, price_usd, period, period_days, quota, group, limit_per_user, enabled, sort } = plan;
  return { name, description, price_cny, price_usd, period, period_days, quota, group, limit_per_user, enabled, sort };
}
