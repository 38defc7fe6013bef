import { IsOptional } from 'class-validator';
import { IsRedemptionExpiry, IsRedemptionId, IsRedemptionName, IsRedemptionQuota } from './redemption-fields.rules';

/** `PUT /api/redemption/`: an unused code's name, and its quota and expiry when sent (left out, they keep their value). */
export class UpdateRedemptionDto {
  @IsRedemptionId()
  id: number;

  @IsRedemptionName()
  name: string;

  @IsOptional()
  @IsRedemptionQuota()
  quota?: number;

  @IsOptional()
  @IsRedemptionExpiry()
  expired_time?: number;
}
