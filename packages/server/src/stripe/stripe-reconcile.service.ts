import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, Not, Like, Repository } from 'typeorm';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import { TopupOrderEntity } from '../payments/topup-order.entity';
import { RECONCILE_AFTER_S } from '../payments/topup-reconcile.service';
import { readStripeConfig } from './stripe-config';
import { StripeClient } from './stripe.client';
import { StripePaymentsService } from './stripe-payments.service';

/** Sessions read in one run at most (100 a page); the next run reads again. */
const MAX_SESSIONS = 1000;
/** A session is listed from a little before its order, for clocks that differ. */
const CLOCK_SLACK_S = 600;

export interface StripeReconcileSummary {
  pending: number;
  credited: number;
}

/**
 * Reconciliation with Stripe (issue 34): card orders still pending RECONCILE_AFTER_S after they
 * were made are looked up among the recent Checkout Sessions; a paid one is credited through the
 * same checks and the same exactly-once path as the webhook. Pending orders expire with the
 * Epay ones (topup-reconcile.service.ts); a payment Stripe confirms later is still credited.
 */
@Injectable()
export class StripeReconcileService {
  private readonly logger = new Logger(StripeReconcileService.name);

  constructor(
    @InjectRepository(TopupOrderEntity) private readonly orders: Repository<TopupOrderEntity>,
    private readonly options: OptionsService,
    private readonly stripe: StripeClient,
    private readonly payments: StripePaymentsService,
  ) {}

  async run(): Promise<StripeReconcileSummary> {
    const config = readStripeConfig(this.options);
    if (!config) return { pending: 0, credited: 0 };
    const due = await this.orders.find({
      // Renewal orders (an invoice's id) are paid by their invoice's event, which Stripe sends again until it is handled.
      where: { payment_method: 'stripe', status: In(['pending', 'expired']), external_id: Not(Like('in\\_%')), created_at: LessThan(nowSeconds() - RECONCILE_AFTER_S) },
      order: { created_at: 'ASC' },
      take: MAX_SESSIONS,
    });
    const byTradeNo = new Map(due.map((order) => [order.trade_no, order]));
    const summary = { pending: due.length, credited: 0 };
    if (due.length === 0) return summary;
    let read = 0;
    const since = due[0].created_at - CLOCK_SLACK_S;
    for await (const session of this.stripe.for(config.secretKey).checkout.sessions.list({ created: { gte: since }, limit: 100 })) {
      if (++read > MAX_SESSIONS || byTradeNo.size === 0) break;
      if (!session.client_reference_id || !byTradeNo.delete(session.client_reference_id)) continue;
      if ((await this.payments.sessionPaid(session, 'reconcile')) === 'ok') summary.credited += 1;
    }
    if (summary.credited > 0) this.logger.log(`Stripe reconciliation: ${summary.credited} of ${summary.pending} pending card orders credited`);
    return summary;
  }
}
