import {
  MSG_PLAN_DAYS_INVALID,
  MSG_PLAN_DESCRIPTION_TOO_LONG,
  MSG_PLAN_LIMIT_INVALID,
  MSG_PLAN_NAME_REQUIRED,
  MSG_PLAN_NAME_TOO_LONG,
  MSG_PLAN_PERIOD_INVALID,
  MSG_PLAN_PRICE_INVALID,
  MSG_PLAN_QUOTA_INVALID,
  PLAN_DESCRIPTION_MAX_LENGTH,
  PLAN_MAX_DAYS,
  PLAN_NAME_MAX_LENGTH,
  PLAN_INT_MAX,
  PLAN_PERIODS,
  type PlanPeriod,
  MSG_PLAN_ENABLED_INVALID,
  MSG_PLAN_SORT_INVALID,
  planPriceCents,
} from '@gw/shared';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A price in yuan or dollars (planPriceCents: it is stored in cents). */
const IsPrice = () => ValidateBy({ name: 'isPrice', validator: { validate: (value) => planPriceCents(value) !== null, defaultMessage: () => MSG_PLAN_PRICE_INVALID } });

/** POST /api/subscription/plan, PUT /api/subscription/plan/:id: every field of a plan. */
export class PlanDto {
  @Transform(trim)
  @IsString({ message: MSG_PLAN_NAME_REQUIRED })
  @IsNotEmpty({ message: MSG_PLAN_NAME_REQUIRED })
  @MaxLength(PLAN_NAME_MAX_LENGTH, { message: MSG_PLAN_NAME_TOO_LONG })
  name: string;

  @IsOptional()
  @Transform(trim)
  @IsString({ message: MSG_PLAN_DESCRIPTION_TOO_LONG })
  @MaxLength(PLAN_DESCRIPTION_MAX_LENGTH, { message: MSG_PLAN_DESCRIPTION_TOO_LONG })
  description?: string;

  @IsPrice()
  price_cny: number;

  @IsPrice()
  price_usd: number;

  @IsIn(PLAN_PERIODS, { message: MSG_PLAN_PERIOD_INVALID })
  period: PlanPeriod;

  @IsOptional()
  @IsInt({ message: MSG_PLAN_DAYS_INVALID })
  @Min(0, { message: MSG_PLAN_DAYS_INVALID })
  @Max(PLAN_MAX_DAYS, { message: MSG_PLAN_DAYS_INVALID })
  period_days?: number;

  @IsInt({ message: MSG_PLAN_QUOTA_INVALID })
  @Min(1, { message: MSG_PLAN_QUOTA_INVALID })
  @Max(Number.MAX_SAFE_INTEGER, { message: MSG_PLAN_QUOTA_INVALID })
  quota: number;

  @IsOptional()
  @Transform(trim)
  @IsString({ message: '分组必须是文本' })
  @MaxLength(64, { message: '分组名称不能超过 64 个字符' })
  group?: string;

  @IsOptional()
  @IsInt({ message: MSG_PLAN_LIMIT_INVALID })
  @Min(0, { message: MSG_PLAN_LIMIT_INVALID })
  @Max(PLAN_INT_MAX, { message: MSG_PLAN_LIMIT_INVALID })
  limit_per_user?: number;

  @IsOptional()
  @IsBoolean({ message: MSG_PLAN_ENABLED_INVALID })
  enabled?: boolean;

  @IsOptional()
  @IsInt({ message: MSG_PLAN_SORT_INVALID })
  @Min(-PLAN_INT_MAX, { message: MSG_PLAN_SORT_INVALID })
  @Max(PLAN_INT_MAX, { message: MSG_PLAN_SORT_INVALID })
  sort?: number;
}

/** PUT /api/subscription/plan/:id/status: on or off sale, nothing else checked again. */
export class PlanStatusDto {
  @IsBoolean({ message: MSG_PLAN_ENABLED_INVALID })
  enabled: boolean;
}
