import { REDEMPTION_STATUS, type RedemptionToggleStatus } from '@gw/shared';
import { IsIn } from 'class-validator';
import { IsRedemptionId } from './redemption-fields.rules';

/** `PUT /api/redemption/?status_only=true`: enable (1) or disable (2) a code that is not used (spec 2 §4). */
export class UpdateRedemptionStatusDto {
  @IsRedemptionId()
  id: number;

  @IsIn([REDEMPTION_STATUS.UNUSED, REDEMPTION_STATUS.DISABLED], { message: '兑换码状态只能设为启用或禁用' })
  status: RedemptionToggleStatus;
}
