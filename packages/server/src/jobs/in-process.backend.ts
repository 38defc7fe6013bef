import { Logger } from '@nestjs/common';
import { outsideRequests } from '../common/request-id';
import { nowSeconds } from '../common/time';
import type { EnqueueOptions, JobBackend, JobDefinition, JobFailure } from './job.types';

interface Pending {
  /** The caller's job id, or a number from this process's sequence. */
  id: string;
  data: unknown;
  jobId?: string;
  attemptsMade: number;
  settle?: { resolve: () => void; reject: (error: unknown) => void };
}

interface Lane {
  definition: JobDefinition;
  waiting: Pending[];
  active: number;
  /** Jobs waiting out their retry delay. */
  delayed: number;
  completed: number;
  failed: number;
  /** The latest failures, newest first, at most FAILURES_KEPT (the process may run for months). */
  failures: JobFailure[];
  timer?: NodeJS.Timeout;
}

const RETRY_DELAY_MS = 1000;
const FAILURES_KEPT = 50;
/** Node runs a timer longer than 2^31-1 ms (~24.8 days) after 1 ms; longer schedules fire at this bound instead. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The embedded job runner: the same processors as BullMQ, run inside this process with the same
 * rules (per-job concurrency, retries, duplicate ids dropped, repeating schedules).
 */
export class InProcessBackend implements JobBackend {
  private readonly logger = new Logger('Jobs');
  private readonly lanes = new Map<string, Lane>();
  private readonly pendingIds = new Set<string>();
  private sequence = 0;
  private closed = false;

  async startWorkers(definitions: JobDefinition[]): Promise<void> {
    for (const definition of definitions) {
      this.lanes.set(definition.name, { definition, waiting: [], active: 0, delayed: 0, completed: 0, failed: 0, failures: [] });
    }
  }

  private lane(name: string): Lane {
    const lane = this.lanes.get(name);
    if (!lane) throw new Error(`No handler for job "${name}"`);
    return lane;
  }

  async enqueue(name: string, data: unknown, options: EnqueueOptions = {}): Promise<void> {
    this.push(name, { id: options.jobId ?? this.nextId(), data, jobId: options.jobId, attemptsMade: 0 });
  }

  run(name: string, data: unknown, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Job ${name} did not finish within ${timeoutMs} ms`)), timeoutMs);
      const settle = {
        resolve: () => (clearTimeout(timer), resolve()),
        reject: (error: unknown) => (clearTimeout(timer), reject(error)),
      };
      this.push(name, { id: this.nextId(), data, attemptsMade: 0, settle });
    });
  }

  private nextId(): string {
    this.sequence += 1;
    return String(this.sequence);
  }

  private push(name: string, job: Pending): void {
    const lane = this.lane(name);
    if (this.closed) throw new Error('job runner is closed');
    const key = job.jobId ? `${name}:${job.jobId}` : undefined;
    if (key) {
      if (this.pendingIds.has(key)) return;
      this.pendingIds.add(key);
    }
    lane.waiting.push(job);
    // A job runs as no HTTP request's, as it would on a BullMQ worker: its log lines do not carry
    // the id of whichever request enqueued it or changed the schedule that did.
    outsideRequests(() => setImmediate(() => this.drain(lane)));
  }

  private drain(lane: Lane): void {
    while (!this.closed && lane.waiting.length > 0 && lane.active < (lane.definition.concurrency ?? 1)) {
      const job = lane.waiting.shift()!;
      lane.active += 1;
      void this.execute(lane, job).finally(() => {
        lane.active -= 1;
        this.drain(lane);
      });
    }
  }

  private async execute(lane: Lane, job: Pending): Promise<void> {
    const key = job.jobId ? `${lane.definition.name}:${job.jobId}` : undefined;
    try {
      await lane.definition.handle(job.data);
      lane.completed += 1;
      if (key) this.pendingIds.delete(key);
      job.settle?.resolve();
    } catch (error) {
      job.attemptsMade += 1;
      if (job.attemptsMade < (lane.definition.attempts ?? 3) && !this.closed) {
        lane.delayed += 1;
        setTimeout(() => {
          lane.delayed -= 1;
          lane.waiting.push(job);
          this.drain(lane);
        }, RETRY_DELAY_MS * job.attemptsMade).unref();
        return;
      }
      lane.failed += 1;
      if (key) this.pendingIds.delete(key);
      const reason = error instanceof Error ? error.message : String(error);
      lane.failures.unshift({ id: job.id, name: lane.definition.name, failed_reason: reason, finished_at: nowSeconds() });
      lane.failures.length = Math.min(lane.failures.length, FAILURES_KEPT);
      this.logger.error(`Job ${lane.definition.name} failed: ${reason}`);
      job.settle?.reject(error);
    }
  }

  async schedule(name: string, everyMs: number): Promise<void> {
    const lane = this.lane(name);
    if (lane.timer) clearInterval(lane.timer);
    const run = () => void this.enqueue(name, {}, { jobId: 'scheduled' });
    lane.timer = setInterval(run, Math.min(everyMs, LONGEST_TIMER_MS));
    lane.timer.unref();
    // As BullMQ's job scheduler does: the first run is now, not one interval later.
    run();
  }

  async unschedule(name: string): Promise<void> {
    const lane = this.lane(name);
    if (lane.timer) clearInterval(lane.timer);
    lane.timer = undefined;
  }

  async counts(name: string): Promise<Record<string, number>> {
    const lane = this.lane(name);
    return { waiting: lane.waiting.length, active: lane.active, completed: lane.completed, failed: lane.failed, delayed: lane.delayed };
  }

  async recentFailures(name: string, limit: number): Promise<JobFailure[]> {
    return this.lane(name).failures.slice(0, limit);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const lane of this.lanes.values()) if (lane.timer) clearInterval(lane.timer);
    // Let running jobs finish; waiting ones are dropped (an embedded process has no queue to keep them in).
    while ([...this.lanes.values()].some((lane) => lane.active > 0)) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
