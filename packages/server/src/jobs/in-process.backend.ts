import { Logger } from '@nestjs/common';
import type { EnqueueOptions, JobBackend, JobDefinition } from './job.types';

interface Pending {
  data: unknown;
  jobId?: string;
  attemptsMade: number;
  settle?: { resolve: () => void; reject: (error: unknown) => void };
}

interface Lane {
  definition: JobDefinition;
  waiting: Pending[];
  active: number;
  completed: number;
  failed: number;
  timer?: NodeJS.Timeout;
}

const RETRY_DELAY_MS = 1000;

/**
 * The embedded job runner: the same processors as BullMQ, run inside this process with the same
 * rules (per-job concurrency, retries, duplicate ids dropped, repeating schedules).
 */
export class InProcessBackend implements JobBackend {
  private readonly logger = new Logger('Jobs');
  private readonly lanes = new Map<string, Lane>();
  private readonly pendingIds = new Set<string>();
  private closed = false;

  async startWorkers(definitions: JobDefinition[]): Promise<void> {
    for (const definition of definitions) {
      this.lanes.set(definition.name, { definition, waiting: [], active: 0, completed: 0, failed: 0 });
    }
  }

  private lane(name: string): Lane {
    const lane = this.lanes.get(name);
    if (!lane) throw new Error(`No handler for job "${name}"`);
    return lane;
  }

  async enqueue(name: string, data: unknown, options: EnqueueOptions = {}): Promise<void> {
    this.push(name, { data, jobId: options.jobId, attemptsMade: 0 });
  }

  run(name: string, data: unknown, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Job ${name} did not finish within ${timeoutMs} ms`)), timeoutMs);
      const settle = {
        resolve: () => (clearTimeout(timer), resolve()),
        reject: (error: unknown) => (clearTimeout(timer), reject(error)),
      };
      this.push(name, { data, attemptsMade: 0, settle });
    });
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
    setImmediate(() => this.drain(lane));
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
        setTimeout(() => {
          lane.waiting.push(job);
          this.drain(lane);
        }, RETRY_DELAY_MS * job.attemptsMade).unref();
        return;
      }
      lane.failed += 1;
      if (key) this.pendingIds.delete(key);
      this.logger.error(`Job ${lane.definition.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      job.settle?.reject(error);
    }
  }

  async schedule(name: string, everyMs: number): Promise<void> {
    const lane = this.lane(name);
    if (lane.timer) clearInterval(lane.timer);
    lane.timer = setInterval(() => void this.enqueue(name, {}, { jobId: 'scheduled' }), everyMs);
    lane.timer.unref();
  }

  async unschedule(name: string): Promise<void> {
    const lane = this.lane(name);
    if (lane.timer) clearInterval(lane.timer);
    lane.timer = undefined;
  }

  async counts(name: string): Promise<Record<string, number>> {
    const lane = this.lane(name);
    return { waiting: lane.waiting.length, active: lane.active, completed: lane.completed, failed: lane.failed };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const lane of this.lanes.values()) if (lane.timer) clearInterval(lane.timer);
    // Let running jobs finish; waiting ones are dropped (an embedded process has no queue to keep them in).
    while ([...this.lanes.values()].some((lane) => lane.active > 0)) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
