import { MSG_REDEMPTION_NAME_REQUIRED, MSG_REDEMPTION_NAME_TOO_LONG, MSG_REDEMPTION_QUOTA_INVALID, REDEMPTION_NAME_MAX_LENGTH } from '@gw/shared';
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsDefined, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsId } from '../../common/int-range';

export const MSG_REDEMPTION_NOT_FOUND = '兑换码不存在';
/** 9999-12-31 23:59:59 UTC: anything later is a time in milliseconds sent by mistake. */
const EXPIRY_MAX = 253_402_300_799;
const EXPIRY_MESSAGE = '过期时间格式错误';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A code id in a body: an integer the id column can hold; anything else names no code. */
export const IsRedemptionId = () => IsId(MSG_REDEMPTION_NOT_FOUND);

/** The name, required, trimmed, 1 to 20 characters (spec 2 §5). */
export const IsRedemptionName = () =>
  applyDecorators(
    Transform(trim),
    IsString({ message: MSG_REDEMPTION_NAME_REQUIRED }),
    IsNotEmpty({ message: MSG_REDEMPTION_NAME_REQUIRED }),
    MaxLength(REDEMPTION_NAME_MAX_LENGTH, { message: MSG_REDEMPTION_NAME_TOO_LONG }),
  );

/** The quota a code credits: a positive integer a balance can hold exactly. */
export const IsRedemptionQuota = () =>
  applyDecorators(
    IsDefined({ message: '请输入额度' }),
    IsInt({ message: MSG_REDEMPTION_QUOTA_INVALID }),
    Min(1, { message: MSG_REDEMPTION_QUOTA_INVALID }),
    Max(Number.MAX_SAFE_INTEGER, { message: '额度过大' }),
  );

/** 0 (never) or a unix time in seconds; whether it lies in the future is the service's check. */
export const IsRedemptionExpiry = () =>
  applyDecorators(IsInt({ message: EXPIRY_MESSAGE }), Min(0, { message: EXPIRY_MESSAGE }), Max(EXPIRY_MAX, { message: EXPIRY_MESSAGE }));
