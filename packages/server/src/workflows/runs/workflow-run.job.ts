import { Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { JobsService } from '../../jobs/jobs.service';
import { RunEngine } from './run-engine';
import { RunStore } from './run-store';

export const WORKFLOW_RUN_JOB = 'workflow-run';

export interface WorkflowRunJobData {
  runId: number;
}

/** A run's job id; a resumed run gets a new one (BullMQ may still hold the dead worker's job under the old id). */
export const workflowRunJobId = (runId: number, resumes: number): string => `${WORKFLOW_RUN_JOB}-${runId}-${resumes}`;

/**
 * The `workflow-run` queue (DESIGN.md §6). Two runs at a time per process, each asking its answers
 * with its own bounded concurrency. One attempt: the engine records what fails; a run whose worker
 * died is taken over — at the start of any job-processing process (below), and by BullMQ's
 * redelivery of a stalled job — and goes on from its pending answers.
 */
@Injectable()
export class WorkflowRunJob implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(WorkflowRunJob.name);

  constructor(
    private readonly jobs: JobsService,
    private readonly engine: RunEngine,
    private readonly store: RunStore,
  ) {}

  onModuleInit(): void {
    this.jobs.register<WorkflowRunJobData>({ name: WORKFLOW_RUN_JOB, concurrency: 2, attempts: 1, handle: (data) => this.engine.execute(data.runId) });
  }

  enqueue(runId: number, resumes = 0): Promise<void> {
    return this.jobs.enqueue(WORKFLOW_RUN_JOB, { runId } satisfies WorkflowRunJobData, { jobId: workflowRunJobId(runId, resumes) });
  }

  /** Runs left running by a dead worker (or never started) are queued again (JobsModule's bootstrap, which starts the queue, runs first). */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.jobs.processesJobs) return;
    const orphans = await this.store.orphans();
    for (const { id, resumes } of orphans) await this.enqueue(id, resumes);
    if (orphans.length > 0) this.logger.log(`Resumed ${orphans.length} workflow run(s)`);
  }
}
