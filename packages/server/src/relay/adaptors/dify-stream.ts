import { usageFromOpenAI, type Usage } from '../billing/usage';
import type { ChatStreamTranslator, ClientChunk } from './adaptor';
import { openAiErrorMessage } from './openai.adaptor';
import { openAiUsage } from './gemini-response';
import { UpstreamStreamError } from '../stream/upstream-stream-error';

interface DifyEvent {
  event?: string;
  message_id?: string;
  answer?: string;
  metadata?: { usage?: unknown };
  message?: string;
}

/**
 * A Dify chat stream (data-only SSE, the kind in `event`) as OpenAI chunks: `message` and
 * `agent_message` carry answer pieces, `message_end` the usage (metadata.usage, OpenAI's field
 * names) and ends the stream, `error` fails it; ping, workflow and node events carry nothing for
 * the client. The role goes out with the first piece, so an error before any lets the relay try
 * another channel.
 */
export class DifyStreamTranslator implements ChatStreamTranslator {
  private id = '';
  private readonly created = Math.floor(Date.now() / 1000);
  private reported?: Usage;
  private produced = '';
  private started = false;

  constructor(
    private readonly model: string,
    private readonly clientWantsUsage: boolean,
  ) {}

  event({ data }: { data: string }): { chunks: ClientChunk[]; done?: boolean } {
    let event: DifyEvent;
    try {
      event = JSON.parse(data) as DifyEvent;
    } catch {
      return { chunks: [] };
    }
    if (!this.id && event.message_id) this.id = `chatcmpl-${event.message_id}`;
    switch (event.event) {
      case 'message':
      case 'agent_message':
        if (!event.answer) return { chunks: [] };
        this.produced += event.answer;
        return { chunks: [this.chunk([{ index: 0, delta: this.firstDelta({ content: event.answer }), finish_reason: null }])] };
      case 'message_end': {
        this.reported = usageFromOpenAI(event.metadata?.usage);
        const chunks: ClientChunk[] = [this.chunk([{ index: 0, delta: this.firstDelta({}), finish_reason: 'stop' }])];
        if (this.clientWantsUsage && this.reported) chunks.push({ ...this.chunk([]), usage: openAiUsage(this.reported) });
        return { chunks, done: true };
      }
      case 'error':
        throw new UpstreamStreamError(openAiErrorMessage(data));
      default:
        return { chunks: [] };
    }
  }

  private firstDelta(delta: Record<string, unknown>): Record<string, unknown> {
    if (this.started) return delta;
    this.started = true;
    return { role: 'assistant', ...delta };
  }

  private chunk(choices: unknown[]): Record<string, unknown> {
    return { id: this.id || 'chatcmpl-dify', object: 'chat.completion.chunk', created: this.created, model: this.model, choices };
  }

  usage(): Usage | undefined {
    return this.reported;
  }

  producedText(): string {
    return this.produced;
  }
}
