import { performance } from 'node:perf_hooks';
import { Counter, Histogram, type Registry } from 'prom-client';
import type { RelayContext } from '../relay/relay-context';

/** Whole relay requests: from a few hundred ms (small answers) to minutes (long streams). */
const DURATION_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300];
const FIRST_TOKEN_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20, 30, 60];

/**
 * The relay's figures (docs/observability.md). Each hook is one observe or inc with label values
 * the request context already holds. The model is one some channel serves (admission refuses any
 * other before these hooks), so the series stay as many as the configured models and channels.
 */
export class RelayMetrics {
  private readonly duration: Histogram<'model' | 'channel' | 'outcome'>;
  private readonly firstToken: Histogram<'model' | 'channel'>;
  private readonly upstreamErrors: Counter<'channel' | 'status'>;
  private readonly quota: Counter<'model'>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.duration = new Histogram({
      name: 'gw_relay_request_duration_seconds',
      help: 'Relay requests from arrival to the end of the answer, by requested model, channel of the last attempt (0: none tried) and outcome',
      labelNames: ['model', 'channel', 'outcome'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.firstToken = new Histogram({
      name: 'gw_relay_first_token_seconds',
      help: 'Streamed relay requests from arrival to the first token, by requested model and channel',
      labelNames: ['model', 'channel'],
      buckets: FIRST_TOKEN_BUCKETS,
      registers,
    });
    this.upstreamErrors = new Counter({
      name: 'gw_relay_upstream_errors_total',
      help: 'Failed upstream attempts by channel and HTTP status (0: no answer: connection error, timeout, broken stream)',
      labelNames: ['channel', 'status'],
      registers,
    });
    this.quota = new Counter({
      name: 'gw_relay_quota_charged_total',
      help: 'Quota charged for relayed requests at settlement, by requested model (500000 = 1 USD)',
      labelNames: ['model'],
      registers,
    });
  }

  /** A request that reached channel choice ended; `channel` is the last one tried, 0 when none was. */
  finished(ctx: RelayContext, channel: number, outcome: 'success' | 'error'): void {
    const model = ctx.requestModel;
    this.duration.observe({ model, channel, outcome }, (performance.now() - ctx.startedAt) / 1000);
    if (outcome === 'success' && ctx.firstTokenAt !== undefined) this.firstToken.observe({ model, channel }, (ctx.firstTokenAt - ctx.startedAt) / 1000);
  }

  charged(model: string, quota: number): void {
    if (quota > 0) this.quota.inc({ model }, quota);
  }

  upstreamFailed(channel: number, status: number): void {
    this.upstreamErrors.inc({ channel, status });
  }
}
