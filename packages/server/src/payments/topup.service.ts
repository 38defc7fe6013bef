import { MSG_ONLINE_TOPUP_DISABLED, minTopUpMessage } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import type { UserEntity } from '../users/user.entity';
import type { PayDto, TopupAmountDto } from './dto/topup-amount.dto';
import { readEpayConfig } from './epay-config';
import { type EpayForm, epayCheckout, newTradeNo } from './epay-checkout';
import { TopupOrderEntity } from './topup-order.entity';
import { formatYuan, priceInFen, topupGroupRatio } from './topup-price';

export const MSG_MONEY_TOO_LOW = '充值金额过低';
export const MSG_BAD_PRICE = '充值价格配置有误，请联系管理员';

export interface Quote {
  amount: number;
  quota: number;
  moneyCents: number;
}

/** Online top-up (spec 2 §5 Top-up, §7 Wallet): prices and orders paid through Epay. */
@Injectable()
export class TopupService {
  constructor(
    @InjectRepository(TopupOrderEntity) private readonly orders: Repository<TopupOrderEntity>,
    private readonly options: OptionsService,
  ) {}

  /** `POST /api/user/amount`: the price in yuan as "7.30". */
  price(user: UserEntity, dto: TopupAmountDto): string {
    return formatYuan(this.quote(user, dto.amount).moneyCents);
  }

  /**
   * `POST /api/user/pay`: a pending order and the signed Epay form for it. Refused, with nothing
   * stored, unless PayAddress, EpayId, EpayKey and ServerAddress are all set.
   */
  async pay(user: UserEntity, dto: PayDto): Promise<{ url: string; form: EpayForm }> {
    const config = readEpayConfig(this.options);
    if (!config) throw new BusinessError(MSG_ONLINE_TOPUP_DISABLED);
    const quote = this.quote(user, dto.amount);
    const tradeNo = newTradeNo();
    await this.orders.insert({
      user_id: user.id,
      trade_no: tradeNo,
      payment_method: dto.payment_method,
      amount: quote.amount,
      quota: quote.quota,
      money_cents: quote.moneyCents,
      top_up_code: dto.top_up_code,
      status: 'pending',
      created_at: nowSeconds(),
    });
    return epayCheckout(config, { tradeNo, method: dto.payment_method, name: `TUC${quote.amount}`, moneyCents: quote.moneyCents });
  }

  /**
   * What `requested` dollars cost this user and give them: below 1 counts as 1 (spec 2 §5), below
   * MinTopUp is refused; money = amount × Price × TopupGroupRatio[group], in fen; by card
   * (`StripeUnitPrice`), in US cents.
   */
  quote(user: UserEntity, requested: number, priceOption: 'Price' | 'StripeUnitPrice' = 'Price'): Quote {
    const amount = Math.max(requested, 1);
    const minimum = this.options.getNumber('MinTopUp');
    if (amount < minimum) throw new BusinessError(minTopUpMessage(minimum));
    const ratio = topupGroupRatio(this.options.getJson<unknown>('TopupGroupRatio'), user.group);
    const moneyCents = priceInFen(amount, this.options.get(priceOption), ratio);
    if (moneyCents === undefined) throw new BusinessError(MSG_BAD_PRICE);
    if (moneyCents < 1) throw new BusinessError(MSG_MONEY_TOO_LOW);
    const quota = Math.round(amount * this.options.getNumber('QuotaPerUnit'));
    if (!Number.isSafeInteger(quota) || quota < 1) throw new BusinessError(MSG_BAD_PRICE);
    return { amount, quota, moneyCents };
  }
}
