import { IsString, Matches } from 'class-validator';

export const MSG_ORDER_NOT_FOUND = '订单不存在';
/** What a trade number of ours looks like; anything else names no order. */
export const TRADE_NO_PATTERN = /^[A-Za-z0-9]{1,64}$/;

/** `POST /api/user/topup/complete` (root): pays a pending or expired order by hand. */
export class CompleteTopupOrderDto {
  @IsString({ message: MSG_ORDER_NOT_FOUND })
  @Matches(TRADE_NO_PATTERN, { message: MSG_ORDER_NOT_FOUND })
  trade_no: string;
}
