import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { createParser } from 'eventsource-parser';
import type { Response } from 'express';
import type { ChatStreamTranslator, ClientChunk } from '../adaptors/adaptor';
import type { Usage } from '../billing/usage';
import type { RelayContext } from '../relay-context';

export interface StreamResult {
  usage?: Usage;
  producedText: string;
  /** The client went away before the end; what was produced is still billed. */
  clientGone: boolean;
}

/**
 * Streams an upstream SSE answer to the client chunk by chunk (DESIGN.md §5.5), never holding
 * the whole answer. The client's headers are sent with the first chunk, so a failure before it
 * can still be retried on another channel. A stream cut by the upstream ends with an error event,
 * not a fake [DONE].
 */
export class StreamDelivery {
  private started = false;
  private finished = false;

  constructor(
    private readonly ctx: RelayContext,
    private readonly translator: ChatStreamTranslator,
    private readonly response: Response,
  ) {}

  /** Sends the client's headers, once: from here on the answer belongs to this channel. */
  private start(): void {
    if (this.started) return;
    this.started = true;
    this.ctx.firstTokenAt = performance.now();
    this.response.status(200);
    this.response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    this.response.setHeader('Cache-Control', 'no-cache');
    this.response.setHeader('Connection', 'keep-alive');
    this.response.setHeader('X-Accel-Buffering', 'no');
    this.response.flushHeaders();
  }

  private send(chunks: ClientChunk[]): void {
    if (chunks.length === 0) return;
    this.start();
    let text = '';
    for (const chunk of chunks) text += `data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`;
    this.response.write(text);
  }

  async pipe(body: Readable, signal: AbortSignal): Promise<StreamResult> {
    const parser = createParser({
      onEvent: (event) => {
        if (this.finished) return;
        const { chunks, done } = this.translator.event({ event: event.event, data: event.data });
        this.send(chunks);
        if (done) this.finished = true;
      },
    });
    const decoder = new TextDecoder();
    try {
      for await (const piece of body) {
        parser.feed(typeof piece === 'string' ? piece : decoder.decode(piece as Uint8Array, { stream: true }));
        if (this.finished) break;
      }
    } catch (error) {
      if (signal.aborted) return this.result(true);
      if (!this.started) throw error;
      this.fail(`上游流式响应中断：${error instanceof Error ? error.message : String(error)}`);
      return this.result(false);
    }
    if (signal.aborted) return this.result(true);
    if (!this.finished) {
      if (!this.started) throw new Error('上游在返回任何内容之前结束了流');
      this.fail('上游流式响应意外结束');
      return this.result(false);
    }
    this.start();
    this.response.end('data: [DONE]\n\n');
    return this.result(false);
  }

  private fail(message: string): void {
    this.response.end(`data: ${JSON.stringify({ error: { message, type: 'upstream_error', code: null } })}\n\n`);
  }

  private result(clientGone: boolean): StreamResult {
    return { usage: this.translator.usage(), producedText: this.translator.producedText(), clientGone };
  }
}
