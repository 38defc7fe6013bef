import type { Usage } from '../billing/usage';
import type { NamedEvent, StreamTranslator } from './adaptor';
import { anthropicErrorMessage } from './anthropic-response';
import { AnthropicStreamUsage } from './anthropic-stream-usage';
import type { AnthropicUsage } from './anthropic-types';
import { UpstreamStreamError } from '../stream/upstream-stream-error';

/** The type of an event whose SSE `event:` line is missing (Anthropic always sends it). */
const typeOf = (data: string): string => {
  try {
    const type = (JSON.parse(data) as { type?: unknown }).type;
    return typeof type === 'string' ? type : '';
  } catch {
    return '';
  }
};

const parsed = <T>(data: string): T | undefined => {
  try {
    return JSON.parse(data) as T;
  } catch {
    return undefined;
  }
};

/**
 * A Messages stream relayed event by event, each event's text as Anthropic sent it. message_start
 * and the pings after it are held until the first other event, so that an error event before any
 * content still lets the relay try another channel (the client has received nothing). The usage
 * is read from message_start and message_delta; the content deltas are kept as text and parsed
 * only when the stream ends without its final count.
 */
export class AnthropicPassthroughStream implements StreamTranslator<NamedEvent> {
  private readonly counts = new AnthropicStreamUsage();
  private held: NamedEvent[] | undefined = [];
  private readonly deltas: string[] = [];

  event({ event, data }: { event?: string; data: string }): { chunks: NamedEvent[]; done?: boolean } {
    const name = event || typeOf(data);
    const named = { event: name, data };
    switch (name) {
      case 'message_start':
        this.counts.report(parsed<{ message?: { usage?: AnthropicUsage } }>(data)?.message?.usage, false);
        return this.hold(named);
      case 'ping':
        return this.hold(named);
      case 'error':
        throw new UpstreamStreamError(anthropicErrorMessage(data));
      case 'content_block_delta':
        this.deltas.push(data);
        return { chunks: this.release(named) };
      case 'message_delta':
        this.counts.report(parsed<{ usage?: AnthropicUsage }>(data)?.usage, true);
        return { chunks: this.release(named) };
      case 'message_stop':
        return { chunks: this.release(named), done: true };
      default:
        return { chunks: this.release(named) };
    }
  }

  usage(): Usage | undefined {
    return this.counts.usage(() => this.producedText());
  }

  producedText(): string {
    let text = '';
    for (const data of this.deltas) {
      const delta = parsed<{ delta?: { text?: unknown; thinking?: unknown; partial_json?: unknown } }>(data)?.delta;
      for (const part of [delta?.text, delta?.thinking, delta?.partial_json]) if (typeof part === 'string') text += part;
    }
    return text;
  }

  private hold(named: NamedEvent): { chunks: NamedEvent[] } {
    if (!this.held) return { chunks: [named] };
    this.held.push(named);
    return { chunks: [] };
  }

  /** The held events first, once: from here on events go out as they come. */
  private release(named: NamedEvent): NamedEvent[] {
    if (!this.held) return [named];
    const chunks = [...this.held, named];
    this.held = undefined;
    return chunks;
  }
}
