import { PLAN_PERIOD_LABELS, type PlanView } from '@gw/shared';

/** Messages of the plan page; the form's own come from @gw/shared (MSG_PLAN_*), as the server answers them. */
export const MSG_PLANS_EMPTY = '还没有套餐，点击“新建套餐”添加';

/** A price with its currency sign and two decimals; a dash when the plan is not sold in that currency (0). */
export const formatPlanPrice = (amount: number, sign: '¥' | '$') => (amount > 0 ? `${sign}${amount.toFixed(2)}` : '—');

/** The prices a plan is sold for, e.g. "¥29.90 / $4.99"; a currency it is not sold in is left out. */
export const planPrices = (plan: Pick<PlanView, 'price_cny' | 'price_usd'>) =>
  [plan.price_cny > 0 ? formatPlanPrice(plan.price_cny, '¥') : '', plan.price_usd > 0 ? formatPlanPrice(plan.price_usd, '$') : ''].filter(Boolean).join(' / ');

/** 每月, 每季度, 每年, or "每 45 天" for a period of days. */
export const periodLabel = (plan: Pick<PlanView, 'period' | 'period_days'>) =>
  plan.period === 'days' ? `每 ${plan.period_days} 天` : (PLAN_PERIOD_LABELS[plan.period] ?? plan.period);

/** The subscriber's group while subscribed; '' keeps their own. */
export const groupLabel = (group: string) => group || '保持原分组';

export const limitLabel = (limit: number) => (limit > 0 ? `${limit} 次` : '不限');
