import type { Usage } from '../billing/usage';
import type { RelayContext, RelayMode } from '../relay-context';
import type { UpstreamBody, UpstreamCall } from '../upstream.client';

/** One translated piece for the client: an OpenAI chat.completion.chunk (object or raw JSON text). */
export type ClientChunk = string | Record<string, unknown>;

/** Turns one upstream stream into OpenAI chunks, and tells the usage it saw. */
export interface ChatStreamTranslator {
  /** One upstream SSE event; returns the chunks to send (possibly none). `done` ends the stream. */
  event(event: { event?: string; data: string }): { chunks: ClientChunk[]; done?: boolean };
  /** Usage reported by the upstream, if any. */
  usage(): Usage | undefined;
  /** The text produced so far, for counting when the upstream reports no usage. */
  producedText(): string;
}

/** Chat completions in and out (OpenAI request and response shapes on the client side). */
export interface ChatAdaptor {
  chatRequest(ctx: RelayContext, body: Record<string, unknown>): UpstreamCall;
  /** Converts a non-streamed upstream reply; `raw` is the reply body as text. */
  chatResponse(ctx: RelayContext, raw: string): { body: string; usage?: Usage; model?: string };
  chatStream(ctx: RelayContext): ChatStreamTranslator;
  /** The upstream's error body turned into a message for the client. */
  errorMessage(raw: string): string;
}

/** Endpoints whose request and response already are OpenAI's shape on both sides (passthrough). */
export interface PassthroughAdaptor {
  /** `contentType` is undefined for a multipart form, whose boundary the HTTP client sets. */
  passthroughRequest(ctx: RelayContext, body: UpstreamBody, contentType: string | undefined): UpstreamCall;
  errorMessage(raw: string): string;
}

/** What a provider family offers; a mode it lacks is answered "not supported" by the relay. */
export interface ProviderAdaptor {
  chat?: ChatAdaptor;
  /** Modes served by passthrough (embeddings, images, …). */
  passthrough?: { adaptor: PassthroughAdaptor; modes: ReadonlySet<RelayMode> };
}
