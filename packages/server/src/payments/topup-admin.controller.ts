import type { TopupOrderView } from '@gw/shared';
import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { AuditActor, Auditor } from '../audit/audit-actor';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { WithMessage } from '../common/envelope.interceptor';
import type { UserEntity } from '../users/user.entity';
import { CompleteTopupOrderDto } from './dto/complete-topup-order.dto';
import { ListTopupOrdersQuery } from './dto/list-topup-orders.query';
import { TopupOrdersService } from './topup-orders.service';
import type { TopupOrderPage } from './topup-order.view';

/** Every user's top-up orders (admin), and root's manual completion of one. */
@Controller('api/user/topup')
@Access('admin')
export class TopupAdminController {
  constructor(private readonly orders: TopupOrdersService) {}

  @Get()
  list(@Query() query: ListTopupOrdersQuery): Promise<TopupOrderPage> {
    return this.orders.list(query);
  }

  /** Root only (user id 1): money moves, so not every administrator may. */
  @Post('complete')
  @Access('root-user')
  async complete(@CurrentUser() admin: UserEntity, @Auditor() auditor: AuditActor, @Body() dto: CompleteTopupOrderDto): Promise<WithMessage<TopupOrderView>> {
    return new WithMessage('订单已完成，额度已到账', await this.orders.completeByAdmin(admin, dto.trade_no, auditor));
  }
}
