import { PAYMENT_METHODS, type PaymentMethod } from '@gw/shared';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, Max, MaxLength } from 'class-validator';

/** The largest top-up of one order, in dollars: far above any real payment, far below what a column holds. */
export const MAX_TOPUP_AMOUNT = 1_000_000;

/** A whole number sent as text ("10") is taken as that number; anything else is left for the rules to refuse. */
const integerText = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim()) ? Number(value) : value);
const trimOrEmpty = ({ value }: { value: unknown }) => (value === undefined || value === null ? '' : typeof value === 'string' ? value.trim() : value);

/** `POST /api/user/amount`: what `amount` dollars cost (spec 2 §7 Wallet). Below 1 counts as 1. */
export class TopupAmountDto {
  @Transform(integerText)
  @IsDefined({ message: '请输入充值数量' })
  @IsInt({ message: '充值数量必须是整数' })
  @Max(MAX_TOPUP_AMOUNT, { message: `充值数量不能大于 ${MAX_TOPUP_AMOUNT}` })
  amount: number;

  /** Sent by the wallet page (spec 2 §7); kept on the order, not priced. */
  @IsOptional()
  @Transform(trimOrEmpty)
  @IsString({ message: '充值码必须是字符串' })
  @MaxLength(64, { message: '充值码过长' })
  top_up_code: string = '';
}

/** `POST /api/user/pay`: an order and the signed Epay form for it. */
export class PayDto extends TopupAmountDto {
  @IsIn(PAYMENT_METHODS, { message: '请选择支付方式（支付宝或微信）' })
  payment_method: PaymentMethod;
}
