import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlanEntity } from './plan.entity';
import { PlansController } from './plans.controller';
import { PlansService } from './plans.service';

/**
 * Subscriptions (issue 34). This first step holds the plans: a super administrator's catalogue and
 * the plans on sale. Buying, the plan's quota pool and Stripe come next.
 */
@Module({
  imports: [TypeOrmModule.forFeature([PlanEntity])],
  controllers: [PlansController],
  providers: [PlansService],
})
export class SubscriptionsModule {}
