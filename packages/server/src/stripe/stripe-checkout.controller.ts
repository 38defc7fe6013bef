import { MSG_AUTO_RENEW_CANCELLED, MSG_SUBSCRIPTION_NOT_FOUND, type StripeCheckoutView, type SubscriptionView } from '@gw/shared';
import { Body, Controller, Param, Post } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { WithMessage } from '../common/envelope.interceptor';
import { IdPipe } from '../common/int-range';
import { TopupAmountDto } from '../payments/dto/topup-amount.dto';
import { PlanIdDto } from '../subscriptions/dto/plan-pay.dto';
import type { UserEntity } from '../users/user.entity';
import { StripeCheckoutService } from './stripe-checkout.service';
import { StripeRenewalService } from './stripe-renewal.service';

/** Card payments (issue 34): the page sends the browser to the session's `url`, Stripe's hosted Checkout; a card plan's renewals can be stopped. */
@Controller('api')
@Access('user')
export class StripeCheckoutController {
  constructor(
    private readonly checkout: StripeCheckoutService,
    private readonly renewals: StripeRenewalService,
  ) {}

  /** What `amount` dollars of quota cost by card, in US dollars ("10.00"). */
  @Post('user/stripe/amount')
  amount(@CurrentUser() user: UserEntity, @Body() dto: TopupAmountDto): WithMessage<string> {
    return new WithMessage('success', this.checkout.price(user, dto.amount));
  }

  @Post('user/stripe/pay')
  topUp(@CurrentUser() user: UserEntity, @Body() dto: TopupAmountDto): Promise<StripeCheckoutView> {
    return this.checkout.topUp(user, dto.amount);
  }

  @Post('subscription/stripe/pay')
  subscribe(@CurrentUser() user: UserEntity, @Body() dto: PlanIdDto): Promise<StripeCheckoutView> {
    return this.checkout.subscribe(user, dto.plan_id);
  }

  /** The user's own card plan stops renewing; it runs to its end. */
  @Post('subscription/self/:id/cancel')
  async cancelRenewal(@CurrentUser() user: UserEntity, @Param('id', new IdPipe(MSG_SUBSCRIPTION_NOT_FOUND)) id: number): Promise<WithMessage<SubscriptionView>> {
    return new WithMessage(MSG_AUTO_RENEW_CANCELLED, await this.renewals.cancel(user.id, id));
  }
}
