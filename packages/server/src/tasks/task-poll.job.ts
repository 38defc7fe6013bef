import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobsService } from '../jobs/jobs.service';
import { TaskPoller } from './task-poller';

export const TASK_POLL_JOB = 'task-poll';

/**
 * The `task-poll` queue (DESIGN.md §6): every TASK_POLL_SECONDS one pass over the unfinished
 * tasks. Idempotent: a pass delivered twice changes each task once (compare-and-swap), and a
 * task's end is charged or refunded once.
 */
@Injectable()
export class TaskPollJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly poller: TaskPoller,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register({ name: TASK_POLL_JOB, attempts: 1, handle: () => this.poller.pollAll() });
    this.jobs.addSchedule({ job: TASK_POLL_JOB, everyMs: () => this.config.tasks.pollSeconds * 1000 });
  }
}
