import type { TopupOrderView } from '@gw/shared';
import type { ListPage } from '../common/paging';
import type { TopupOrderEntity } from './topup-order.entity';

export type TopupOrderPage = ListPage<TopupOrderView>;

/** The columns of an order that its view shows: an entity, or a row of the top-up history's query. */
export type ShownOrderFields = Pick<
  TopupOrderEntity,
  'id' | 'user_id' | 'trade_no' | 'payment_method' | 'amount' | 'quota' | 'money_cents' | 'currency' | 'status' | 'created_at' | 'paid_at' | 'completed_via' | 'plan_id'
>;

/** `planName`: the plan's name, for an order that buys one (plan_id > 0). */
export function toTopupOrderView(order: ShownOrderFields, username?: string, planName?: string): TopupOrderView {
  return {
    source: 'order',
    id: order.id,
    user_id: order.user_id,
    ...(username === undefined ? {} : { username }),
    trade_no: order.trade_no,
    payment_method: order.payment_method,
    amount: order.amount,
    quota: order.quota,
    // Fen to yuan (cents to dollars): the division by 100 of an integer is exact to two decimals once printed.
    money: order.money_cents / 100,
    currency: order.currency,
    status: order.status,
    created_at: order.created_at,
    paid_at: order.paid_at,
    completed_via: order.completed_via,
    ...(order.plan_id > 0 ? { plan_id: order.plan_id, plan_name: planName ?? '' } : {}),
  };
}
