import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { JobsService } from '../../jobs/jobs.service';
import { LogPartitions } from '../../logs/log-partitions';
import type { OptionsService } from '../../options/options.service';
import { UsageRollupService } from './usage-rollup.service';

export const USAGE_ROLLUP_JOB = 'usage-rollup';

/** Every `DataExportInterval` minutes (spec 1: the dashboard interval, at least 1). */
export const rollupEveryMs = (options: OptionsService) => Math.max(1, options.getNumber('DataExportInterval')) * 60_000;

/**
 * The `usage-rollup` queue (DESIGN.md §6): each run rolls up the logs written since the last one,
 * keeps the log partitions of the coming months created, and drops minute roll-ups past their
 * retention. Idempotent: a run delivered twice finds nothing left to add.
 */
@Injectable()
export class UsageRollupJob implements OnModuleInit {
  private readonly logger = new Logger(UsageRollupJob.name);

  constructor(
    private readonly jobs: JobsService,
    private readonly rollups: UsageRollupService,
    private readonly partitions: LogPartitions,
  ) {}

  onModuleInit(): void {
    this.jobs.register({ name: USAGE_ROLLUP_JOB, handle: () => this.run() });
    this.jobs.addSchedule({ job: USAGE_ROLLUP_JOB, everyMs: rollupEveryMs });
  }

  async run(): Promise<void> {
    await this.partitions.ensureAhead();
    const read = await this.rollups.catchUp();
    const pruned = await this.rollups.pruneMinutes();
    if (read > 0 || pruned > 0) this.logger.log(`Rolled up ${read} log(s); dropped ${pruned} minute roll-up(s) past retention`);
  }
}
