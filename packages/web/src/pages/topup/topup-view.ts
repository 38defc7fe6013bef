import type { CompletedVia, PaymentMethod, TopupOrderStatus, TopupOrderView, TopupRecordView } from '@gw/shared';
import type { SiteStatus } from '@/api/status';

/** Messages of the wallet page (spec 2 §5, §8); those the server also answers are in @gw/shared. */
export const MSG_NO_TOPUP_LINK = '超级管理员未设置充值链接！';
export const MSG_BAD_PAY_ADDRESS = '支付地址配置错误，请联系管理员';
/** `added` is already rendered for display. */
export const redeemedMessage = (added: string) => `兑换成功！额度已增加 ${added}`;

export const PAYMENT_METHOD_OPTIONS: { value: PaymentMethod; label: string }[] = [
  { value: 'zfb', label: '支付宝' },
  { value: 'wx', label: '微信' },
];

const paymentMethodLabel = (method: string) => PAYMENT_METHOD_OPTIONS.find((option) => option.value === method)?.label ?? method;

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

const COMPLETED_VIA_LABELS: Record<CompletedVia, string> = {
  '': '-',
  notify: '支付回调',
  reconcile: '自动对账',
  admin: '手动完成',
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

/** Yuan with 2 decimals, as the price and the orders show money. */
export const formatMoney = (money: number | string) => `¥${Number(money).toFixed(2)}`;

/** Only http(s) addresses are opened or posted to: a configured javascript: link must not run in the console. */
export function isWebAddress(address: string): boolean {
  try {
    const { protocol } = new URL(address, window.location.href);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
