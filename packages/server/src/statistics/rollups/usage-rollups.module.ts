import { Module } from '@nestjs/common';
import { LogPartitions } from '../../logs/log-partitions';
import { UsageRollupJob } from './usage-rollup.job';
import { UsageRollupService } from './usage-rollup.service';

/** The usage roll-ups and the log partitions they outlive (issue 17); read by statistics, monitor and dashboard. */
@Module({
  providers: [UsageRollupService, UsageRollupJob, LogPartitions],
  exports: [UsageRollupService, LogPartitions],
})
export class UsageRollupsModule {}
