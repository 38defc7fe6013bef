import {
  MSG_PLAN_OTHER_ACTIVE,
  STRIPE_MAX_PERIOD_DAYS,
  SUBSCRIPTION_STATUS_LABELS,
  type OrderPaymentMethod,
  type PlanView,
  type SubscriptionStatus,
  type SubscriptionView,
} from '@gw/shared';
import type { PayGateways } from './topup-view';

/** Buying the plan the user already holds through Epay adds one period to it (the server's rule). */
export const MSG_PLAN_RENEWAL = '续订：到期时间顺延一个周期';
/** A card plan is a Stripe subscription of its own: it never extends one held, it starts after them (the server's rule). */
export const MSG_PLAN_CARD_QUEUED = '您已有未到期的套餐，银行卡订阅将在其到期后生效';
/** Under the methods while the card is chosen for a plan. */
export const MSG_PLAN_CARD_AUTO_RENEW = '通过 Stripe 以美元支付；每个周期结束时自动续费扣款，直至取消';

/** The card's name among a plan's methods: paying by it subscribes. */
export const PLAN_CARD_LABEL = '银行卡（自动续费）';

export const SUBSCRIPTION_PROVIDER_LABELS: Record<SubscriptionView['provider'], string> = { epay: '易支付', stripe: '银行卡' };

/** 开启 while Stripe renews a card plan, 已取消 once the Stripe subscription ended. */
export const autoRenewLabel = (subscription: Pick<SubscriptionView, 'auto_renew'>) => (subscription.auto_renew ? '开启' : '已取消');

const SUBSCRIPTION_STATUS_COLORS: Record<SubscriptionStatus, string> = { active: 'green', scheduled: 'blue', expired: 'gray' };

export const subscriptionStatusLook = (status: string) => ({
  label: SUBSCRIPTION_STATUS_LABELS[status as SubscriptionStatus] ?? '未知状态',
  color: SUBSCRIPTION_STATUS_COLORS[status as SubscriptionStatus] ?? 'gray',
});

/** The part of the period quota still left, in whole percent for the progress bar. */
export const quotaLeftPercent = ({ quota_left, period_quota }: Pick<SubscriptionView, 'quota_left' | 'period_quota'>) =>
  period_quota > 0 ? Math.min(100, Math.max(0, Math.round((quota_left / period_quota) * 100))) : 0;

/** Epay takes yuan only: a plan is bought through it when it has a CNY price and Epay is on. */
export const canBuyByEpay = (plan: Pick<PlanView, 'price_cny'>, gateways: PayGateways) => gateways.epay && plan.price_cny > 0;

/** By card when it has a USD price, Stripe is on and Stripe can renew its period (at most yearly). */
export const canBuyByCard = (plan: Pick<PlanView, 'price_usd' | 'period' | 'period_days'>, gateways: PayGateways) =>
  gateways.card && plan.price_usd > 0 && !(plan.period === 'days' && plan.period_days > STRIPE_MAX_PERIOD_DAYS);

export const canBuy = (plan: PlanView, gateways: PayGateways) => canBuyByEpay(plan, gateways) || canBuyByCard(plan, gateways);

/**
 * What buying `plan` by `method` will do, for the confirmation (the server's rule): through Epay,
 * extend the Epay subscription to it that ends last of those the user holds, else wait for them to
 * end; by card, always wait for them. Null when it simply starts now.
 */
export function purchaseNote(plan: Pick<PlanView, 'id'>, subscriptions: SubscriptionView[], method: OrderPaymentMethod): string | null {
  const held = subscriptions.filter((subscription) => subscription.status !== 'expired');
  if (held.length === 0) return null;
  if (method === 'stripe') return MSG_PLAN_CARD_QUEUED;
  const last = held.reduce((latest, subscription) => (subscription.expires_at > latest.expires_at ? subscription : latest));
  return last.plan_id === plan.id && last.provider === 'epay' ? MSG_PLAN_RENEWAL : MSG_PLAN_OTHER_ACTIVE;
}
