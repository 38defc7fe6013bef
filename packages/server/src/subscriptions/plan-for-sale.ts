import { MSG_PLAN_LIMIT_REACHED, MSG_PLAN_NOT_FOUND, MSG_PLAN_NOT_ON_SALE } from '@gw/shared';
import type { Repository } from 'typeorm';
import { BusinessError } from '../common/business.error';
import type { TopupOrderEntity } from '../payments/topup-order.entity';
import type { PlanEntity } from './plan.entity';

/**
 * The plan a user may buy now, whatever the payment: it exists, is on sale, and the user has not
 * reached its limit. The limit counts the plan's paid orders when the order is made: two orders
 * paid at once may pass it by one, and both are honoured (the money was paid).
 */
export async function planForSale(plans: Repository<PlanEntity>, orders: Repository<TopupOrderEntity>, userId: number, planId: number): Promise<PlanEntity> {
  const plan = await plans.findOneBy({ id: planId });
  if (!plan || plan.deleted_at !== null) throw new BusinessError(MSG_PLAN_NOT_FOUND);
  if (!plan.enabled) throw new BusinessError(MSG_PLAN_NOT_ON_SALE);
  if (plan.limit_per_user > 0) {
    const bought = await orders.countBy({ user_id: userId, plan_id: plan.id, status: 'paid' });
    if (bought >= plan.limit_per_user) throw new BusinessError(MSG_PLAN_LIMIT_REACHED(plan.limit_per_user));
  }
  return plan;
}
