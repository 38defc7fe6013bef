import type { TopupOrderView } from '@gw/shared';
import { call } from '@/api/http';
import { listAllOrders, listSelfOrders, type OrderFilter } from '@/api/topup';
import { useServerPage } from '@/lib/use-server-page';

export const EMPTY_FILTER: OrderFilter = { userId: 0, status: '' };

const loadSelfOrders = (_: null, page: number, size: number) => call(listSelfOrders(page, size));
const loadAllOrders = (filter: OrderFilter, page: number, size: number) => call(listAllOrders(filter, page, size));

/** The user's own orders (GET /api/user/topup/self). */
export function useSelfOrders() {
  return useServerPage<TopupOrderView, null>(null, loadSelfOrders);
}

/** Every user's orders with the administrators' filters (GET /api/user/topup/). */
export function useAllOrders() {
  return useServerPage<TopupOrderView, OrderFilter>(EMPTY_FILTER, loadAllOrders);
}
