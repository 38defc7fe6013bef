import { PAYMENT_METHODS, type CompletedVia, type OrderCurrency, type OrderPaymentMethod, type TopupOrderStatus, type TopupOrderView, type TopupRecordView } from '@gw/shared';
import type { SiteStatus } from '@/api/status';

/** Messages of the wallet page (spec 2 §5, §8); those the server also answers are in @gw/shared. */
export const MSG_NO_TOPUP_LINK = '超级管理员未设置充值链接！';
export const MSG_BAD_PAY_ADDRESS = '支付地址配置错误，请联系管理员';
/** `added` is already rendered for display. */
export const redeemedMessage = (added: string) => `兑换成功！额度已增加 ${added}`;

/** Which payment gateways work (status.enable_online_topup, status.enable_stripe_topup). */
export interface PayGateways {
  /** Epay: alipay and wechat, in yuan. */
  epay: boolean;
  /** Stripe Checkout: a card, in US dollars. */
  card: boolean;
}

export const payGatewaysOf = (status: SiteStatus | null): PayGateways => ({
  epay: status?.enable_online_topup === true,
  card: status?.enable_stripe_topup === true,
});

export const PAYMENT_METHOD_LABELS: Record<OrderPaymentMethod, string> = { zfb: '支付宝', wx: '微信', stripe: '银行卡' };

export interface PaymentMethodOption {
  value: OrderPaymentMethod;
  label: string;
}

/**
 * The methods a payment offers: Epay's when `epay`, the card when `card`; `cardLabel` names the card
 * where paying by it means more (a plan renewed each period).
 */
export function paymentMethodOptions(epay: boolean, card: boolean, cardLabel = PAYMENT_METHOD_LABELS.stripe): PaymentMethodOption[] {
  return [
    ...(epay ? PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] })) : []),
    ...(card ? [{ value: 'stripe' as const, label: cardLabel }] : []),
  ];
}

/** The method chosen while it is still offered, else the first offered (the gateways may change under it). */
export const offeredMethod = (chosen: OrderPaymentMethod, options: PaymentMethodOption[]): OrderPaymentMethod | undefined =>
  options.some((option) => option.value === chosen) ? chosen : options[0]?.value;

/** What a method charges in: yuan through Epay, dollars by card. */
export const currencyOf = (method: OrderPaymentMethod): OrderCurrency => (method === 'stripe' ? 'USD' : 'CNY');

const paymentMethodLabel = (method: string) => PAYMENT_METHOD_LABELS[method as OrderPaymentMethod] ?? method;

export const ORDER_STATUS_LOOK: Record<TopupOrderStatus, { label: string; color: string }> = {
  pending: { label: '待支付', color: 'orange' },
  paid: { label: '已支付', color: 'green' },
  expired: { label: '已过期', color: 'gray' },
};

const orderStatusLook = (status: string) => ORDER_STATUS_LOOK[status as TopupOrderStatus] ?? { label: '未知状态', color: 'gray' };

/** A redeemed code in the top-up history: credited when redeemed, so it has no other status. */
const REDEEMED_LOOK = { label: '已兑换', color: 'green' };

/** A history row's status: an order's, or 已兑换 for a code. */
export const recordStatusLook = (row: TopupRecordView) => (row.source === 'order' ? orderStatusLook(row.status) : REDEEMED_LOOK);

/** How a history row was paid: the order's method, or 兑换码. */
export const recordMethodLabel = (row: TopupRecordView) => (row.source === 'order' ? paymentMethodLabel(row.payment_method) : '兑换码');

/** The plan a history row's order bought (issue 34), or null for a top-up or a redeemed code. */
export const planOrderName = (row: TopupRecordView) => (row.source === 'order' && row.plan_id ? (row.plan_name ?? '') : null);

const COMPLETED_VIA_LABELS: Record<CompletedVia, string> = {
  '': '-',
  notify: '支付回调',
  reconcile: '自动对账',
  admin: '手动完成',
  renewal: '自动续费',
};

export const completedViaLabel = (via: string) => COMPLETED_VIA_LABELS[via as CompletedVia] ?? via;

/** Root may credit an order by hand while it is not paid (the contract: pending or expired). */
export const canCompleteByHand = (order: Pick<TopupOrderView, 'status'>) => order.status === 'pending' || order.status === 'expired';

/** Spec 1 §9: the minimum top-up defaults to 1; nothing below 1 is ever asked for. */
export const minTopUp = (status: SiteStatus | null) => Math.max(1, Math.floor(status?.min_topup ?? 1));

/** The amount as typed, in whole dollars: an amount below 1 is forced to 1 (spec 2 §5); empty stays empty. */
export function normalizeAmount(value: number | undefined): number | undefined {
  if (value === undefined || value === null || Number.isNaN(value)) return undefined;
  return Math.max(1, Math.floor(value));
}

const CURRENCY_SIGNS: Record<OrderCurrency, string> = { CNY: '¥', USD: '$' };

/** Money with its currency's sign and 2 decimals, as the prices and the orders show it: ¥73.00, $15.00. */
export const formatMoney = (money: number | string, currency: OrderCurrency) => `${CURRENCY_SIGNS[currency] ?? ''}${Number(money).toFixed(2)}`;

/** What an order cost, in the currency it was paid in. */
export const orderMoney = (order: Pick<TopupOrderView, 'money' | 'currency'>) => formatMoney(order.money, order.currency);

/** Only http(s) addresses are opened or posted to: a configured javascript: link must not run in the console. */
export function isWebAddress(address: string): boolean {
  try {
    const { protocol } = new URL(address, window.location.href);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
