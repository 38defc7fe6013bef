import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentsModule } from '../payments/payments.module';
import { TopupOrderEntity } from '../payments/topup-order.entity';
import { PlanEntity } from '../subscriptions/plan.entity';
import { SubscriptionEntity } from '../subscriptions/subscription.entity';
import { StripeCheckoutController } from './stripe-checkout.controller';
import { StripeCheckoutService } from './stripe-checkout.service';
import { StripeClient } from './stripe.client';
import { StripePaymentsService } from './stripe-payments.service';
import { StripeRenewalService } from './stripe-renewal.service';
import { StripeReconcileJob } from './stripe-reconcile.job';
import { StripeReconcileService } from './stripe-reconcile.service';
import { StripeWebhookController } from './stripe-webhook.controller';
import { StripeWebhookService } from './stripe-webhook.service';

/**
 * Card payments through Stripe (issue 34): Checkout Sessions for top-ups and plans, the signed
 * webhook, and reconciliation. Money moves only through gw_complete_topup_order, as for Epay.
 */
@Module({
  imports: [TypeOrmModule.forFeature([TopupOrderEntity, PlanEntity, SubscriptionEntity]), PaymentsModule],
  controllers: [StripeCheckoutController, StripeWebhookController],
  providers: [StripeClient, StripeCheckoutService, StripeRenewalService, StripePaymentsService, StripeWebhookService, StripeReconcileService, StripeReconcileJob],
})
export class StripeModule {}
