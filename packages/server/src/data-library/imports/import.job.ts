import { Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { JobsService } from '../../jobs/jobs.service';
import { PoolDb } from '../../database/pool-db';
import { ImportRunner } from './import-runner';

export const DATASET_IMPORT_JOB = 'dataset-import';

export interface DatasetImportJobData {
  importId: number;
}

/** One job per import: the same import queued twice runs once (BullMQ refuses ":" in custom ids). */
export const importJobId = (importId: number): string => `${DATASET_IMPORT_JOB}-${importId}`;

/**
 * The `dataset-import` queue. One import at a time per process: an import is I/O and database
 * bound, and two at once would only share the same disk and connection. One attempt: a failure is
 * reported on the import; a crashed run comes back through BullMQ's stalled-job redelivery (or the
 * start-up resume below) and starts over.
 */
@Injectable()
export class ImportJob implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(ImportJob.name);

  constructor(
    private readonly jobs: JobsService,
    private readonly runner: ImportRunner,
    private readonly db: PoolDb,
  ) {}

  onModuleInit(): void {
    this.jobs.register<DatasetImportJobData>({ name: DATASET_IMPORT_JOB, concurrency: 1, attempts: 1, handle: (data) => this.handle(data.importId) });
  }

  enqueue(importId: number): Promise<void> {
    return this.jobs.enqueue(DATASET_IMPORT_JOB, { importId } satisfies DatasetImportJobData, { jobId: importJobId(importId) });
  }

  /**
   * Imports left queued or running by a stopped process are queued again: the in-process queue of
   * the embedded default dies with its process. On BullMQ the job id makes this a no-op for jobs
   * still known to Redis. (JobsModule is global, so its bootstrap, which starts the queue, runs first.)
   */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.jobs.processesJobs) return;
    const unfinished = await this.db.query<{ id: number }>(`SELECT id FROM data_imports WHERE status IN ('queued', 'running') ORDER BY id`, []);
    for (const { id } of unfinished) await this.enqueue(id);
    if (unfinished.length > 0) this.logger.log(`Resumed ${unfinished.length} unfinished import(s)`);
  }

  private async handle(importId: number): Promise<void> {
    try {
      await this.runner.run(importId);
    } catch (error) {
      // The runner reports what goes wrong while importing; this is a failure around it (the
      // database went away): leave no import shown as running for ever, if the database allows.
      await this.runner.abandon(importId, error);
      throw error;
    }
  }
}
