import type { StripeCheckoutView } from '@gw/shared';
import { Body, Controller, Post } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { WithMessage } from '../common/envelope.interceptor';
import { TopupAmountDto } from '../payments/dto/topup-amount.dto';
import { PlanIdDto } from '../subscriptions/dto/plan-pay.dto';
import type { UserEntity } from '../users/user.entity';
import { StripeCheckoutService } from './stripe-checkout.service';

/** Card payments (issue 34): the page sends the browser to the session's `url`, Stripe's hosted Checkout. */
@Controller('api')
@Access('user')
export class StripeCheckoutController {
  constructor(private readonly checkout: StripeCheckoutService) {}

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
}
