import type { TopupOrderView } from '@gw/shared';
import type { ListPage } from '../common/paging';
import type { TopupOrderEntity } from './topup-order.entity';

export type TopupOrderPage = ListPage<TopupOrderView>;

export function toTopupOrderView(order: TopupOrderEntity, username?: string): TopupOrderView {
  return {
    id: order.id,
    user_id: order.user_id,
    ...(username === undefined ? {} : { username }),
    trade_no: order.trade_no,
    payment_method: order.payment_method,
    amount: order.amount,
    quota: order.quota,
    // Fen to yuan: the division by 100 of an integer is exact to two decimals once printed.
    money: order.money_cents / 100,
    status: order.status,
    created_at: order.created_at,
    paid_at: order.paid_at,
    completed_via: order.completed_via,
  };
}
