import type { AffinitySession } from './affinity/binding';
import type { InboundFormat } from './inbound/inbound-format';
import type { RelayContext } from './relay-context';
import type { RouteTrail } from './route-trail';

/**
 * A request as the pipeline carries it: the adaptors' context plus the client format that reads
 * the request, chooses the chat adaptor and writes the answer. The format stays out of
 * RelayContext because formats choose adaptors, so adaptors must not depend on formats.
 */
export interface PipelineContext extends RelayContext {
  format: InboundFormat;
  /** The client's session, when the request names one and sticky routing is on (DESIGN.md §5.9). */
  session?: AffinitySession;
  /** How channel choice went: the log's `other.route` and X-Gateway-Route. */
  route: RouteTrail;
  /** A subscriber's request: which pool its reservation came from (the log's `other.pool`), and the plan's subscription and period. */
  paidBy?: PaidBy;
}

export type PaidBy = { pool: 'plan'; subscriptionId: number; periodStart: number } | { pool: 'wallet' };
