import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { nowSeconds } from '../common/time';
import { TRADE_NO_PATTERN } from '../payments/dto/complete-topup-order.dto';
import { newTradeNo } from '../payments/epay-checkout';
import { TopupOrderEntity } from '../payments/topup-order.entity';
import { type CompletionOutcome, TopupOrdersService } from '../payments/topup-orders.service';

/** What came of a paid session or invoice; 'refused' and 'unknown' credit nothing. */
export type StripeOutcome = CompletionOutcome | 'refused' | 'ignored';

/** The id of a field the API gives either expanded (an object) or as its id. */
const idOf = (value: string | { id: string } | null | undefined): string => (typeof value === 'string' ? value : (value?.id ?? ''));

/** The Stripe subscription an invoice belongs to, where the API version of the event puts it. */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string {
  const fromParent = invoice.parent?.subscription_details?.subscription;
  if (fromParent) return idOf(fromParent);
  return idOf((invoice as unknown as { subscription?: string | { id: string } | null }).subscription);
}

/**
 * What Stripe's word does to our orders (the webhook and reconciliation): a paid Checkout Session
 * pays its own order, with the amount and currency the order was made for; an invoice of a card
 * plan's next period is an order of its own (unique by invoice id) that extends the plan. Every
 * credit goes through gw_complete_topup_order, so a session or invoice credits at most once,
 * however often or concurrently it is reported.
 */
@Injectable()
export class StripePaymentsService {
  private readonly logger = new Logger(StripePaymentsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly orders: TopupOrdersService,
  ) {}

  /** A Checkout Session Stripe reports complete: its order is paid when everything fits. */
  async sessionPaid(session: Stripe.Checkout.Session, via: 'notify' | 'reconcile'): Promise<StripeOutcome> {
    const tradeNo = session.client_reference_id ?? '';
    if (!TRADE_NO_PATTERN.test(tradeNo)) return this.refuse(`session ${session.id} names no order of ours`);
    const order = await this.db.getRepository(TopupOrderEntity).findOneBy({ trade_no: tradeNo });
    // The session must be the one made for this order: no other session (another order's, a forged one) pays it. Only our
    // key makes sessions, so one naming the order whose id the order lost (the process died before keeping it) is its own.
    const bound = order?.external_id === session.id || order?.external_id === '';
    if (!order || order.payment_method !== 'stripe' || !bound) return this.refuse(`session ${session.id} is not the session of order ${tradeNo}`);
    if (session.payment_status !== 'paid') return 'ignored'; // an asynchronous payment still under way
    if (session.currency !== 'usd' || session.amount_total !== order.money_cents) {
      return this.refuse(`session ${session.id} paid ${session.amount_total} ${session.currency}, order ${tradeNo} is ${order.money_cents} usd`);
    }
    if (order.external_id === '') await this.db.query(`UPDATE topup_orders SET external_id = $2 WHERE trade_no = $1 AND external_id = ''`, [tradeNo, session.id]);
    if (session.mode === 'subscription') {
      const subscription = idOf(session.subscription);
      if (!subscription) return this.refuse(`subscription session ${session.id} names no subscription`);
      await this.db.query(`UPDATE topup_orders SET subscription_ref = $2 WHERE trade_no = $1 AND status <> 'paid'`, [tradeNo, subscription]);
    }
    const paidWith = idOf(session.payment_intent) || session.id;
    return this.orders.complete(tradeNo, { via, upstreamTradeNo: paidWith.slice(0, 64), moneyCents: session.amount_total, method: 'stripe' });
  }

  /**
   * An invoice paid for a card plan's next period: a renewal order (recorded even when the process
   * dies before it is paid, and paid by the next report of the same invoice) that extends the plan
   * by one period. The invoice must be for what the plan was bought at. The first invoice is the
   * Checkout Session's, which pays the order itself.
   */
  async invoicePaid(invoice: Stripe.Invoice): Promise<StripeOutcome> {
    if (invoice.billing_reason === 'subscription_create') return 'ignored';
    const subscription = subscriptionOfInvoice(invoice);
    if (!subscription || !invoice.id) return 'ignored';
    const [first]: TopupOrderEntity[] = await this.db.query(
      `SELECT * FROM topup_orders WHERE subscription_ref = $1 AND payment_method = 'stripe' AND status = 'paid' ORDER BY id LIMIT 1`,
      [subscription],
    );
    // Its first order not yet paid here (its event late or lost, reconciliation not yet run): Stripe is asked to send it again later.
    if (!first) throw new Error(`invoice ${invoice.id} is for subscription ${subscription}, which no paid order of ours started (yet)`);
    if (invoice.currency !== 'usd' || invoice.amount_paid !== Number(first.money_cents)) {
      return this.refuse(`invoice ${invoice.id} paid ${invoice.amount_paid} ${invoice.currency}, the plan was bought at ${first.money_cents} usd`);
    }
    await this.db.query(
      `INSERT INTO topup_orders (user_id, trade_no, payment_method, amount, quota, money_cents, currency, plan_id, subscription_ref, external_id, status, created_at)
       VALUES ($1, $2, 'stripe', 0, $3, $4, 'USD', $5, $6, $7, 'pending', $8)
       ON CONFLICT (external_id) WHERE external_id <> '' DO NOTHING`,
      [first.user_id, newTradeNo(), first.quota, first.money_cents, first.plan_id, subscription, invoice.id, nowSeconds()],
    );
    const [renewal]: Array<{ trade_no: string }> = await this.db.query(`SELECT trade_no FROM topup_orders WHERE external_id = $1`, [invoice.id]);
    return this.orders.complete(renewal.trade_no, { via: 'renewal', upstreamTradeNo: invoice.id.slice(0, 64), moneyCents: invoice.amount_paid, method: 'stripe' });
  }

  /**
   * A renewal that could not be charged: nothing is extended, so the plan ends with its paid time
   * (Stripe retries by its own rules; a later success arrives as invoice.paid and extends it
   * again). The user's log says so.
   */
  async invoiceFailed(invoice: Stripe.Invoice): Promise<StripeOutcome> {
    const subscription = subscriptionOfInvoice(invoice);
    const [row]: Array<{ user_id: number; plan_name: string; expires_at: string; username: string }> = subscription
      ? await this.db.query(
          `SELECT s.user_id, s.plan_name, s.expires_at, u.username FROM user_subscriptions s JOIN users u ON u.id = s.user_id
            WHERE s.external_id = $1 ORDER BY s.id DESC LIMIT 1`,
          [subscription],
        )
      : [];
    if (!row) return 'ignored';
    const ends = new Date(Number(row.expires_at) * 1000).toISOString().slice(0, 16).replace('T', ' ');
    await this.db.query(`INSERT INTO logs (created_at, type, user_id, username, quota, content) VALUES ($1, 4, $2, $3, 0, $4)`, [
      nowSeconds(),
      row.user_id,
      row.username,
      `套餐 ${row.plan_name} 自动续费扣款失败，套餐将于 ${ends}（UTC）到期；扣款成功后自动顺延`,
    ]);
    this.logger.warn(`Stripe could not charge the renewal of subscription ${subscription} (invoice ${invoice.id})`);
    return 'ok';
  }

  /** The card subscription ended (cancelled, or unpaid for good): the plan is not renewed and runs to its end. */
  async subscriptionEnded(subscription: Stripe.Subscription): Promise<StripeOutcome> {
    await this.db.query(`UPDATE user_subscriptions SET auto_renew = false, updated_at = $2 WHERE external_id = $1`, [subscription.id, nowSeconds()]);
    return 'ok';
  }

  private refuse(reason: string): StripeOutcome {
    this.logger.warn(`Stripe payment not credited: ${reason}`);
    return 'refused';
  }
}
