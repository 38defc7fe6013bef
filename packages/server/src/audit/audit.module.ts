import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditController } from './audit.controller';
import { AuditLog } from './audit-log.service';
import { AuditLogEntity } from './audit-log.entity';
import { AuditRetentionJob } from './audit-retention.job';

/** The audit log (issue 31). Global: every module that changes something an administrator owns records it here. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AuditLogEntity])],
  controllers: [AuditController],
  providers: [AuditLog, AuditRetentionJob],
  exports: [AuditLog],
})
export class AuditModule {}
