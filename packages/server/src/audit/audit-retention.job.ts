import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { JobsService } from '../jobs/jobs.service';
import { OptionsService } from '../options/options.service';
import { AuditLog } from './audit-log.service';

export const AUDIT_RETENTION_JOB = 'audit-retention';
const HOUR_MS = 3600_000;

/** Every hour, deletes audit rows older than AuditLogRetentionDays (the only deletion of audit rows). */
@Injectable()
export class AuditRetentionJob implements OnModuleInit {
  private readonly logger = new Logger(AuditRetentionJob.name);

  constructor(
    private readonly jobs: JobsService,
    private readonly options: OptionsService,
    private readonly audit: AuditLog,
  ) {}

  onModuleInit(): void {
    this.jobs.register({
      name: AUDIT_RETENTION_JOB,
      handle: async () => {
        const removed = await this.audit.deleteOlderThan(this.options.getNumber('AuditLogRetentionDays'));
        if (removed > 0) this.logger.log(`Removed ${removed} audit row(s) past their retention`);
      },
    });
    this.jobs.addSchedule({ job: AUDIT_RETENTION_JOB, everyMs: () => HOUR_MS });
  }
}
