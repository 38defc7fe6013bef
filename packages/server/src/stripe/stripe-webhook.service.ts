import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import { readStripeConfig } from './stripe-config';
import { StripeClient } from './stripe.client';
import { StripePaymentsService } from './stripe-payments.service';

/** How the webhook answers: 200 (handled, or nothing to do), 400 (not Stripe's, not for us, or card payment off). */
export type WebhookAnswer = { status: 200; duplicate: boolean } | { status: 400; reason: string };

/**
 * Stripe's webhook (issue 34). An event is believed only with a valid `Stripe-Signature` of the
 * endpoint's secret over the exact bytes received (stripe.webhooks.constructEvent, which also
 * refuses signatures older than five minutes: a replay). Each event id is handled once; an event
 * handled twice at once still credits once, since every credit is exactly-once by itself
 * (gw_complete_topup_order). A failure answers 500 and Stripe sends the event again.
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger(StripeWebhookService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly options: OptionsService,
    private readonly stripe: StripeClient,
    private readonly payments: StripePaymentsService,
  ) {}

  async handle(payload: unknown, signature: string | undefined): Promise<WebhookAnswer> {
    const config = readStripeConfig(this.options);
    // Off: nothing can be checked, so nothing is believed (Stripe sends the event again later).
    if (!config) return { status: 400, reason: 'card payment is not configured' };
    if (!Buffer.isBuffer(payload) || !signature) return this.refuse('no raw body or no Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.verify(payload, signature, config.webhookSecret);
    } catch (error) {
      return this.refuse(`signature not valid (${error instanceof Error ? error.message.slice(0, 120) : 'unreadable'})`);
    }
    const [seen]: unknown[] = await this.db.query('SELECT 1 FROM stripe_events WHERE id = $1', [event.id]);
    if (seen) return { status: 200, duplicate: true };
    await this.apply(event);
    await this.db.query('INSERT INTO stripe_events (id, type, received_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [event.id, event.type.slice(0, 64), nowSeconds()]);
    return { status: 200, duplicate: false };
  }

  private async apply(event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        await this.payments.sessionPaid(event.data.object, 'notify');
        return;
      case 'invoice.paid':
        await this.payments.invoicePaid(event.data.object);
        return;
      case 'invoice.payment_failed':
        await this.payments.invoiceFailed(event.data.object);
        return;
      case 'customer.subscription.deleted':
        await this.payments.subscriptionEnded(event.data.object);
        return;
      default:
        // Other events the endpoint may be subscribed to need nothing from us.
        return;
    }
  }

  private refuse(reason: string): WebhookAnswer {
    this.logger.warn(`Stripe webhook refused: ${reason}`);
    return { status: 400, reason: 'invalid signature' };
  }
}
