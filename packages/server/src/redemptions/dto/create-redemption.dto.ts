import { MSG_REDEMPTION_COUNT_INVALID, REDEMPTION_BATCH_MAX } from '@gw/shared';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsRedemptionExpiry, IsRedemptionName, IsRedemptionQuota } from './redemption-fields.rules';

/** `POST /api/redemption/`: `count` codes with the same name, quota and expiry. */
export class CreateRedemptionDto {
  @IsRedemptionName()
  name: string;

  @IsRedemptionQuota()
  quota: number;

  /** 1 when left out. */
  @IsOptional()
  @IsInt({ message: MSG_REDEMPTION_COUNT_INVALID })
  @Min(1, { message: MSG_REDEMPTION_COUNT_INVALID })
  @Max(REDEMPTION_BATCH_MAX, { message: MSG_REDEMPTION_COUNT_INVALID })
  count?: number;

  /** 0 (never, the default) or a future unix time in seconds. */
  @IsOptional()
  @IsRedemptionExpiry()
  expired_time?: number;
}
