import type { IncomingHttpHeaders } from 'node:http';
import type { ChatAdaptor, ProviderAdaptor } from '../adaptors/adaptor';
import type { Json } from '../json';
import type { TokenCounter } from '../billing/token-count';
import type { RelayError } from '../relay-error';
import type { ClientFraming } from '../stream/client-framing';

/** The API formats clients speak to the relay; the log records which one a request came in (inbound_format). */
export type InboundFormatName = 'openai' | 'anthropic' | 'responses' | 'gemini';

/**
 * A client API format at the edge of the relay (DESIGN.md §5.0). The pipeline behind every format
 * is the same (token, limits, reservation, channel choice and failover, billing, log); a format
 * checks and counts its requests, says how a channel serves them (natively when the channel speaks
 * the format, else through the channel's chat adaptor and a conversion), and writes replies,
 * streams and errors in its own shape.
 */
export interface InboundFormat<Chunk = unknown> {
  readonly name: InboundFormatName;
  /** How this format's streams are written. */
  readonly framing: ClientFraming<Chunk>;
  /** Refuses, with a RelayError, a body the pipeline could not bill or a channel could not read. */
  check(body: Json): Json;
  /**
   * The prompt tokens of a request counted locally with `count` (exact by default): the
   * reservation, and the bill when the upstream reports no usage.
   */
  promptTokens(body: Json, count?: TokenCounter): number;
  /** How a channel of this provider serves this format's chat requests; undefined when it cannot. */
  chatAdaptor(provider: ProviderAdaptor): ChatAdaptor<Chunk> | undefined;
  /** The client's headers that a channel speaking this format natively receives. */
  nativeHeaders(headers: IncomingHttpHeaders): Record<string, string>;
  /** An error as this format's clients read it: the status and the body. */
  errorReply(error: RelayError): { status: number; body: unknown };
}
