import type { Usage } from '../billing/usage';
import type { RelayChannel, RelayContext, RelayMode } from '../relay-context';
import type { UpstreamBody, UpstreamCall } from '../upstream.client';

/** One translated piece for the client: an OpenAI chat.completion.chunk (object or raw JSON text). */
export type ClientChunk = string | Record<string, unknown>;

/** One server-sent event with its name and its data as JSON text (Anthropic names every event). */
export interface NamedEvent {
  event: string;
  data: string;
}

/** Turns one upstream stream into the client's pieces, and tells the usage it saw. */
export interface StreamTranslator<Chunk> {
  /** One upstream SSE event; returns the pieces to send (possibly none). `done` ends the stream. */
  event(event: { event?: string; data: string }): { chunks: Chunk[]; done?: boolean };
  /** Usage reported by the upstream, if any. */
  usage(): Usage | undefined;
  /** The text produced so far, for counting when the upstream reports no usage. */
  producedText(): string;
  /** The events that end a stream broken after the client's headers, when the format numbers its events (else the framing's error). */
  failure?(message: string): Chunk[];
}

/** Turns one upstream stream into OpenAI chunks. */
export type ChatStreamTranslator = StreamTranslator<ClientChunk>;

/**
 * A chat exchange with one upstream. `Chunk` is what its streams give the client: OpenAI chunks
 * for the chat adaptors (OpenAI request and response shapes on the client side), Anthropic's
 * named events for an adaptor whose client side is the Messages API.
 */
export interface ChatAdaptor<Chunk = ClientChunk> {
  chatRequest(ctx: RelayContext, body: Record<string, unknown>): UpstreamCall;
  /** Converts a non-streamed upstream reply; `raw` is the reply body as text. */
  chatResponse(ctx: RelayContext, raw: string): { body: string; usage?: Usage; model?: string };
  chatStream(ctx: RelayContext): StreamTranslator<Chunk>;
  /** The upstream's error body turned into a message for the client. */
  errorMessage(raw: string): string;
}

/** Anthropic's Messages API spoken natively: the client's request goes upstream as it is, apart from the model. */
export interface MessagesAdaptor extends ChatAdaptor<NamedEvent> {
  /** POST /v1/messages/count_tokens at the channel, for the (mapped) model; without it (or when it gives none for the model) the relay counts. */
  countTokensRequest?(channel: RelayChannel, model: string, forwarded: Readonly<Record<string, string>>, body: Record<string, unknown>): UpstreamCall | undefined;
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
  /** The Messages API natively, for clients that speak it (POST /v1/messages). */
  messages?: MessagesAdaptor;
  /** OpenAI's Responses API natively, for clients that speak it (POST /v1/responses). */
  responses?: ChatAdaptor<NamedEvent>;
  /** Gemini's generateContent natively, for clients that speak it (POST /v1beta/models/{model}:generateContent); its chunks are Google's events as JSON text. */
  gemini?: ChatAdaptor<string>;
  /** Modes served by passthrough (embeddings, images, …). */
  passthrough?: { adaptor: PassthroughAdaptor; modes: ReadonlySet<RelayMode> };
}
