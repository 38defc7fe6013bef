import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { JobsService } from '../jobs/jobs.service';
import { SessionsService } from './sessions.service';

export const SESSION_CLEANUP_JOB = 'session-cleanup';
const HOUR_MS = 3600_000;

/** Deletes expired sessions every hour, so the table holds only live ones. */
@Injectable()
export class SessionCleanupJob implements OnModuleInit {
  private readonly logger = new Logger(SessionCleanupJob.name);

  constructor(
    private readonly jobs: JobsService,
    private readonly sessions: SessionsService,
  ) {}

  onModuleInit(): void {
    this.jobs.register({
      name: SESSION_CLEANUP_JOB,
      handle: async () => {
        const removed = await this.sessions.deleteExpired();
        if (removed > 0) this.logger.log(`Removed ${removed} expired session(s)`);
      },
    });
    this.jobs.addSchedule({ job: SESSION_CLEANUP_JOB, everyMs: () => HOUR_MS });
  }
}
