import type { SubscriptionView } from '@gw/shared';
import { Body, Controller, Get, Post } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { Outcome } from '../common/envelope.interceptor';
import type { EpayForm } from '../payments/epay-checkout';
import type { UserEntity } from '../users/user.entity';
import { PlanPayDto } from './dto/plan-pay.dto';
import { PlanPurchaseService } from './plan-purchase.service';
import { SubscriptionsService } from './subscriptions.service';

/** A user's own subscriptions and buying a plan (issue 34). */
@Controller('api/subscription')
@Access('user')
export class SubscriptionsController {
  constructor(
    private readonly purchase: PlanPurchaseService,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  /** As `POST /api/user/pay`: the form fields in `data`, and beside them `url`, where the page posts them. */
  @Post('pay')
  async pay(@CurrentUser() user: UserEntity, @Body() dto: PlanPayDto): Promise<Outcome<EpayForm>> {
    const { url, form } = await this.purchase.pay(user, dto);
    return new Outcome(true, 'success', { url }, form);
  }

  @Get('self')
  listOwn(@CurrentUser() user: UserEntity): Promise<SubscriptionView[]> {
    return this.subscriptions.listOwn(user.id);
  }
}
