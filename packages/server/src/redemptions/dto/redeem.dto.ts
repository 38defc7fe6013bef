import { MSG_REDEEM_KEY_REQUIRED } from '@gw/shared';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** The one answer for a disabled, expired or unknown code: nothing tells them apart. */
export const MSG_INVALID_CODE = '无效的兑换码';

/** `POST /api/user/topup`: the code, as typed (blanks around it are dropped). */
export class RedeemDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: MSG_REDEEM_KEY_REQUIRED })
  @IsNotEmpty({ message: MSG_REDEEM_KEY_REQUIRED })
  @MaxLength(128, { message: MSG_INVALID_CODE })
  key: string;
}
