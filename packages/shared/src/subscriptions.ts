/**
 * Subscription plans (issue 34): what a super administrator sells besides top-ups. A plan grants
 * `quota` each period; while subscribed the user may be moved to the plan's group. Prices are kept
 * in cents (fen for CNY, cents for USD), so that no amount is ever a rounded float.
 */

export const PLAN_PERIODS = ['month', 'quarter', 'year', 'days'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];
export const PLAN_PERIOD_LABELS: Record<PlanPeriod, string> = { month: '每月', quarter: '每季度', year: '每年', days: '按天数' };

export const PLAN_NAME_MAX_LENGTH = 50;
export const PLAN_DESCRIPTION_MAX_LENGTH = 500;
/** A period of `days` lasts 1 to this many days. */
export const PLAN_MAX_DAYS = 3650;
/** At most this much in one price (10 000 000.00): a typo, not a plan. */
export const PLAN_MAX_PRICE_CENTS = 1_000_000_000;

/** The largest 每人限购 and 排序 (the columns are 32-bit integers). */
export const PLAN_INT_MAX = 2_147_483_647;

/**
 * A price in yuan or dollars as cents: 0 to 10 000 000 with at most two decimals, else null. The
 * one rule of a plan's price, for the server's check and the console's form alike.
 */
export function planPriceCents(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  const cents = Math.round(value * 100);
  return cents <= PLAN_MAX_PRICE_CENTS && Math.abs(value * 100 - cents) < 1e-6 ? cents : null;
}

/** A plan as the console shows it: prices in yuan and dollars with two decimals (0: not sold that way). */
export interface PlanView {
  id: number;
  name: string;
  description: string;
  /** CNY, paid through Epay; 0 when the plan is not sold for yuan. */
  price_cny: number;
  /** USD, paid by card (Stripe); 0 when the plan is not sold for dollars. */
  price_usd: number;
  period: PlanPeriod;
  /** The period's length when `period` is 'days'; 0 otherwise. */
  period_days: number;
  /** Quota granted each period (500 000 = 1 USD). */
  quota: number;
  /** The group the subscriber is in while subscribed; '' keeps their own. */
  group: string;
  /** How many times one user may buy it; 0: no limit. */
  limit_per_user: number;
  enabled: boolean;
  /** Lower first on the wallet page. */
  sort: number;
  created_at: number;
  updated_at: number;
}

/** POST /api/subscription/plan and PUT /api/subscription/plan/:id. */
export interface PlanFields {
  name: string;
  description?: string;
  price_cny: number;
  price_usd: number;
  period: PlanPeriod;
  period_days?: number;
  quota: number;
  group?: string;
  limit_per_user?: number;
  enabled?: boolean;
  sort?: number;
}

export const MSG_PLAN_NOT_FOUND = '套餐不存在';
export const MSG_PLAN_NAME_REQUIRED = '请输入套餐名称';
export const MSG_PLAN_NAME_TOO_LONG = `套餐名称不能超过 ${PLAN_NAME_MAX_LENGTH} 个字符`;
export const MSG_PLAN_DESCRIPTION_TOO_LONG = `套餐说明不能超过 ${PLAN_DESCRIPTION_MAX_LENGTH} 个字符`;
export const MSG_PLAN_PRICE_INVALID = '价格必须是 0 到 10000000 之间、最多两位小数的数';
export const MSG_PLAN_NO_PRICE = '请至少设置一种价格（人民币或美元）';
export const MSG_PLAN_PERIOD_INVALID = '周期必须是每月、每季度、每年或按天数';
export const MSG_PLAN_DAYS_INVALID = `按天数的周期必须是 1 到 ${PLAN_MAX_DAYS} 天`;
export const MSG_PLAN_QUOTA_INVALID = '每周期额度必须是正整数';
export const MSG_PLAN_LIMIT_INVALID = '每人限购次数必须是 0 或正整数';
export const MSG_PLAN_SORT_INVALID = '排序必须是整数';
export const MSG_PLAN_GROUP_UNKNOWN = (group: string) => `分组 ${group} 不存在，请先在分组倍率中添加`;
export const MSG_PLAN_ENABLED_INVALID = '启用状态必须是 true 或 false';
export const MSG_PLAN_SAVED = '套餐已保存';
export const MSG_PLAN_DELETED = '套餐已删除';

/**
 * A user's subscription (GET /api/subscription/self). `scheduled`: bought while another plan was
 * running, it starts when that one ends; `active`: its period quota is drawn before the wallet;
 * `expired`: its paid time is over (the user is back in their own group).
 */
export const SUBSCRIPTION_STATUSES = ['scheduled', 'active', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = { scheduled: '待生效', active: '生效中', expired: '已到期' };

export interface SubscriptionView {
  id: number;
  plan_id: number;
  /** The plan's name when bought (a renamed or deleted plan does not change it). */
  plan_name: string;
  status: SubscriptionStatus;
  /** How it is paid: 'epay' (each period bought by hand) or 'stripe' (renewed by card). */
  provider: 'epay' | 'stripe';
  /** The group while it is active; '' keeps the user's own. */
  group: string;
  /** Quota each period, fixed when bought. */
  period_quota: number;
  /** Used in the current period; `quota_left` is period_quota − period_used. */
  period_used: number;
  quota_left: number;
  /** Unix seconds: the current period, and the whole paid time. */
  period_start: number;
  period_end: number;
  starts_at: number;
  expires_at: number;
  /** Periods bought after the first. */
  renewals: number;
  /** A card subscription that Stripe renews each period; false once cancelled (it runs to `expires_at`), and for Epay plans. */
  auto_renew: boolean;
  created_at: number;
}

/** POST /api/subscription/pay: a plan bought through Epay (the reply is /api/user/pay's: `url` and the signed form). */
export interface PlanPayFields {
  plan_id: number;
  payment_method: string;
}

export const MSG_PLAN_NOT_ON_SALE = '该套餐已下架';
export const MSG_PLAN_NO_CNY_PRICE = '该套餐不支持人民币支付';
export const MSG_PLAN_NO_USD_PRICE = '该套餐不支持银行卡支付';
/** Stripe renews at most once a year: a plan of more days cannot be sold by card. */
export const STRIPE_MAX_PERIOD_DAYS = 365;
export const MSG_PLAN_PERIOD_TOO_LONG_FOR_CARD = `按天数超过 ${STRIPE_MAX_PERIOD_DAYS} 天的套餐不支持银行卡支付`;
export const MSG_PLAN_LIMIT_REACHED = (limit: number) => `该套餐每人限购 ${limit} 次，您已达到上限`;
export const MSG_PLAN_OTHER_ACTIVE = '您已订阅其他套餐，新套餐将在当前套餐到期后生效';
/** The relay's refusal when the period quota is used up and SubscriptionWalletFallback is off. */
export const MSG_PLAN_QUOTA_EXHAUSTED = '套餐本周期额度已用完，请等待额度重置或续订套餐';
export const MSG_SUBSCRIPTION_NOT_FOUND = '订阅不存在';
export const MSG_SUBSCRIPTION_NOT_RENEWING = '该订阅不会自动续费';
export const MSG_AUTO_RENEW_CANCELLED = '已取消自动续费，套餐可用至到期时间';
