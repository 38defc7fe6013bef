import { MSG_STRIPE_DISABLED, MSG_SUBSCRIPTION_NOT_FOUND, MSG_SUBSCRIPTION_NOT_RENEWING, type SubscriptionView } from '@gw/shared';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import { SubscriptionEntity } from '../subscriptions/subscription.entity';
import { toSubscriptionView } from '../subscriptions/subscription.view';
import { MSG_STRIPE_UNAVAILABLE } from './stripe-checkout.service';
import { readStripeConfig } from './stripe-config';
import { StripeClient } from './stripe.client';

/**
 * A subscriber stops their card plan's renewals (issue 34): Stripe is told to end the
 * subscription at the end of the period paid for (`cancel_at_period_end`), so no further invoice
 * is charged, and the plan runs to `expires_at`. Stripe's customer.subscription.deleted arrives at
 * that end and changes nothing more.
 */
@Injectable()
export class StripeRenewalService {
  private readonly logger = new Logger(StripeRenewalService.name);

  constructor(
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
    private readonly options: OptionsService,
    private readonly stripe: StripeClient,
  ) {}

  async cancel(userId: number, subscriptionId: number): Promise<SubscriptionView> {
    // Another user's subscription is as unknown as one that does not exist.
    const row = await this.subscriptions.findOneBy({ id: subscriptionId, user_id: userId });
    if (!row) throw new BusinessError(MSG_SUBSCRIPTION_NOT_FOUND);
    if (row.provider !== 'stripe' || !row.auto_renew || !row.external_id) throw new BusinessError(MSG_SUBSCRIPTION_NOT_RENEWING);
    const config = readStripeConfig(this.options);
    if (!config) throw new BusinessError(MSG_STRIPE_DISABLED);
    try {
      await this.stripe.for(config.secretKey).subscriptions.update(row.external_id, { cancel_at_period_end: true }, { idempotencyKey: `cancel-${row.external_id}` });
    } catch (error) {
      this.logger.warn(`Stripe subscription ${row.external_id} not cancelled: ${error instanceof Error ? error.message : String(error)}`);
      throw new BusinessError(MSG_STRIPE_UNAVAILABLE);
    }
    await this.subscriptions.update({ id: row.id }, { auto_renew: false, updated_at: nowSeconds() });
    return toSubscriptionView({ ...row, auto_renew: false });
  }
}
