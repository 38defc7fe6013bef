import { Injectable, OnModuleInit } from '@nestjs/common';
import { monitorEveryMs } from '../channel-ops/channel-test.job';
import { nowSeconds } from '../common/time';
import { JobsService } from '../jobs/jobs.service';
import { OptionsService } from '../options/options.service';
import { HeartbeatRunner } from './heartbeat-runner';
import { heartbeatSlot } from './heartbeat-slot';

export const MODEL_HEARTBEAT_JOB = 'model-heartbeat';

/** Without a slot the job is the schedule's tick; with one it is the run of that slot. */
export interface ModelHeartbeatData {
  slot?: number;
}

const intervalSeconds = (options: OptionsService) => options.getNumber('MonitorInterval') * 60;

/**
 * Probes every enabled model of every enabled channel every `MonitorInterval` minutes and stores a
 * heartbeat for each (the model health page, spec 2 §2).
 *
 * It runs only while monitoring is on (automatic disable or enable of channels), on the same rule
 * as the channel-test sweep: each run is a real, billed request per model and channel (with 20
 * models on 10 channels, 288,000 a day at the default interval), which an operator should choose,
 * and "monitoring" then means one thing. Until then the health page stays empty.
 *
 * A tick turns into a run carrying its time slot, enqueued with the slot as job id: a tick delivered
 * twice enqueues one run, and a run retried or delivered twice keeps its slot, so the unique
 * (slot, channel, model) index stores each probe once.
 */
@Injectable()
export class ModelHeartbeatJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly runner: HeartbeatRunner,
    private readonly options: OptionsService,
  ) {}

  onModuleInit(): void {
    this.jobs.register<ModelHeartbeatData>({ name: MODEL_HEARTBEAT_JOB, handle: (data) => this.handle(data) });
    this.jobs.addSchedule({ job: MODEL_HEARTBEAT_JOB, everyMs: monitorEveryMs });
  }

  private async handle(data: ModelHeartbeatData): Promise<void> {
    if (data?.slot === undefined) return this.tick();
    if (!Number.isSafeInteger(data.slot) || data.slot < 0) throw new Error(`任务数据无效：slot 必须是以秒为单位的时间戳，收到 ${JSON.stringify(data.slot)}`);
    await this.runner.run(data.slot);
  }

  private async tick(): Promise<void> {
    const slot = heartbeatSlot(nowSeconds(), intervalSeconds(this.options));
    await this.jobs.enqueue(MODEL_HEARTBEAT_JOB, { slot }, { jobId: `slot-${slot}` });
  }
}
