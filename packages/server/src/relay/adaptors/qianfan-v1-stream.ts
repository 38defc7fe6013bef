import { StringDecoder } from 'node:string_decoder';
import { usageFromOpenAI, type Usage } from '../billing/usage';
import { SSE_FRAMING, type UpstreamFraming } from '../stream/upstream-framing';
import type { UpstreamReplyError } from '../upstream-reply-error';
import type { ChatStreamTranslator, ClientChunk } from './adaptor';
import { openAiUsage } from './gemini-response';
import { completionIdOf, finishReasonOf, qianfanReplyError, type QianfanV1Reply } from './qianfan-v1-response';

/**
 * How a v1 stream is framed: server-sent events, except that a refused request (a limit, a bad
 * token) is answered with one plain JSON error body even when a stream was asked for. Such a body
 * is handed on as one event once it is whole, so that the translator reads its error.
 */
export const QIANFAN_V1_FRAMING: UpstreamFraming = (onEvent) => {
  const sse = SSE_FRAMING(onEvent);
  let mode: 'unknown' | 'sse' | 'json' = 'unknown';
  let json = '';
  const decoder = new StringDecoder('utf8');
  return {
    feed: (piece) => {
      const text = typeof piece === 'string' ? piece : decoder.write(piece);
      if (mode === 'unknown') {
        if (text.trim() === '') return;
        mode = text.trimStart().startsWith('{') ? 'json' : 'sse';
      }
      if (mode === 'sse') return sse.feed(text);
      json += text;
      try {
        JSON.parse(json);
      } catch {
        return;
      }
      onEvent({ data: json });
    },
  };
};

/**
 * ERNIE's v1 stream (one `data:` event per piece of the answer, `result` holding the text, the
 * running usage in each, `is_end` on the last) as OpenAI chunks. An error event fails the
 * stream with its status; before the first piece the relay may then try another channel.
 */
export class QianfanV1StreamTranslator implements ChatStreamTranslator {
  private id = '';
  private readonly created = Math.floor(Date.now() / 1000);
  private reported?: Usage;
  private produced = '';
  private started = false;

  constructor(
    private readonly model: string,
    private readonly clientWantsUsage: boolean,
    /** Told of an error event before it fails the stream (the adaptor drops a refused token). */
    private readonly onError: (error: UpstreamReplyError) => void = () => undefined,
  ) {}

  event({ data }: { data: string }): { chunks: ClientChunk[]; done?: boolean } {
    let reply: QianfanV1Reply;
    try {
      reply = JSON.parse(data) as QianfanV1Reply;
    } catch {
      return { chunks: [] };
    }
    const error = qianfanReplyError(reply);
    if (error) {
      this.onError(error);
      throw error;
    }
    if (!this.id) this.id = completionIdOf(reply);
    this.reported = usageFromOpenAI(reply.usage) ?? this.reported;
    const chunks: ClientChunk[] = [];
    if (reply.result) {
      this.produced += reply.result;
      chunks.push(this.chunk([{ index: 0, delta: this.firstDelta({ content: reply.result }), finish_reason: null }]));
    }
    if (!reply.is_end) return { chunks };
    chunks.push(this.chunk([{ index: 0, delta: this.firstDelta({}), finish_reason: finishReasonOf(reply.finish_reason) }]));
    if (this.clientWantsUsage && this.reported) chunks.push({ ...this.chunk([]), usage: openAiUsage(this.reported) });
    return { chunks, done: true };
  }

  /** The first chunk says the role, as OpenAI's do. */
  private firstDelta(delta: Record<string, unknown>): Record<string, unknown> {
    if (this.started) return delta;
    this.started = true;
    return { role: 'assistant', ...delta };
  }

  private chunk(choices: unknown[]): Record<string, unknown> {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model, choices };
  }

  usage(): Usage | undefined {
    return this.reported;
  }

  producedText(): string {
    return this.produced;
  }
}
