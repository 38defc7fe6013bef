import { MSG_ONLINE_TOPUP_DISABLED, MSG_PLAN_NO_CNY_PRICE } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import { type EpayForm, epayCheckout, newTradeNo } from '../payments/epay-checkout';
import { readEpayConfig } from '../payments/epay-config';
import { TopupOrderEntity } from '../payments/topup-order.entity';
import type { UserEntity } from '../users/user.entity';
import type { PlanPayDto } from './dto/plan-pay.dto';
import { PlanEntity } from './plan.entity';
import { planForSale } from './plan-for-sale';

/**
 * Buying a plan through Epay (issue 34): an order like a top-up's, for the plan's CNY price, whose
 * payment grants the plan instead of wallet quota (gw_complete_topup_order). Notify,
 * reconciliation and root's manual completion work for it as for any order.
 */
@Injectable()
export class PlanPurchaseService {
  constructor(
    @InjectRepository(PlanEntity) private readonly plans: Repository<PlanEntity>,
    @InjectRepository(TopupOrderEntity) private readonly orders: Repository<TopupOrderEntity>,
    private readonly options: OptionsService,
  ) {}

  /** A pending order and the signed form for it. */
  async pay(user: UserEntity, dto: PlanPayDto): Promise<{ url: string; form: EpayForm }> {
    const config = readEpayConfig(this.options);
    if (!config) throw new BusinessError(MSG_ONLINE_TOPUP_DISABLED);
    const plan = await planForSale(this.plans, this.orders, user.id, dto.plan_id);
    if (plan.price_cny_cents <= 0) throw new BusinessError(MSG_PLAN_NO_CNY_PRICE);
    const tradeNo = newTradeNo();
    await this.orders.insert({
      user_id: user.id,
      trade_no: tradeNo,
      payment_method: dto.payment_method,
      amount: 0,
      quota: plan.quota,
      money_cents: plan.price_cny_cents,
      plan_id: plan.id,
      status: 'pending',
      created_at: nowSeconds(),
    });
    return epayCheckout(config, { tradeNo, method: dto.payment_method, name: `SUB${plan.id}`, moneyCents: plan.price_cny_cents });
  }
}
