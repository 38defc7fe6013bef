import { Injectable } from '@nestjs/common';
import type { JobFailure } from './job.types';
import { JobsService } from './jobs.service';

export const COUNTED_STATES = ['waiting', 'active', 'completed', 'failed', 'delayed'] as const;
/** Enough to see what keeps failing without paging through a queue's history. */
const RECENT_FAILURES = 10;

export interface QueueStatus {
  queue: string;
  counts: Record<(typeof COUNTED_STATES)[number], number>;
  recent_failures: JobFailure[];
}

/** What operators see of the queues (GET /api/jobs/status): counts and the latest failures. */
@Injectable()
export class QueueStatusService {
  constructor(private readonly jobs: JobsService) {}

  all(): Promise<QueueStatus[]> {
    return Promise.all(this.jobs.queueNames().map((queue) => this.of(queue)));
  }

  private async of(queue: string): Promise<QueueStatus> {
    const [raw, recentFailures] = await Promise.all([this.jobs.counts(queue), this.jobs.recentFailures(queue, RECENT_FAILURES)]);
    // Both backends report the same states; a state a backend has no jobs in reads 0.
    const counts = Object.fromEntries(COUNTED_STATES.map((state) => [state, raw[state] ?? 0])) as QueueStatus['counts'];
    return { queue, counts, recent_failures: recentFailures };
  }
}
