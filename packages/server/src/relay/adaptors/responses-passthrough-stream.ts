import { usageFromOpenAI, type Usage } from '../billing/usage';
import type { NamedEvent, StreamTranslator } from './adaptor';
import { openAiErrorMessage } from './openai.adaptor';
import { UpstreamStreamError } from '../stream/upstream-stream-error';

const parsed = <T>(data: string): T | undefined => {
  try {
    return JSON.parse(data) as T;
  } catch {
    return undefined;
  }
};

/** The type of an event whose SSE `event:` line is missing (OpenAI always sends it). */
const typeOf = (data: string): string => {
  const type = parsed<{ type?: unknown }>(data)?.type;
  return typeof type === 'string' ? type : '';
};

/** Events that end a Responses stream; the final response object carries the usage. */
const FINAL_EVENTS = new Set(['response.completed', 'response.incomplete', 'response.failed']);
/** Deltas of produced text, counted when a stream ends without its usage. */
const DELTA_EVENTS = new Set(['response.output_text.delta', 'response.refusal.delta', 'response.function_call_arguments.delta', 'response.reasoning_summary_text.delta', 'response.reasoning_text.delta']);

/**
 * A Responses stream relayed event by event, each event's text as OpenAI sent it. response.created
 * and response.in_progress are held until the first other event, so that a failure before any
 * output (an error event, response.failed) still lets the relay try another channel. The usage is
 * read from the final response (response.completed, incomplete or failed).
 */
export class ResponsesPassthroughStream implements StreamTranslator<NamedEvent> {
  private held: NamedEvent[] | undefined = [];
  private reported?: Usage;
  private readonly deltas: string[] = [];
  /** Events relayed so far: the next sequence number of OpenAI's, which count from 0. */
  private sent = 0;

  event({ event, data }: { event?: string; data: string }): { chunks: NamedEvent[]; done?: boolean } {
    if (data === '[DONE]') return { chunks: [], done: true };
    const name = event || typeOf(data);
    const named = { event: name, data };
    if (name === 'response.created' || name === 'response.in_progress') return this.hold(named);
    if (this.held && (name === 'error' || name === 'response.failed')) throw new UpstreamStreamError(this.failureMessage(name, data));
    if (DELTA_EVENTS.has(name)) this.deltas.push(data);
    if (FINAL_EVENTS.has(name)) {
      this.reported = usageFromOpenAI(parsed<{ response?: { usage?: unknown } }>(data)?.response?.usage);
      return { chunks: this.release(named), done: true };
    }
    return { chunks: this.release(named), done: name === 'error' };
  }

  usage(): Usage | undefined {
    return this.reported;
  }

  producedText(): string {
    return this.deltas.map((data) => parsed<{ delta?: unknown }>(data)?.delta).filter((delta) => typeof delta === 'string').join('');
  }

  /** An error event numbered after the upstream's last one. */
  failure(message: string): NamedEvent[] {
    return [{ event: 'error', data: JSON.stringify({ type: 'error', code: 'server_error', message, param: null, sequence_number: this.sent }) }];
  }

  private failureMessage(name: string, data: string): string {
    if (name === 'error') return parsed<{ message?: unknown }>(data)?.message?.toString() ?? openAiErrorMessage(data);
    const error = parsed<{ response?: { error?: { message?: unknown } } }>(data)?.response?.error;
    return typeof error?.message === 'string' ? error.message : 'response.failed';
  }

  private hold(named: NamedEvent): { chunks: NamedEvent[] } {
    if (!this.held) return { chunks: this.counted([named]) };
    this.held.push(named);
    return { chunks: [] };
  }

  /** The held events first, once: from here on events go out as they come. */
  private release(named: NamedEvent): NamedEvent[] {
    if (!this.held) return this.counted([named]);
    const chunks = [...this.held, named];
    this.held = undefined;
    return this.counted(chunks);
  }

  private counted(chunks: NamedEvent[]): NamedEvent[] {
    this.sent += chunks.length;
    return chunks;
  }
}
