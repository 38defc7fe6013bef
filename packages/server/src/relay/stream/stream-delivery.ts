import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import type { ServerResponse } from 'node:http';
import { Logger } from '@nestjs/common';
import type { StreamTranslator } from '../adaptors/adaptor';
import type { Usage } from '../billing/usage';
import type { Cancellation } from '../client-disconnect';
import type { RelayContext } from '../relay-context';
import type { ClientFraming } from './client-framing';
import { SSE_FRAMING, type UpstreamFraming } from './upstream-framing';
import { UpstreamStreamError } from './upstream-stream-error';

export const MSG_STREAM_BROKEN = '上游流式响应中断';

const logger = new Logger('StreamDelivery');

export interface StreamResult {
  usage?: Usage;
  producedText: string;
  /** The client went away before the end; what was produced is still billed. */
  clientGone: boolean;
}

/**
 * Streams an upstream SSE answer to the client chunk by chunk (DESIGN.md §5.5), never holding
 * the whole answer, written in the client's format (`framing`). The client's headers are sent
 * with the first chunk, so a failure before it can still be retried on another channel. A stream
 * cut by the upstream ends with an error event, not a fake end.
 */
export class StreamDelivery<Chunk> {
  private started = false;
  private finished = false;
  /** Chunks translated from the current piece of upstream data, sent in one write after it. */
  private pending = '';

  constructor(
    private readonly ctx: RelayContext,
    private readonly translator: StreamTranslator<Chunk>,
    private readonly framing: ClientFraming<Chunk>,
    private readonly response: ServerResponse,
    /** Called once, just before the client's headers are set: the answer is this channel's from here on. */
    private readonly onStart?: () => void,
  ) {}

  /** Sends the client's headers, once: from here on the answer belongs to this channel. */
  private start(): void {
    if (this.started) return;
    this.started = true;
    this.onStart?.();
    this.ctx.firstTokenAt = performance.now();
    this.response.statusCode = 200;
    this.response.setHeader('Content-Type', this.framing.contentType ?? 'text/event-stream; charset=utf-8');
    this.response.setHeader('Cache-Control', 'no-cache');
    // No Connection header of our own: Node then sends `Connection: keep-alive` with the
    // `Keep-Alive: timeout=` hint, and clients close an idle connection before the server does
    // instead of racing it (a request sent as the server closes gets ECONNRESET).
    this.response.setHeader('X-Accel-Buffering', 'no');
    // No flushHeaders(): the headers leave with the first chunks, in the same write.
  }

  private send(chunks: Chunk[]): void {
    if (chunks.length === 0) return;
    this.start();
    for (const chunk of chunks) this.pending += this.framing.encode(chunk);
  }

  /** One write per piece of upstream data, however many events it held (each write is a syscall). */
  private flush(): void {
    if (this.pending === '') return;
    this.response.write(this.pending);
    this.pending = '';
  }

  /** `framing` is how the upstream frames its stream: SSE unless the adaptor's call says otherwise (AWS event stream). */
  async pipe(body: Readable, signal: Cancellation, framing: UpstreamFraming = SSE_FRAMING): Promise<StreamResult> {
    const decoder = framing((event) => {
      if (this.finished) return;
      const { chunks, done } = this.translator.event(event);
      this.send(chunks);
      if (done) this.finished = true;
    });
    try {
      // The client's answer ends with the translator's `done`; the body is still read to its end (it closes right
      // after): leaving the loop early destroys it with an AbortError, whose stack trace costs
      // more than the rest of the request.
      // Until the client's headers go out, waiting for the upstream's next piece is the upstream's time (X-Gateway-Overhead-Ms).
      let waitFrom = performance.now();
      for await (const piece of body) {
        if (!this.started) this.ctx.upstreamWaitMs += performance.now() - waitFrom;
        if (this.finished) continue;
        decoder.feed(piece as Uint8Array | string);
        if (this.finished) this.finish();
        else this.flush();
        waitFrom = performance.now();
      }
    } catch (error) {
      if (this.finished) return this.result(false);
      if (signal.aborted) return this.result(true);
      if (!this.started) throw error;
      this.flush();
      if (error instanceof UpstreamStreamError) {
        // The provider's own words (an error event): what a client of this provider would read.
        this.fail(`${MSG_STREAM_BROKEN}：${error.message}`);
        return this.result(false);
      }
      // Our cause (a socket error, an event this gateway could not translate) is the operator's to read, not the client's.
      logger.warn(`Stream ${this.ctx.requestId} from channel ${this.ctx.channel.id} broke off: ${error instanceof Error ? error.message : String(error)}`);
      this.fail(MSG_STREAM_BROKEN);
      return this.result(false);
    }
    if (signal.aborted && !this.finished) return this.result(true);
    if (!this.finished) {
      if (!this.started) throw new Error('上游在返回任何内容之前结束了流');
      this.flush();
      this.fail('上游流式响应意外结束');
      return this.result(false);
    }
    return this.result(false);
  }

  private finish(): void {
    this.start();
    if (this.ctx.holdStreamEnd) this.response.write(this.pending + this.framing.end);
    else this.response.end(this.pending + this.framing.end);
    this.pending = '';
  }

  private fail(message: string): void {
    const events = this.translator.failure?.(message);
    this.response.end(events ? events.map((event) => this.framing.encode(event)).join('') : this.framing.error(message));
  }

  private result(clientGone: boolean): StreamResult {
    const usage = this.translator.usage();
    // The text is only counted when the upstream reported no usage.
    return { usage, producedText: usage ? '' : this.translator.producedText(), clientGone };
  }
}
