import type { TopupOrderView, TopupRecordView } from '@gw/shared';
import { call } from '@/api/http';
import { listAllOrders, listSelfTopups, type OrderFilter } from '@/api/topup';
import { useServerPage } from '@/lib/use-server-page';

export const EMPTY_FILTER: OrderFilter = { userId: 0, status: '' };

const loadSelfTopups = (_: null, page: number, size: number) => call(listSelfTopups(page, size));
const loadAllOrders = (filter: OrderFilter, page: number, size: number) => call(listAllOrders(filter, page, size));

/** The user's own orders and redeemed codes (GET /api/user/topup/self). */
export function useSelfOrders() {
  return useServerPage<TopupRecordView, null>(null, loadSelfTopups);
}

/** Every user's orders with the administrators' filters (GET /api/user/topup/). */
export function useAllOrders() {
  return useServerPage<TopupOrderView, OrderFilter>(EMPTY_FILTER, loadAllOrders);
}
