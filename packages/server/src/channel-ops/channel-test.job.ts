import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { CHANNEL_STATUS } from '@gw/shared';
import { BusinessError } from '../common/business.error';
import { JobsService } from '../jobs/jobs.service';
import { OptionsService } from '../options/options.service';
import { ChannelRecords } from './channel-records';
import { ChannelTestService, type Tester } from './channel-test.service';
import { KeyRetestService } from './key-retest.service';
import { ModelTestService } from './model-tests.service';

export const CHANNEL_TEST_JOB = 'channel-test';

/** Tests running at once in one worker: enough to get through many channels, few enough not to look like a flood upstream. */
const CONCURRENCY = 4;

/**
 * One channel of a run; without channelId, a sweep that queues one job per channel. The schedule
 * enqueues `{}`, a sweep with no tester (so no log rows).
 */
export interface ChannelTestJobData {
  channelId?: number;
  runId?: string;
  tester?: Tester;
}

/**
 * The monitoring schedule runs when a test can change something: with neither automatic disable
 * nor automatic enable on, a sweep would only refresh response times, which is not worth a
 * request to every upstream every MonitorInterval minutes.
 */
export function monitorEveryMs(options: OptionsService): number {
  const monitoring = options.getBoolean('AutomaticDisableChannelEnabled') || options.getBoolean('AutomaticEnableChannelEnabled');
  return monitoring ? options.getNumber('MonitorInterval') * 60_000 : 0;
}

/** The `channel-test` queue (DESIGN.md §6): "test all" and the monitoring schedule. */
@Injectable()
export class ChannelTestJob implements OnModuleInit {
  private readonly logger = new Logger(ChannelTestJob.name);

  constructor(
    private readonly jobs: JobsService,
    private readonly records: ChannelRecords,
    private readonly tests: ChannelTestService,
    private readonly retests: KeyRetestService,
    private readonly modelTests: ModelTestService,
    private readonly options: OptionsService,
  ) {}

  onModuleInit(): void {
    this.jobs.register<ChannelTestJobData>({
      name: CHANNEL_TEST_JOB,
      concurrency: CONCURRENCY,
      handle: (data) => (data.channelId === undefined ? this.sweep(data) : this.testOne(data.channelId, data.tester)),
    });
    this.jobs.addSchedule({ job: CHANNEL_TEST_JOB, everyMs: monitorEveryMs });
  }

  /** Queues a test of every channel and returns at once (GET /api/channel/test). */
  async testAll(tester: Tester): Promise<void> {
    const runId = `m${Date.now()}`;
    await this.jobs.enqueue(CHANNEL_TEST_JOB, { runId, tester } satisfies ChannelTestJobData, { jobId: `sweep-${runId}` });
  }

  /**
   * Enabled and auto-disabled channels (the latter so that a working one comes back); manually
   * disabled ones are left alone. The job id names run and channel, so a channel is queued once
   * per run however often the sweep is delivered.
   */
  private async sweep({ runId = `s${Date.now()}`, tester }: ChannelTestJobData): Promise<void> {
    const ids = await this.records.idsWithStatus([CHANNEL_STATUS.ENABLED, CHANNEL_STATUS.AUTO_DISABLED]);
    for (const channelId of ids) {
      await this.jobs.enqueue(CHANNEL_TEST_JOB, { channelId, runId, tester } satisfies ChannelTestJobData, { jobId: `${runId}-${channelId}` });
    }
  }

  /**
   * With automatic enable on, the keys the gateway disabled in a multi-key channel are retested
   * first: a channel disabled for want of keys comes back through them, and its own test then
   * uses a working key. Last, the models the gateway disabled on the channel (model-level health)
   * are tested each, when the channel is enabled, and those that answer come back.
   */
  private async testOne(channelId: number, tester: Tester | undefined): Promise<void> {
    try {
      const autoEnable = this.options.getBoolean('AutomaticEnableChannelEnabled');
      if (autoEnable) await this.retests.retestAutoDisabled(channelId);
      await this.tests.test(channelId, undefined, tester);
      if (autoEnable) await this.modelTests.retestAutoDisabled(channelId, tester);
    } catch (error) {
      // Deleted since the sweep, no model to test, key unreadable: retrying will not help.
      if (!(error instanceof BusinessError)) throw error;
      this.logger.warn(`Channel ${channelId} not tested: ${error.message}`);
    }
  }
}
