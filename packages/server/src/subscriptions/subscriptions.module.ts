import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TopupOrderEntity } from '../payments/topup-order.entity';
import { UserEvents } from '../users/user-events';
import { PlanEntity } from './plan.entity';
import { PlanPurchaseService } from './plan-purchase.service';
import { PlansController } from './plans.controller';
import { PlansService } from './plans.service';
import { SubscriptionAdvanceJob } from './subscription-advance.job';
import { SubscriptionEntity } from './subscription.entity';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsService } from './subscriptions.service';

/**
 * Subscriptions (issue 34): a super administrator's plans, buying one through an Epay order, and
 * the subscriptions that result. Their quota is drawn by the relay (billing/quota-ledger.service.ts)
 * and moved only by the database functions of migration 1795836000000-subscriptions.
 */
@Module({
  imports: [TypeOrmModule.forFeature([PlanEntity, SubscriptionEntity, TopupOrderEntity])],
  controllers: [PlansController, SubscriptionsController],
  providers: [PlansService, PlanPurchaseService, SubscriptionsService, SubscriptionAdvanceJob, UserEvents],
})
export class SubscriptionsModule {}
