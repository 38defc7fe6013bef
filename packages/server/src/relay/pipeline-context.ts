import type { InboundFormat } from './inbound/inbound-format';
import type { RelayContext } from './relay-context';

/**
 * A request as the pipeline carries it: the adaptors' context plus the client format that reads
 * the request, chooses the chat adaptor and writes the answer. The format stays out of
 * RelayContext because formats choose adaptors, so adaptors must not depend on formats.
 */
export interface PipelineContext extends RelayContext {
  format: InboundFormat;
}
