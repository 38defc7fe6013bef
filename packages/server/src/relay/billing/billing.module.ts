import { Module } from '@nestjs/common';
import { InstanceLiveness } from './instance-liveness.service';
import { QuotaLedgerService } from './quota-ledger.service';
import { UserQuotaService } from './user-quota.service';

/**
 * Quota moves (DESIGN.md §5.6): the relay's ledger with its holds and durable reservations, the
 * liveness that recovers what dead instances reserved, and the one way an administrator changes a
 * balance (UserQuotaService), which must agree with the holds.
 */
@Module({
  providers: [QuotaLedgerService, InstanceLiveness, UserQuotaService],
  exports: [QuotaLedgerService, UserQuotaService, InstanceLiveness],
})
export class BillingModule {}
