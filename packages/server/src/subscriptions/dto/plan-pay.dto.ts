import { MSG_PLAN_NOT_FOUND, PAYMENT_METHODS, PLAN_INT_MAX, type PaymentMethod } from '@gw/shared';
import { IsIn, IsInt, Max, Min } from 'class-validator';

/** POST /api/subscription/stripe/pay: a plan bought by card. */
export class PlanIdDto {
  @IsInt({ message: MSG_PLAN_NOT_FOUND })
  @Min(1, { message: MSG_PLAN_NOT_FOUND })
  @Max(PLAN_INT_MAX, { message: MSG_PLAN_NOT_FOUND })
  plan_id: number;
}

/** POST /api/subscription/pay: a plan bought through Epay. */
export class PlanPayDto extends PlanIdDto {
  @IsIn(PAYMENT_METHODS, { message: '请选择支付方式（支付宝或微信）' })
  payment_method: PaymentMethod;
}
