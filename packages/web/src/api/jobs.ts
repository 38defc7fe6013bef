import { http } from '@/api/http';

/** How many jobs of a queue are in each state. */
export interface QueueCounts {
  waiting: number;
  active: number;
  completed: number;
  failed: number;
  delayed: number;
}

/** A job that failed for good. */
export interface JobFailure {
  id: string;
  name: string;
  failed_reason: string;
  /** Unix seconds. */
  finished_at: number;
}

/** One background queue: its counts and its latest failures, newest first. */
export interface QueueStatus {
  queue: string;
  counts: QueueCounts;
  recent_failures: JobFailure[];
}

/** Every background queue (administrators only). */
export const listQueueStatus = () => http.get<QueueStatus[]>('/api/jobs/status');
