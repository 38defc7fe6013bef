import type { ClientChunk } from '../adaptors/adaptor';

/** How a client format writes a stream: each piece as SSE text, the end of a finished stream, a late error. */
export interface ClientFraming<Chunk> {
  encode(chunk: Chunk): string;
  /** Written after the last piece of a finished stream. */
  readonly end: string;
  /** The event that ends a stream the upstream broke after the client's headers were sent. */
  error(message: string): string;
  /** The Content-Type of the stream, when it is not SSE (Gemini's JSON array). */
  readonly contentType?: string;
}

/** OpenAI's: `data:` lines, `[DONE]` at the end, an error object in a data line. */
export const OPENAI_FRAMING: ClientFraming<ClientChunk> = {
  encode: (chunk) => `data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`,
  end: 'data: [DONE]\n\n',
  error: (message) => `data: ${JSON.stringify({ error: { message, type: 'upstream_error', code: null } })}\n\n`,
};
