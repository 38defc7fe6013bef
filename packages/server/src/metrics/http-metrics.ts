import { performance } from 'node:perf_hooks';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Histogram, type Registry } from 'prom-client';

/** The route label of a request no Nest route served (console files, uploads, unknown paths, refusals before routing). */
export const NO_ROUTE = 'other';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Requests served through Express (the console API; the relay's POST calls skip Express and are
 * counted by RelayMetrics). Labelled by the route pattern that matched (`/api/channel/:id`), never
 * the path itself, so that ids and query strings cannot multiply the series.
 */
export class HttpMetrics {
  private readonly duration: Histogram<'method' | 'route' | 'status'>;

  constructor(registry: Registry) {
    this.duration = new Histogram({
      name: 'gw_http_request_duration_seconds',
      help: 'HTTP requests served through Express, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: BUCKETS,
      registers: [registry],
    });
  }

  /** Express middleware, first in the chain: times each request until its response is closed. */
  middleware(): RequestHandler {
    return (request: Request, response: Response, next: NextFunction) => {
      const startedAt = performance.now();
      response.once('close', () => {
        const route = (request.route as { path?: unknown } | undefined)?.path;
        this.duration.observe(
          { method: request.method, route: typeof route === 'string' ? route : NO_ROUTE, status: response.statusCode },
          (performance.now() - startedAt) / 1000,
        );
      });
      next();
    };
  }
}
