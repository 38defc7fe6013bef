import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EpayClient } from './epay.client';
import { EpayNotifyController } from './epay-notify.controller';
import { EpayNotifyService } from './epay-notify.service';
import { TopupAdminController } from './topup-admin.controller';
import { TopupHistoryService } from './topup-history.service';
import { TopupOrderEntity } from './topup-order.entity';
import { TopupOrdersService } from './topup-orders.service';
import { TopupReconcileJob } from './topup-reconcile.job';
import { TopupReconcileService } from './topup-reconcile.service';
import { TopupController } from './topup.controller';
import { TopupService } from './topup.service';
import { UserEvents } from '../users/user-events';

/**
 * Online top-up through Epay (issue 12): orders and their signed forms, the notify callback,
 * reconciliation with Epay's order query, and the top-up history (orders and redeemed codes). Money moves only through
 * gw_complete_topup_order (migrations/src/1764820800000-topup-orders.ts).
 */
@Module({
  imports: [TypeOrmModule.forFeature([TopupOrderEntity])],
  controllers: [TopupController, TopupAdminController, EpayNotifyController],
  providers: [TopupService, TopupOrdersService, TopupHistoryService, EpayNotifyService, EpayClient, TopupReconcileService, TopupReconcileJob, UserEvents],
  exports: [TopupOrdersService, TopupService],
})
export class PaymentsModule {}
