import { randomUUID } from 'node:crypto';
import type { ChatStreamTranslator, NamedEvent } from '../adaptors/adaptor';
import { countedUsage } from '../billing/token-count';
import { isObject, type Json } from '../json';
import { anthropicUsage, reasoningOf, stopReason } from './chat-to-messages';
import { ConvertedChatStream } from './converted-chat-stream';

/** An Anthropic stream event: its type names the SSE event and leads its data. */
export const namedEvent = (type: string, payload: Json = {}): NamedEvent => ({ event: type, data: JSON.stringify({ type, ...payload }) });

export { parsedChunk } from './converted-chat-stream';

type BlockKind = 'text' | 'thinking' | 'tool_use';

/** The message being streamed: its id, the model to name before the upstream names one, the prompt counted locally. */
export interface StreamedMessage {
  id: string;
  model: string;
  promptTokens: number;
}

/**
 * OpenAI chat chunks, as any chat adaptor's translator gives them, → Anthropic's Messages events
 * (DESIGN.md §5.0): message_start and a ping with the first chunk; one content block per run of
 * text, reasoning or tool call (content_block_start, then text_delta, thinking_delta or
 * input_json_delta, then content_block_stop), numbered in order as Anthropic's are; at the end
 * message_delta with the stop reason and the usage the relay bills, and message_stop. The first
 * chunk is what the chat translator sends first, so failover before it works as for chat.
 */
export class ChatToMessagesStream extends ConvertedChatStream<NamedEvent> {
  private started = false;
  private open?: { index: number; kind: BlockKind };
  private blocks = 0;
  /** OpenAI tool call index → content block index. */
  private readonly tools = new Map<number, number>();
  private finish: unknown = null;

  constructor(
    inner: ChatStreamTranslator,
    private readonly message: StreamedMessage,
  ) {
    super(inner);
  }

  protected chunk(chunk: Json | undefined, out: NamedEvent[]): void {
    const choice = chunk && Array.isArray(chunk.choices) && isObject(chunk.choices[0]) ? chunk.choices[0] : undefined;
    if (!choice) return;
    this.start(typeof chunk?.model === 'string' ? chunk.model : this.message.model, out);
    const delta = isObject(choice.delta) ? choice.delta : {};
    const reasoning = reasoningOf(delta);
    if (reasoning) this.append('thinking', { type: 'thinking_delta', thinking: reasoning }, out);
    if (typeof delta.content === 'string' && delta.content) this.append('text', { type: 'text_delta', text: delta.content }, out);
    if (Array.isArray(delta.tool_calls)) for (const call of delta.tool_calls) if (isObject(call)) this.toolCall(call, out);
    if (choice.finish_reason) this.finish = choice.finish_reason;
  }

  private start(model: string, out: NamedEvent[]): void {
    if (this.started) return;
    this.started = true;
    const usage = { input_tokens: this.message.promptTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 0 };
    const message = { id: this.message.id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage };
    out.push(namedEvent('message_start', { message }), namedEvent('ping'));
  }

  /** A text or thinking delta: into the open block when it is of that kind, else into a new one. */
  private append(kind: 'text' | 'thinking', delta: Json, out: NamedEvent[]): void {
    const index = this.open?.kind === kind ? this.open.index : this.openBlock(kind, kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', signature: '' }, out);
    out.push(namedEvent('content_block_delta', { index, delta }));
  }

  /** A tool call's first delta opens its block; every piece of its arguments goes to that block. */
  private toolCall(call: Json, out: NamedEvent[]): void {
    const key = typeof call.index === 'number' ? call.index : 0;
    const fn = isObject(call.function) ? call.function : {};
    let index = this.tools.get(key);
    if (index === undefined) {
      const id = typeof call.id === 'string' && call.id ? call.id : `toolu_${randomUUID().replaceAll('-', '')}`;
      index = this.openBlock('tool_use', { type: 'tool_use', id, name: typeof fn.name === 'string' ? fn.name : '', input: {} }, out);
      this.tools.set(key, index);
    }
    if (typeof fn.arguments === 'string' && fn.arguments) out.push(namedEvent('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: fn.arguments } }));
  }

  private openBlock(kind: BlockKind, block: Json, out: NamedEvent[]): number {
    this.closeBlock(out);
    const index = this.blocks++;
    this.open = { index, kind };
    out.push(namedEvent('content_block_start', { index, content_block: block }));
    return index;
  }

  private closeBlock(out: NamedEvent[]): void {
    if (!this.open) return;
    out.push(namedEvent('content_block_stop', { index: this.open.index }));
    this.open = undefined;
  }

  protected end(out: NamedEvent[]): void {
    this.start(this.message.model, out);
    this.closeBlock(out);
    const usage = this.inner.usage() ?? countedUsage(this.message.promptTokens, this.inner.producedText());
    const delta = { stop_reason: stopReason(this.finish, this.tools.size > 0), stop_sequence: null };
    out.push(namedEvent('message_delta', { delta, usage: anthropicUsage(usage) }), namedEvent('message_stop'));
  }
}
