import {
  MSG_PLAN_NO_USD_PRICE,
  MSG_PLAN_PERIOD_TOO_LONG_FOR_CARD,
  MSG_STRIPE_DISABLED,
  type PlanPeriod,
  STRIPE_MAX_PERIOD_DAYS,
  type StripeCheckoutView,
} from '@gw/shared';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { Repository } from 'typeorm';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import { newTradeNo } from '../payments/epay-checkout';
import { TopupOrderEntity } from '../payments/topup-order.entity';
import { TopupService } from '../payments/topup.service';
import { formatYuan } from '../payments/topup-price';
import { PlanEntity } from '../subscriptions/plan.entity';
import { planForSale } from '../subscriptions/plan-for-sale';
import type { UserEntity } from '../users/user.entity';
import { readStripeConfig, type StripeConfig } from './stripe-config';
import { StripeClient } from './stripe.client';

export const MSG_STRIPE_UNAVAILABLE = '银行卡支付暂时不可用，请稍后再试';

/** How Stripe renews a plan: its period as a recurring interval. */
function recurringOf(plan: Pick<PlanEntity, 'period' | 'period_days'>): Stripe.Checkout.SessionCreateParams.LineItem.PriceData.Recurring {
  const intervals: Record<Exclude<PlanPeriod, 'days'>, Stripe.Checkout.SessionCreateParams.LineItem.PriceData.Recurring> = {
    month: { interval: 'month', interval_count: 1 },
    quarter: { interval: 'month', interval_count: 3 },
    year: { interval: 'year', interval_count: 1 },
  };
  return plan.period === 'days' ? { interval: 'day', interval_count: plan.period_days } : intervals[plan.period];
}

/**
 * Card payments through Stripe Checkout (issue 34): a wallet top-up (a one-off payment) or a plan
 * (a subscription Stripe renews each period). The order is stored first and bound to its session,
 * so that a session whose order is missing can never be paid; the webhook then pays the order
 * through gw_complete_topup_order, like Epay's notify.
 */
@Injectable()
export class StripeCheckoutService {
  private readonly logger = new Logger(StripeCheckoutService.name);

  constructor(
    @InjectRepository(TopupOrderEntity) private readonly orders: Repository<TopupOrderEntity>,
    @InjectRepository(PlanEntity) private readonly plans: Repository<PlanEntity>,
    private readonly options: OptionsService,
    private readonly topup: TopupService,
    private readonly stripe: StripeClient,
  ) {}

  /** `POST /api/user/stripe/amount`: what `amount` dollars of quota cost by card, as "10.00" (US dollars). */
  price(user: UserEntity, amount: number): string {
    return formatYuan(this.topup.quote(user, amount, 'StripeUnitPrice').moneyCents);
  }

  /** `POST /api/user/stripe/pay`: a wallet top-up paid once by card. */
  async topUp(user: UserEntity, requested: number): Promise<StripeCheckoutView> {
    const config = this.config();
    const quote = this.topup.quote(user, requested, 'StripeUnitPrice');
    const tradeNo = await this.newOrder({ user_id: user.id, amount: quote.amount, quota: quote.quota, money_cents: quote.moneyCents, plan_id: 0 });
    return this.open(config, tradeNo, {
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: quote.moneyCents, product_data: { name: `充值 ${quote.amount} 美元额度` } } }],
      payment_intent_data: { metadata: { trade_no: tradeNo } },
    });
  }

  /** `POST /api/subscription/stripe/pay`: a plan Stripe renews by card each period. */
  async subscribe(user: UserEntity, planId: number): Promise<StripeCheckoutView> {
    const config = this.config();
    const plan = await planForSale(this.plans, this.orders, user.id, planId);
    if (plan.price_usd_cents <= 0) throw new BusinessError(MSG_PLAN_NO_USD_PRICE);
    if (plan.period === 'days' && plan.period_days > STRIPE_MAX_PERIOD_DAYS) throw new BusinessError(MSG_PLAN_PERIOD_TOO_LONG_FOR_CARD);
    const tradeNo = await this.newOrder({ user_id: user.id, amount: 0, quota: plan.quota, money_cents: plan.price_usd_cents, plan_id: plan.id });
    return this.open(config, tradeNo, {
      mode: 'subscription',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: plan.price_usd_cents, recurring: recurringOf(plan), product_data: { name: plan.name } } }],
      subscription_data: { metadata: { trade_no: tradeNo, plan_id: String(plan.id) } },
    });
  }

  private config(): StripeConfig {
    const config = readStripeConfig(this.options);
    if (!config) throw new BusinessError(MSG_STRIPE_DISABLED);
    return config;
  }

  private async newOrder(fields: Pick<TopupOrderEntity, 'user_id' | 'amount' | 'quota' | 'money_cents' | 'plan_id'>): Promise<string> {
    const tradeNo = newTradeNo();
    await this.orders.insert({ ...fields, trade_no: tradeNo, payment_method: 'stripe', currency: 'USD', status: 'pending', created_at: nowSeconds() });
    return tradeNo;
  }

  /**
   * The Checkout Session of a stored order, bound to it (client_reference_id and metadata carry
   * the trade number, the order keeps the session's id). When Stripe does not answer, the order
   * is removed: no session exists that could pay it.
   */
  private async open(config: StripeConfig, tradeNo: string, params: Stripe.Checkout.SessionCreateParams): Promise<StripeCheckoutView> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.for(config.secretKey).checkout.sessions.create(
        {
          ...params,
          client_reference_id: tradeNo,
          metadata: { trade_no: tradeNo },
          success_url: `${config.serverAddress}/topup?trade_no=${tradeNo}`,
          cancel_url: `${config.serverAddress}/topup`,
        },
        { idempotencyKey: `checkout-${tradeNo}` },
      );
    } catch (error) {
      await this.orders.delete({ trade_no: tradeNo, status: 'pending' });
      // The SDK's message never holds the secret key; it may name the reason (a bad key, a refused amount).
      this.logger.warn(`Stripe Checkout Session for order ${tradeNo} not created: ${error instanceof Error ? error.message : String(error)}`);
      throw new BusinessError(MSG_STRIPE_UNAVAILABLE);
    }
    await this.orders.update({ trade_no: tradeNo }, { external_id: session.id });
    if (!session.url) throw new BusinessError(MSG_STRIPE_UNAVAILABLE);
    return { url: session.url, trade_no: tradeNo };
  }
}
