import type { PaymentMethod, StripeCheckoutView, TopupOrderStatus, TopupOrderView, TopupRecordView } from '@gw/shared';
import { http } from '@/api/http';
import type { Page } from '@/api/tokens';

/** The administrators' filters of all orders; 0 and '' mean any. */
export interface OrderFilter {
  userId: number;
  status: TopupOrderStatus | '';
}

/** The signed Epay form: `data` holds its fields, `url` (beside data) where it is posted. */
export interface PaymentForm {
  url: string;
}

/** Redeems a code for the signed-in user; data is the quota added. */
export const redeemCode = (key: string) => http.post<number>('/api/user/topup', { key });
/** The price in yuan of `amount` dollars for this user, as a string with 2 decimals. */
export const getTopupPrice = (amount: number) => http.post<string>('/api/user/amount', { amount });
/** Stores a pending order and answers the Epay form that pays it. */
export const requestPayment = (amount: number, paymentMethod: PaymentMethod, topUpCode = '') =>
  http.post<Record<string, string>, PaymentForm>('/api/user/pay', { amount, payment_method: paymentMethod, ...(topUpCode ? { top_up_code: topUpCode } : {}) });
/** The price in US dollars of `amount` dollars paid by card (Stripe), as a string with 2 decimals. */
export const getStripePrice = (amount: number) => http.post<string>('/api/user/stripe/amount', { amount });
/** Stores a pending card order and answers the Stripe Checkout page that pays it. */
export const requestStripePayment = (amount: number) => http.post<StripeCheckoutView>('/api/user/stripe/pay', { amount });

/** The user's own orders and the codes they redeemed, newest first; `p` is zero-based. */
export const listSelfTopups = (p: number, pageSize: number) => http.get<Page<TopupRecordView>>('/api/user/topup/self', { p, page_size: pageSize });
/** One of the user's own orders (another user's answers 订单不存在). */
export const getSelfOrder = (tradeNo: string) => http.get<TopupOrderView>(`/api/user/topup/self/${encodeURIComponent(tradeNo)}`);
/** Every user's orders (administrators). */
export const listAllOrders = ({ userId, status }: OrderFilter, p: number, pageSize: number) =>
  http.get<Page<TopupOrderView>>('/api/user/topup/', { p, page_size: pageSize, user_id: userId || undefined, status: status || undefined });
/** Credits a pending or expired order by hand (root only). */
export const completeOrder = (tradeNo: string) => http.post<TopupOrderView>('/api/user/topup/complete', { trade_no: tradeNo });
