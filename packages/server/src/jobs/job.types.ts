/** A kind of job and the code that handles it, declared where the feature lives (STYLE.md). */
export interface JobDefinition<T = unknown> {
  name: string;
  /** Jobs must be idempotent: a job may be delivered again after a crash or a retry. */
  handle(data: T): Promise<void>;
  /** How many of this job run at once in one process. Default 1. */
  concurrency?: number;
  /** Attempts before the job counts as failed. Default 3. */
  attempts?: number;
}

/** A job that failed for good (all attempts used), for operators. */
export interface JobFailure {
  id: string;
  name: string;
  failed_reason: string;
  /** Unix seconds. */
  finished_at: number;
}

export interface EnqueueOptions {
  /** A job with the same id that is still waiting or running is not added twice. */
  jobId?: string;
}

/** The queue backend: BullMQ on Redis, or in-process for the embedded default (DESIGN.md §6). */
export interface JobBackend {
  /** Starts processing registered jobs (only in processes with ROLE worker or all). */
  startWorkers(definitions: JobDefinition[]): Promise<void>;
  enqueue(name: string, data: unknown, options?: EnqueueOptions): Promise<void>;
  /** Enqueues and resolves when the job has finished (rejects when it failed for good). */
  run(name: string, data: unknown, timeoutMs: number): Promise<void>;
  /** Creates or replaces the repeating schedule of a job. */
  schedule(name: string, everyMs: number): Promise<void>;
  unschedule(name: string): Promise<void>;
  /** Job counts per queue, for operators. */
  counts(name: string): Promise<Record<string, number>>;
  /** The latest jobs of a queue that failed for good, newest first. */
  recentFailures(name: string, limit: number): Promise<JobFailure[]>;
  close(): Promise<void>;
}
