import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import type { ClientChunk } from './adaptors/adaptor';
import { OPENAI_INBOUND } from './inbound/openai-inbound';
import { RelayError } from './relay-error';
import { type RelayOutcome, RelayService } from './relay.service';
import { chunkDelta } from './stream/chunk-delta';
import { type ClientFraming, OPENAI_FRAMING } from './stream/client-framing';
import { TokenAuthService } from './token-auth.service';

/** What an internal chat call produced, once settled. */
export interface InternalAnswer {
  answer: string;
  reasoning: string;
  /** Set when the upstream broke off mid-answer: what came before it was still charged. */
  streamError: string;
  outcome: RelayOutcome;
}

export interface InternalChatHooks {
  /** Each piece of the answer as it streams. */
  onDelta?(content: string): void;
  /** Keeps the answer before the charge is settled (RelayObserver.record); throwing refuses the charge. */
  record?(answer: InternalAnswer): Promise<void>;
}

/** OpenAI's framing with every chunk's text kept (and told) on the side. */
class AnswerCapture implements ClientFraming<ClientChunk> {
  readonly end = OPENAI_FRAMING.end;
  answer = '';
  reasoning = '';
  streamError = '';

  constructor(private readonly onDelta?: (content: string) => void) {}

  encode(chunk: ClientChunk): string {
    const { content, reasoning } = chunkDelta(chunk);
    this.answer += content;
    this.reasoning += reasoning;
    if (content && this.onDelta) this.onDelta(content);
    return '';
  }

  error(message: string): string {
    this.streamError = message;
    return '';
  }
}

/** The largest error body kept from a refused call (its message is what matters). */
const MAX_KEPT_BODY = 64 * 1024;

/**
 * Stands in for the client's response in an internal call: the relay writes a streamed answer's
 * pieces through the capture (which keeps them) and a refusal as a whole JSON body, kept here.
 * Only what the relay uses of a ServerResponse is implemented. `close()` is the caller going away.
 */
class InternalResponse extends EventEmitter {
  statusCode = 200;
  headersSent = false;
  writableEnded = false;
  writableFinished = false;
  destroyed = false;
  body = '';

  setHeader(): this {
    return this;
  }

  writeHead(status: number): this {
    this.statusCode = status;
    this.headersSent = true;
    return this;
  }

  write(chunk: string | Buffer): boolean {
    this.headersSent = true;
    if (this.body.length < MAX_KEPT_BODY) this.body += chunk.toString();
    return true;
  }

  end(chunk?: string | Buffer): this {
    if (this.writableEnded) return this;
    if (chunk !== undefined && chunk.length > 0) this.write(chunk);
    this.writableEnded = this.writableFinished = true;
    this.emit('finish');
    this.emit('close');
    return this;
  }

  close(): void {
    if (this.writableEnded || this.destroyed) return;
    this.destroyed = true;
    this.emit('close');
  }
}

/** The error message of a refused call's JSON body (OpenAI's shape), or the body itself. */
function refusalOf(status: number, body: string): RelayError {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown; type?: unknown; code?: unknown } };
    if (typeof parsed.error?.message === 'string') {
      return new RelayError(status, parsed.error.message, typeof parsed.error.type === 'string' ? parsed.error.type : undefined, typeof parsed.error.code === 'string' ? parsed.error.code : null);
    }
  } catch {
    // not JSON: the text as the message
  }
  return new RelayError(status, body.slice(0, 500) || `HTTP ${status}`);
}

const answerOf = (capture: AnswerCapture, outcome: RelayOutcome): InternalAnswer => ({
  answer: capture.answer,
  reasoning: capture.reasoning,
  streamError: capture.streamError,
  outcome,
});

const NO_BODY = Readable.from([]) as unknown as IncomingMessage;

/**
 * Chat completions asked by the gateway itself on a user's behalf (workflow runs): the same relay
 * pipeline as any call — the user's token, limits, reservation, channels with failover, settlement
 * and log row — without HTTP around it. The answer is always streamed from the upstream so that
 * first-token time is measured and pieces can be forwarded as they come.
 */
@Injectable()
export class InternalRelay {
  constructor(
    private readonly relay: RelayService,
    private readonly auth: TokenAuthService,
  ) {}

  /**
   * Asks one chat completion billed to `userId`. Resolves with the answer once settled; rejects
   * with a RelayError (its status says whether trying again may help) when it was refused or
   * failed, in which case nothing was charged. `signal` ends the call early (the caller left).
   */
  async chat(userId: number, body: Record<string, unknown>, hooks: InternalChatHooks = {}, signal?: AbortSignal): Promise<InternalAnswer> {
    const capture = new AnswerCapture(hooks.onDelta);
    const response = new InternalResponse();
    let settled: RelayOutcome | undefined;
    let failure: RelayError | undefined;
    const onAbort = () => response.close();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      await this.relay.handle(
        'chat',
        { headers: {}, ip: '', path: '/v1/chat/completions', body: { ...body, stream: true, stream_options: { include_usage: true } }, stream: NO_BODY },
        response as unknown as ServerResponse,
        {
          authorize: () => this.auth.authorizeUser(userId, ''),
          format: { ...OPENAI_INBOUND, framing: capture },
          observer: {
            holdsStreamEnd: false,
            record: hooks.record ? (outcome) => hooks.record!(answerOf(capture, outcome)) : undefined,
            settled: async (outcome) => {
              settled = outcome;
            },
            failed: async (error) => {
              failure = error;
            },
          },
        },
      );
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    if (failure) throw failure;
    if (!settled) throw refusalOf(response.statusCode === 200 ? 500 : response.statusCode, response.body);
    return answerOf(capture, settled);
  }
}
