import { Logger } from '@nestjs/common';
import { Gauge, type Registry } from 'prom-client';
import { COUNTED_STATES } from '../jobs/queue-status.service';
import type { JobsService } from '../jobs/jobs.service';

/** A scrape does not wait longer than this for the queue counts (Redis down: BullMQ's commands wait for it). */
const READ_TIMEOUT_MS = 2000;

/**
 * Jobs per queue and state, read from the job backend when Prometheus scrapes: the states of
 * GET /api/jobs/status, `failed` being the jobs that failed for good and are still kept. With
 * BullMQ the queues are the deployment's, so every instance reports the same figures.
 */
export function registerQueueMetrics(registry: Registry, jobs: JobsService): void {
  const logger = new Logger('Metrics');
  const gauge: Gauge<'queue' | 'state'> = new Gauge({
    name: 'gw_queue_jobs',
    help: 'Jobs per queue and state (waiting, active, delayed, completed, failed), read at scrape time',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      // Figures that could not be read are left out rather than shown stale.
      gauge.reset();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${READ_TIMEOUT_MS} ms`)), READ_TIMEOUT_MS);
      });
      try {
        const queues = jobs.queueNames();
        const counts = await Promise.race([Promise.all(queues.map((queue) => jobs.counts(queue))), timeout]);
        queues.forEach((queue, index) => {
          for (const state of COUNTED_STATES) gauge.set({ queue, state }, counts[index][state] ?? 0);
        });
      } catch (error) {
        logger.warn(`Queue counts could not be read for /metrics: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        clearTimeout(timer);
      }
    },
  });
}
