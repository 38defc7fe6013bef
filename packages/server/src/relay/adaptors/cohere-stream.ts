import type { Usage } from '../billing/usage';
import type { ChatStreamTranslator, ClientChunk } from './adaptor';
import { completionId, finishReasonOf, usageFromCohere } from './cohere-response';
import type { CohereStreamEvent } from './cohere-types';
import { openAiUsage } from './gemini-response';
import { UpstreamStreamError } from '../stream/upstream-stream-error';

/**
 * A Cohere chat v2 stream (typed events: message-start, content-start/delta/end, tool-plan-delta,
 * tool-call-start/delta/end, citation events, message-end) as OpenAI chunks. message-end carries
 * the finish reason and the usage and ends the stream; a body that ends before it is a cut stream.
 */
export class CohereStreamTranslator implements ChatStreamTranslator {
  private id = completionId(undefined);
  private readonly created = Math.floor(Date.now() / 1000);
  private reported?: Usage;
  private produced = '';
  private started = false;
  /** Cohere's tool-call index → OpenAI's, which numbers the calls of the stream from 0. */
  private readonly callIndexes = new Map<number, number>();

  constructor(
    private readonly model: string,
    private readonly clientWantsUsage: boolean,
  ) {}

  event({ data }: { data: string }): { chunks: ClientChunk[]; done?: boolean } {
    let event: CohereStreamEvent;
    try {
      event = JSON.parse(data) as CohereStreamEvent;
    } catch {
      return { chunks: [] };
    }
    const message = event.delta?.message;
    switch (event.type) {
      case 'message-start':
        // The role goes out with the first content, so that a failure before any lets the relay try another channel.
        if (event.id) this.id = completionId(event.id);
        return { chunks: [] };
      case 'content-delta': {
        const part = message?.content;
        if (typeof part?.thinking === 'string' && part.thinking) return { chunks: [this.delta({ reasoning_content: this.produce(part.thinking) })] };
        return part?.text ? { chunks: [this.delta({ content: this.produce(part.text) })] } : { chunks: [] };
      }
      case 'tool-plan-delta':
        return message?.tool_plan ? { chunks: [this.delta({ content: this.produce(message.tool_plan) })] } : { chunks: [] };
      case 'tool-call-start': {
        const call = message?.tool_calls;
        const index = this.callIndexes.size;
        this.callIndexes.set(event.index ?? index, index);
        const name = this.produce(call?.function?.name ?? '');
        const args = this.produce(call?.function?.arguments ?? '');
        return { chunks: [this.delta({ tool_calls: [{ index, id: call?.id ?? '', type: 'function', function: { name, arguments: args } }] })] };
      }
      case 'tool-call-delta': {
        const args = message?.tool_calls?.function?.arguments;
        const index = this.callIndexes.get(event.index ?? 0) ?? 0;
        return args ? { chunks: [this.delta({ tool_calls: [{ index, function: { arguments: this.produce(args) } }] })] } : { chunks: [] };
      }
      case 'message-end': {
        if (event.delta?.error && !this.started) throw new UpstreamStreamError(event.delta.error);
        this.reported = usageFromCohere(event.delta?.usage);
        const chunks: ClientChunk[] = [this.chunk([{ index: 0, delta: this.firstDelta({}), finish_reason: finishReasonOf(event.delta?.finish_reason) }])];
        if (this.clientWantsUsage && this.reported) chunks.push({ ...this.chunk([]), usage: openAiUsage(this.reported) });
        return { chunks, done: true };
      }
      default:
        return { chunks: [] };
    }
  }

  private produce(text: string): string {
    this.produced += text;
    return text;
  }

  /** The first chunk says the role, as OpenAI's do. */
  private firstDelta(delta: Record<string, unknown>): Record<string, unknown> {
    if (this.started) return delta;
    this.started = true;
    return { role: 'assistant', content: '', ...delta };
  }

  private delta(delta: Record<string, unknown>): Record<string, unknown> {
    return this.chunk([{ index: 0, delta: this.firstDelta(delta), finish_reason: null }]);
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
