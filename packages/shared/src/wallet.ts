/**
 * Redemption codes and online top-up (spec 2 §2, §4, §5): the statuses, the rules the console's
 * forms check and the server enforces, the order shape, and the messages both show.
 */

/** Redemption code status (spec 2 §4): an administrator toggles 1 and 2; a redemption sets 3, for good. */
export const REDEMPTION_STATUS = { UNUSED: 1, DISABLED: 2, USED: 3 } as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUS)[keyof typeof REDEMPTION_STATUS];
/** The statuses an administrator may set: enabled (unused) or disabled. */
export type RedemptionToggleStatus = typeof REDEMPTION_STATUS.UNUSED | typeof REDEMPTION_STATUS.DISABLED;

/** `expired_time` meaning "never". */
export const REDEMPTION_NEVER_EXPIRES = 0;

/** The contract's limits: a name of 1 to 20 characters, at most 100 codes a call. */
export const REDEMPTION_NAME_MAX_LENGTH = 20;
export const REDEMPTION_BATCH_MAX = 100;

export const MSG_REDEMPTION_NAME_REQUIRED = '请输入名称';
export const MSG_REDEMPTION_NAME_TOO_LONG = `名称不能超过 ${REDEMPTION_NAME_MAX_LENGTH} 个字符`;
export const MSG_REDEMPTION_QUOTA_INVALID = '额度必须是正整数';
export const MSG_REDEMPTION_COUNT_INVALID = `数量必须是 1 到 ${REDEMPTION_BATCH_MAX} 之间的整数`;
export const MSG_REDEEM_KEY_REQUIRED = '请输入兑换码！';

/** Epay payment methods (spec 2 §2): alipay and wechat. */
export const PAYMENT_METHODS = ['zfb', 'wx'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** How an order is paid: an Epay method, or a card through Stripe Checkout (issue 34). */
export type OrderPaymentMethod = PaymentMethod | 'stripe';
/** The currency of an order's `money`: yuan through Epay, dollars through Stripe. */
export type OrderCurrency = 'CNY' | 'USD';

export const TOPUP_ORDER_STATUSES = ['pending', 'paid', 'expired'] as const;
export type TopupOrderStatus = (typeof TOPUP_ORDER_STATUSES)[number];

/** How a paid order was credited; '' while unpaid. */
export type CompletedVia = '' | 'notify' | 'reconcile' | 'admin' | 'renewal';

/** An online top-up order as the wallet page and the administrators see it (docs/console-api.md "Wallet and online top-up"). */
export interface TopupOrderView {
  /** What tells an order from a redeemed code in the top-up history. */
  source: 'order';
  id: number;
  user_id: number;
  /** In the administrators' list only. */
  username?: string;
  trade_no: string;
  payment_method: OrderPaymentMethod;
  /** Whole dollars. */
  amount: number;
  /** The quota the order credits (amount × QuotaPerUnit), fixed when the order was made. */
  quota: number;
  /** In `currency`, two decimals. */
  money: number;
  currency: OrderCurrency;
  status: TopupOrderStatus;
  /** Unix seconds. */
  created_at: number;
  /** Unix seconds; 0 while unpaid. */
  paid_at: number;
  completed_via: CompletedVia;
  /** A plan's order (issue 34): the plan bought, instead of quota for the wallet. Absent for top-ups. */
  plan_id?: number;
  plan_name?: string;
}

/** A redemption code the user redeemed, as their top-up history lists it beside their orders. */
export interface RedeemedCodeView {
  source: 'redemption';
  /** The code's id: it may equal an order's, so a history row is known by `source` and `id` together. */
  id: number;
  user_id: number;
  /** The code masked (its first and last 4 characters): enough to recognise it, never enough to use it. */
  code: string;
  /** The quota it credited. */
  quota: number;
  /** Unix seconds: when it was redeemed, which is also when it was credited. */
  created_at: number;
  paid_at: number;
}

/** A row of the wallet's top-up history (GET /api/user/topup/self): an online order or a redeemed code. */
export type TopupRecordView = TopupOrderView | RedeemedCodeView;

export const MSG_ONLINE_TOPUP_DISABLED = '管理员未开启在线充值！';
export const MSG_STRIPE_DISABLED = '管理员未开启银行卡支付';
/** The reply of POST /api/user/stripe/pay and POST /api/subscription/stripe/pay: where the browser goes to pay. */
export interface StripeCheckoutView {
  url: string;
  trade_no: string;
}
/** Where Stripe sends its events (the endpoint to register in Stripe's dashboard, below ServerAddress). */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';
export const minTopUpMessage = (min: number) => `充值数量不能小于 ${min}`;
