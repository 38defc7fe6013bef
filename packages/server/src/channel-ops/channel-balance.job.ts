import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { CHANNEL_STATUS } from '@gw/shared';
import { BusinessError } from '../common/business.error';
import { JobsService } from '../jobs/jobs.service';
import { ChannelBalanceService, MSG_BALANCE_UNSUPPORTED } from './channel-balance.service';
import { ChannelRecords } from './channel-records';

export const CHANNEL_BALANCE_JOB = 'channel-balance';

/** Balance calls are cheap but go to a handful of providers: a few at a time is plenty. */
const CONCURRENCY = 4;

/** One channel of a run; without channelId, a sweep that queues one job per enabled channel. */
export interface ChannelBalanceJobData {
  channelId?: number;
  runId: string;
}

/** The `channel-balance` queue (DESIGN.md §6): GET /api/channel/update_balance. */
@Injectable()
export class ChannelBalanceJob implements OnModuleInit {
  private readonly logger = new Logger(ChannelBalanceJob.name);

  constructor(
    private readonly jobs: JobsService,
    private readonly records: ChannelRecords,
    private readonly balances: ChannelBalanceService,
  ) {}

  onModuleInit(): void {
    this.jobs.register<ChannelBalanceJobData>({
      name: CHANNEL_BALANCE_JOB,
      concurrency: CONCURRENCY,
      handle: (data) => (data.channelId === undefined ? this.sweep(data.runId) : this.refreshOne(data.channelId)),
    });
  }

  /** Queues a refresh of every enabled channel and returns at once. */
  async refreshAll(): Promise<void> {
    const runId = `m${Date.now()}`;
    await this.jobs.enqueue(CHANNEL_BALANCE_JOB, { runId } satisfies ChannelBalanceJobData, { jobId: `sweep-${runId}` });
  }

  /** The job id names run and channel: a sweep delivered twice queues each channel once. */
  private async sweep(runId: string): Promise<void> {
    for (const channelId of await this.records.idsWithStatus([CHANNEL_STATUS.ENABLED])) {
      await this.jobs.enqueue(CHANNEL_BALANCE_JOB, { channelId, runId } satisfies ChannelBalanceJobData, { jobId: `${runId}-${channelId}` });
    }
  }

  private async refreshOne(channelId: number): Promise<void> {
    try {
      await this.balances.refresh(channelId);
    } catch (error) {
      // Types without a balance API (skipped quietly), deleted channels, a provider that refuses:
      // retrying will not help.
      if (!(error instanceof BusinessError)) throw error;
      if (error.message === MSG_BALANCE_UNSUPPORTED) return;
      this.logger.warn(`Channel ${channelId} balance not updated: ${error.message}`);
    }
  }
}
