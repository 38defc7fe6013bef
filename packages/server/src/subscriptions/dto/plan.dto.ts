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
  PLAN_MAX_PRICE_CENTS,
  PLAN_NAME_MAX_LENGTH,
  PLAN_PERIODS,
  type PlanPeriod,
} from '@gw/shared';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { INT4_MAX } from '../../common/int-range';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A price in yuan or dollars: 0 to 10 000 000 with at most two decimals (it is stored in cents). */
const isPrice = (value: unknown): boolean => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return false;
  const cents = Math.round(value * 100);
  return cents <= PLAN_MAX_PRICE_CENTS && Math.abs(value * 100 - cents) < 1e-6;
};
const IsPrice = () => ValidateBy({ name: 'isPrice', validator: { validate: isPrice, defaultMessage: () => MSG_PLAN_PRICE_INVALID } });

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
  @Max(INT4_MAX, { message: MSG_PLAN_LIMIT_INVALID })
  limit_per_user?: number;

  @IsOptional()
  @IsBoolean({ message: '启用状态必须是 true 或 false' })
  enabled?: boolean;

  @IsOptional()
  @IsInt({ message: '排序必须是整数' })
  @Min(-INT4_MAX, { message: '排序必须是整数' })
  @Max(INT4_MAX, { message: '排序必须是整数' })
  sort?: number;
}
