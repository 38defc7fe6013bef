import type { PaymentMethod, PlanFields, PlanPayFields, PlanView, StripeCheckoutView, SubscriptionView } from '@gw/shared';
import { http } from '@/api/http';
import type { PaymentForm } from '@/api/topup';

/** The plans on sale (enabled), for any signed-in user's wallet; lower `sort` first. */
export const listPlansOnSale = () => http.get<PlanView[]>('/api/subscription/plans');
/** Stores a pending order for one period of the plan and answers the Epay form that pays it, as POST /api/user/pay does. */
export const payForPlan = (planId: number, paymentMethod: PaymentMethod) =>
  http.post<Record<string, string>, PaymentForm>('/api/subscription/pay', { plan_id: planId, payment_method: paymentMethod } satisfies PlanPayFields);
/** Stores a pending card order for the plan and answers the Stripe Checkout page that pays it; Stripe then renews it each period. */
export const payForPlanByCard = (planId: number) => http.post<StripeCheckoutView>('/api/subscription/stripe/pay', { plan_id: planId });
/** The signed-in user's subscriptions, newest first. */
export const listSelfSubscriptions = () => http.get<SubscriptionView[]>('/api/subscription/self');
/** A card plan stops renewing; it runs to its end. */
export const cancelAutoRenew = (id: number) => http.post<SubscriptionView>(`/api/subscription/self/${id}/cancel`);
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
