import { Logger } from '@nestjs/common';
import { Queue, QueueEvents, Worker } from 'bullmq';
import type { RedisService } from '../redis/redis.service';
import type { EnqueueOptions, JobBackend, JobDefinition, JobFailure } from './job.types';

const KEEP_COMPLETED = { age: 24 * 3600, count: 1000 };
const KEEP_FAILED = { age: 7 * 24 * 3600 };

/** Jobs on Redis through BullMQ: any number of worker processes share the queues (DESIGN.md §6-7). */
export class BullMqBackend implements JobBackend {
  private readonly logger = new Logger('Jobs');
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private queueEvents = new Map<string, QueueEvents>();
  private readonly known = new Map<string, JobDefinition>();

  constructor(
    private readonly redis: RedisService,
    definitions: JobDefinition[],
  ) {
    for (const definition of definitions) this.known.set(definition.name, definition);
  }

  /** The queue of a registered job, created on first use (also shown on the queue dashboard, queue-board/). */
  queue(name: string): Queue {
    const definition = this.known.get(name);
    if (!definition) throw new Error(`No handler for job "${name}"`);
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.redis.connect({ forBullMq: true }),
        prefix: `${this.redis.prefix}:bull`,
        defaultJobOptions: {
          attempts: definition.attempts ?? 3,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: KEEP_COMPLETED,
          removeOnFail: KEEP_FAILED,
        },
      });
      queue.on('error', (error) => this.reportError(`Queue ${name}`, error));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /**
   * BullMQ's queues, workers and event readers report every failed reconnection while Redis is
   * down; those are the outage that RedisService logs once. Anything else is logged here.
   */
  private reportError(what: string, error: Error): void {
    if (this.redis.isUp()) this.logger.error(`${what}: ${error.message}`);
    else this.redis.noteOutage(error);
  }

  async startWorkers(definitions: JobDefinition[]): Promise<void> {
    for (const definition of definitions) {
      const worker = new Worker(definition.name, async (job) => definition.handle(job.data), {
        connection: this.redis.connect({ forBullMq: true }),
        prefix: `${this.redis.prefix}:bull`,
        concurrency: definition.concurrency ?? 1,
      });
      worker.on('failed', (job, error) => this.logger.error(`Job ${definition.name} ${job?.id ?? ''} failed: ${error.message}`));
      worker.on('error', (error) => this.reportError(`Worker ${definition.name}`, error));
      this.workers.push(worker);
    }
  }

  async enqueue(name: string, data: unknown, options: EnqueueOptions = {}): Promise<void> {
    await this.queue(name).add(name, data, { jobId: options.jobId });
  }

  async run(name: string, data: unknown, timeoutMs: number): Promise<void> {
    let events = this.queueEvents.get(name);
    if (!events) {
      events = new QueueEvents(name, { connection: this.redis.connect({ forBullMq: true }), prefix: `${this.redis.prefix}:bull` });
      events.on('error', (error) => this.reportError(`Queue events ${name}`, error));
      this.queueEvents.set(name, events);
      await events.waitUntilReady();
    }
    const job = await this.queue(name).add(name, data);
    await job.waitUntilFinished(events, timeoutMs);
  }

  async schedule(name: string, everyMs: number): Promise<void> {
    // One scheduler per job name: every instance upserts the same one, so it runs once per interval.
    await this.queue(name).upsertJobScheduler(name, { every: everyMs }, { name, data: {} });
  }

  async unschedule(name: string): Promise<void> {
    await this.queue(name).removeJobScheduler(name);
  }

  async counts(name: string): Promise<Record<string, number>> {
    return this.queue(name).getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed');
  }

  async recentFailures(name: string, limit: number): Promise<JobFailure[]> {
    // The failed set is ordered by finish time; getFailed reads it newest first.
    const jobs = await this.queue(name).getFailed(0, limit - 1);
    return jobs
      // A job removed (by age) between listing and reading comes back undefined.
      .filter((job) => job !== undefined)
      .map((job) => ({
        id: String(job.id ?? ''),
        name: job.name,
        failed_reason: job.failedReason ?? '',
        finished_at: Math.floor((job.finishedOn ?? job.timestamp) / 1000),
      }));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
    await Promise.all([...this.queueEvents.values()].map((events) => events.close()));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}
