import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { OptionsService } from '../options/options.service';
import { RedisService } from '../redis/redis.service';
import { BullMqBackend } from './bullmq.backend';
import { InProcessBackend } from './in-process.backend';
import type { EnqueueOptions, JobBackend, JobDefinition, JobFailure } from './job.types';

export interface ScheduleDefinition {
  job: string;
  /** Interval in ms read from the options, or 0 to pause the schedule. Re-read when options change. */
  everyMs: (options: OptionsService) => number;
}

/**
 * The one job interface of the product. Features register their job definitions and schedules in
 * onModuleInit; at bootstrap the backend is chosen (BullMQ with REDIS_URL, in-process without),
 * workers start in processes with ROLE worker or all, and schedules follow the options.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Jobs');
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly schedules: ScheduleDefinition[] = [];
  private readonly activeIntervals = new Map<string, number>();
  private backend?: JobBackend;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisService,
    private readonly options: OptionsService,
  ) {}

  register<T>(definition: JobDefinition<T>): void {
    if (this.backend) throw new Error(`Job "${definition.name}" registered after start`);
    if (this.definitions.has(definition.name)) throw new Error(`Job "${definition.name}" registered twice`);
    this.definitions.set(definition.name, definition as JobDefinition);
  }

  addSchedule(schedule: ScheduleDefinition): void {
    if (!this.definitions.has(schedule.job)) throw new Error(`Schedule for unknown job "${schedule.job}"`);
    this.schedules.push(schedule);
  }

  get processesJobs(): boolean {
    return this.config.role !== 'api';
  }

  async onApplicationBootstrap(): Promise<void> {
    const definitions = [...this.definitions.values()];
    this.backend = this.redis.enabled ? new BullMqBackend(this.redis, definitions) : new InProcessBackend();
    if (!this.processesJobs) return;
    await this.backend.startWorkers(definitions);
    await this.syncSchedules();
    this.options.onChange(() => void this.syncSchedules());
    this.logger.log(`Processing ${definitions.length} job type(s) ${this.redis.enabled ? 'on Redis (BullMQ)' : 'in process'}`);
  }

  private get started(): JobBackend {
    if (!this.backend) throw new Error('jobs are not started yet');
    return this.backend;
  }

  enqueue(name: string, data: unknown = {}, options?: EnqueueOptions): Promise<void> {
    return this.started.enqueue(name, data, options);
  }

  /** Runs a job through the queue and waits for it (for operators' "run now" and for tests). */
  run(name: string, data: unknown = {}, timeoutMs = 60_000): Promise<void> {
    return this.started.run(name, data, timeoutMs);
  }

  counts(name: string): Promise<Record<string, number>> {
    return this.started.counts(name);
  }

  /** Every registered job name; each has its own queue. */
  queueNames(): string[] {
    return [...this.definitions.keys()];
  }

  /** The BullMQ queue of every registered job, for the queue dashboard (queue-board/); undefined while jobs run in process. */
  bullMqQueues(): Queue[] | undefined {
    const backend = this.started;
    return backend instanceof BullMqBackend ? this.queueNames().map((name) => backend.queue(name)) : undefined;
  }

  recentFailures(name: string, limit: number): Promise<JobFailure[]> {
    return this.started.recentFailures(name, limit);
  }

  private async syncSchedules(): Promise<void> {
    for (const schedule of this.schedules) {
      const everyMs = schedule.everyMs(this.options);
      if (this.activeIntervals.get(schedule.job) === everyMs) continue;
      this.activeIntervals.set(schedule.job, everyMs);
      if (everyMs > 0) await this.started.schedule(schedule.job, everyMs);
      else await this.started.unschedule(schedule.job);
    }
  }

  /** Before connections close (onApplicationShutdown), so running jobs can finish their work. */
  async onModuleDestroy(): Promise<void> {
    await this.backend?.close();
  }
}
