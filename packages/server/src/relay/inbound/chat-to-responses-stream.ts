import type { ChatStreamTranslator, NamedEvent } from '../adaptors/adaptor';
import { countedUsage } from '../billing/token-count';
import { isObject, type Json } from '../json';
import { reasoningOf } from './chat-to-messages';
import { functionCallItem, messageItem, outputText, reasoningItem, responseIds, responseObject, responsesUsage, statusOf } from './chat-to-responses';
import { ConvertedChatStream } from './converted-chat-stream';

/** The output item being streamed: its place in the output, and what it has said so far. */
interface OpenItem {
  kind: 'reasoning' | 'message' | 'function_call';
  index: number;
  id: string;
  text: string;
  callId?: string;
  name?: string;
}

/** The response being streamed: its id and the item ids, when it began, the model named before the upstream names one, the request's settings, the prompt counted locally. */
export interface StreamedResponse {
  ids: ReturnType<typeof responseIds>;
  createdAt: number;
  model: string;
  echo: Json;
  promptTokens: number;
}

/**
 * OpenAI chat chunks, as any chat adaptor's translator gives them, → the Responses API's typed
 * events (DESIGN.md §5.0), each with its sequence_number: response.created and
 * response.in_progress with the first chunk; one output item per run of reasoning (summary part
 * and summary text deltas), text (content part and output_text deltas) or tool call
 * (function_call_arguments deltas), each opened by output_item.added and closed by its done
 * events and output_item.done; at the end response.completed (or response.incomplete when the
 * answer was cut) with the whole output and the usage the relay bills. A stream broken after its
 * start ends with response.failed.
 */
export class ChatToResponsesStream extends ConvertedChatStream<NamedEvent> {
  private sequence = 0;
  private started = false;
  private model: string;
  private open?: OpenItem;
  private readonly output: Json[] = [];
  /** OpenAI tool call index → its output item, while open. */
  private readonly calls = new Map<number, OpenItem>();
  private finish: unknown = null;

  constructor(
    inner: ChatStreamTranslator,
    private readonly response: StreamedResponse,
  ) {
    super(inner);
    this.model = response.model;
  }

  failure(message: string): NamedEvent[] {
    const out: NamedEvent[] = [];
    const failed = { ...this.snapshot('failed', null), error: { code: 'server_error', message } };
    this.emit('response.failed', { response: failed }, out);
    return out;
  }

  private emit(type: string, payload: Json, out: NamedEvent[]): void {
    out.push({ event: type, data: JSON.stringify({ type, ...payload, sequence_number: this.sequence++ }) });
  }

  private snapshot(status: string, usage: Json | null): Json {
    return responseObject({ id: this.response.ids.response, createdAt: this.response.createdAt, model: this.model, echo: this.response.echo, status, output: this.output, usage, finish: this.finish });
  }

  protected chunk(chunk: Json | undefined, out: NamedEvent[]): void {
    const choice = chunk && Array.isArray(chunk.choices) && isObject(chunk.choices[0]) ? chunk.choices[0] : undefined;
    if (!choice) return;
    if (!this.started && typeof chunk?.model === 'string' && chunk.model) this.model = chunk.model;
    this.start(out);
    const delta = isObject(choice.delta) ? choice.delta : {};
    const reasoning = reasoningOf(delta);
    if (reasoning) this.reasoning(reasoning, out);
    if (typeof delta.content === 'string' && delta.content) this.text(delta.content, out);
    if (Array.isArray(delta.tool_calls)) for (const call of delta.tool_calls) if (isObject(call)) this.toolCall(call, out);
    if (choice.finish_reason) this.finish = choice.finish_reason;
  }

  private start(out: NamedEvent[]): void {
    if (this.started) return;
    this.started = true;
    const response = this.snapshot('in_progress', null);
    this.emit('response.created', { response }, out);
    this.emit('response.in_progress', { response }, out);
  }

  private reasoning(delta: string, out: NamedEvent[]): void {
    let item = this.open;
    if (item?.kind !== 'reasoning') {
      item = this.openItem({ kind: 'reasoning', id: this.response.ids.reasoning }, { id: this.response.ids.reasoning, type: 'reasoning', summary: [] }, out);
      this.emit('response.reasoning_summary_part.added', { item_id: item.id, output_index: item.index, summary_index: 0, part: { type: 'summary_text', text: '' } }, out);
    }
    item.text += delta;
    this.emit('response.reasoning_summary_text.delta', { item_id: item.id, output_index: item.index, summary_index: 0, delta }, out);
  }

  private text(delta: string, out: NamedEvent[]): void {
    let item = this.open;
    if (item?.kind !== 'message') {
      item = this.openItem({ kind: 'message', id: this.response.ids.message }, messageItem(this.response.ids.message, 'in_progress', []), out);
      this.emit('response.content_part.added', { item_id: item.id, output_index: item.index, content_index: 0, part: outputText('') }, out);
    }
    item.text += delta;
    this.emit('response.output_text.delta', { item_id: item.id, output_index: item.index, content_index: 0, delta, logprobs: [] }, out);
  }

  /** A tool call's first delta opens its item; every piece of its arguments goes to that item. */
  private toolCall(call: Json, out: NamedEvent[]): void {
    const key = typeof call.index === 'number' ? call.index : 0;
    const fn = isObject(call.function) ? call.function : {};
    let item = this.calls.get(key);
    if (!item) {
      const id = this.response.ids.call(this.calls.size);
      const callId = typeof call.id === 'string' && call.id ? call.id : id;
      const name = typeof fn.name === 'string' ? fn.name : '';
      item = this.openItem({ kind: 'function_call', id, callId, name }, functionCallItem(id, 'in_progress', callId, name, ''), out);
      this.calls.set(key, item);
    }
    if (typeof fn.arguments === 'string' && fn.arguments) {
      item.text += fn.arguments;
      this.emit('response.function_call_arguments.delta', { item_id: item.id, output_index: item.index, delta: fn.arguments }, out);
    }
  }

  private openItem(fields: Omit<OpenItem, 'index' | 'text'>, item: Json, out: NamedEvent[]): OpenItem {
    this.closeItem(out);
    const open: OpenItem = { ...fields, index: this.output.length, text: '' };
    this.open = open;
    // Its place in the output, filled with the finished item when it closes.
    this.output.push(item);
    this.emit('response.output_item.added', { output_index: open.index, item }, out);
    return open;
  }

  private closeItem(out: NamedEvent[]): void {
    const item = this.open;
    if (!item) return;
    this.open = undefined;
    const at = { item_id: item.id, output_index: item.index };
    let done: Json;
    if (item.kind === 'reasoning') {
      const part = { type: 'summary_text', text: item.text };
      this.emit('response.reasoning_summary_text.done', { ...at, summary_index: 0, text: item.text }, out);
      this.emit('response.reasoning_summary_part.done', { ...at, summary_index: 0, part }, out);
      done = reasoningItem(item.id, item.text);
    } else if (item.kind === 'message') {
      const part = outputText(item.text);
      this.emit('response.output_text.done', { ...at, content_index: 0, text: item.text, logprobs: [] }, out);
      this.emit('response.content_part.done', { ...at, content_index: 0, part }, out);
      done = messageItem(item.id, 'completed', [part]);
    } else {
      this.emit('response.function_call_arguments.done', { ...at, name: item.name, arguments: item.text }, out);
      done = functionCallItem(item.id, 'completed', item.callId!, item.name!, item.text);
    }
    this.output[item.index] = done;
    this.emit('response.output_item.done', { output_index: item.index, item: done }, out);
  }

  protected end(out: NamedEvent[]): void {
    this.start(out);
    this.closeItem(out);
    const usage = this.inner.usage() ?? countedUsage(this.response.promptTokens, this.inner.producedText());
    const status = statusOf(this.finish);
    this.emit(status === 'completed' ? 'response.completed' : 'response.incomplete', { response: this.snapshot(status, responsesUsage(usage)) }, out);
  }
}
