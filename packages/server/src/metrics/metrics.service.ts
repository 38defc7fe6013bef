import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { JobsService } from '../jobs/jobs.service';
import { HttpMetrics } from './http-metrics';
import { registerQueueMetrics } from './queue-metrics';
import { RelayMetrics } from './relay-metrics';

/**
 * The application's Prometheus metrics (docs/observability.md), in a registry of its own: one per
 * application instance, never prom-client's global one (tests run several apps in one process).
 */
@Injectable()
export class MetricsService {
  private readonly registry = new Registry();
  readonly relay = new RelayMetrics(this.registry);
  readonly http = new HttpMetrics(this.registry);

  constructor(jobs: JobsService) {
    collectDefaultMetrics({ register: this.registry });
    registerQueueMetrics(this.registry, jobs);
  }

  /** Every metric in Prometheus' text format. */
  exposition(): Promise<string> {
    return this.registry.metrics();
  }
}
