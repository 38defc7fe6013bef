import type { TopupOrderView, TopupRecordView } from '@gw/shared';
import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { Outcome, WithMessage } from '../common/envelope.interceptor';
import type { ListPage } from '../common/paging';
import type { UserEntity } from '../users/user.entity';
import { ListOwnTopupOrdersQuery } from './dto/list-topup-orders.query';
import { PayDto, TopupAmountDto } from './dto/topup-amount.dto';
import { TopupHistoryService } from './topup-history.service';
import { TopupOrdersService } from './topup-orders.service';
import type { EpayForm } from './epay-checkout';
import { TopupService } from './topup.service';

/** The wallet page's online top-up (spec 2 §7 Wallet), the user's top-up history and their own orders. */
@Controller('api/user')
@Access('user')
export class TopupController {
  constructor(
    private readonly topup: TopupService,
    private readonly orders: TopupOrdersService,
    private readonly history: TopupHistoryService,
  ) {}

  @Post('amount')
  amount(@CurrentUser() user: UserEntity, @Body() dto: TopupAmountDto): WithMessage<string> {
    return new WithMessage('success', this.topup.price(user, dto));
  }

  /** The form fields in `data`, and beside them `url`, where the page posts them (spec 2 §7). */
  @Post('pay')
  async pay(@CurrentUser() user: UserEntity, @Body() dto: PayDto): Promise<Outcome<EpayForm>> {
    const { url, form } = await this.topup.pay(user, dto);
    return new Outcome(true, 'success', { url }, form);
  }

  /** Orders and redeemed codes, newest first. */
  @Get('topup/self')
  listOwn(@CurrentUser() user: UserEntity, @Query() query: ListOwnTopupOrdersQuery): Promise<ListPage<TopupRecordView>> {
    return this.history.listOwn(user.id, query);
  }

  @Get('topup/self/:trade_no')
  getOwn(@CurrentUser() user: UserEntity, @Param('trade_no') tradeNo: string): Promise<TopupOrderView> {
    return this.orders.getOwn(user.id, tradeNo);
  }
}
