import type { Usage } from '../billing/usage';
import type { ChatStreamTranslator, ClientChunk } from './adaptor';
import { anthropicErrorMessage, finishReason, openAiUsage, thinkingBlockOf } from './anthropic-response';
import { AnthropicStreamUsage } from './anthropic-stream-usage';
import type { AnthropicUsage } from './anthropic-types';
import { UpstreamStreamError } from '../stream/upstream-stream-error';

interface StreamEvent {
  type?: string;
  message?: { id?: string; model?: string; usage?: AnthropicUsage };
  index?: number;
  content_block?: { type?: string; text?: string; thinking?: string; signature?: string; data?: string; id?: string; name?: string };
  delta?: { type?: string; text?: string; thinking?: string; signature?: string; partial_json?: string; stop_reason?: string | null };
  usage?: AnthropicUsage;
}

/** One entry of an OpenAI delta's tool_calls: the first carries id and name, later ones argument pieces. */
interface ToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function: { name?: string; arguments: string };
}

/**
 * Anthropic's Messages stream → OpenAI chat.completion.chunks. The role goes out with the first
 * content, not at message_start, so that an error event before any content still lets the relay
 * try another channel. A thinking block streams as reasoning_content; once it ends, the whole
 * block with its signature (or a redacted block with its data) follows in thinking_blocks, for the
 * client to send back (anthropic-request.ts). message_stop ends the stream with the finish reason
 * and, when the client asked for it, a usage-only chunk.
 */
export class AnthropicStreamTranslator implements ChatStreamTranslator {
  private id = '';
  private readonly created = Math.floor(Date.now() / 1000);
  private roleSent = false;
  private stopReason: string | null = null;
  private readonly counts = new AnthropicStreamUsage();
  /** Anthropic content block index → OpenAI tool_calls index. */
  private readonly toolIndexes = new Map<number, number>();
  /** Thinking and redacted_thinking blocks being received, by content block index. */
  private readonly thinking = new Map<number, NonNullable<StreamEvent['content_block']>>();
  private produced = '';

  constructor(
    private readonly clientWantsUsage: boolean,
    private model: string,
  ) {}

  event({ event, data }: { event?: string; data: string }): { chunks: ClientChunk[]; done?: boolean } {
    let payload: StreamEvent;
    try {
      payload = JSON.parse(data) as StreamEvent;
    } catch {
      return { chunks: [] };
    }
    switch (payload.type ?? event) {
      case 'message_start':
        this.id = payload.message?.id ?? this.id;
        this.model = payload.message?.model ?? this.model;
        this.counts.report(payload.message?.usage, false);
        return { chunks: [] };
      case 'content_block_start':
        return { chunks: this.blockStart(payload.index ?? 0, payload.content_block ?? {}) };
      case 'content_block_delta':
        return { chunks: this.blockDelta(payload.index ?? 0, payload.delta ?? {}) };
      case 'content_block_stop':
        return { chunks: this.blockStop(payload.index ?? 0) };
      case 'message_delta':
        if (payload.delta?.stop_reason) this.stopReason = payload.delta.stop_reason;
        this.counts.report(payload.usage, true);
        return { chunks: [] };
      case 'message_stop':
        return { chunks: this.finish(), done: true };
      case 'error':
        throw new UpstreamStreamError(anthropicErrorMessage(data));
      default:
        // ping, and events with no OpenAI counterpart.
        return { chunks: [] };
    }
  }

  usage(): Usage | undefined {
    return this.counts.usage(() => this.produced);
  }

  producedText(): string {
    return this.produced;
  }

  private blockStart(index: number, block: NonNullable<StreamEvent['content_block']>): ClientChunk[] {
    if (block.type === 'thinking' || block.type === 'redacted_thinking') this.thinking.set(index, { ...block });
    if (block.type === 'text' && block.text) return [this.content({ content: block.text })];
    if (block.type === 'thinking' && block.thinking) return [this.content({ reasoning_content: block.thinking })];
    if (block.type !== 'tool_use') return [];
    const toolIndex = this.toolIndexes.size;
    this.toolIndexes.set(index, toolIndex);
    return [this.content({ tool_calls: [{ index: toolIndex, id: block.id, type: 'function', function: { name: block.name, arguments: '' } }] })];
  }

  private blockDelta(index: number, delta: NonNullable<StreamEvent['delta']>): ClientChunk[] {
    if (delta.type === 'text_delta' && delta.text) return [this.content({ content: delta.text })];
    const thinking = this.thinking.get(index);
    if (delta.type === 'signature_delta' && thinking) thinking.signature = (thinking.signature ?? '') + (delta.signature ?? '');
    if (delta.type === 'thinking_delta' && delta.thinking) {
      if (thinking) thinking.thinking = (thinking.thinking ?? '') + delta.thinking;
      return [this.content({ reasoning_content: delta.thinking })];
    }
    const toolIndex = this.toolIndexes.get(index);
    if (delta.type === 'input_json_delta' && delta.partial_json && toolIndex !== undefined) {
      return [this.content({ tool_calls: [{ index: toolIndex, function: { arguments: delta.partial_json } }] })];
    }
    return [];
  }

  /** The end of a thinking block: the whole block, signed, for the client to keep. */
  private blockStop(index: number): ClientChunk[] {
    const block = this.thinking.get(index);
    if (!block) return [];
    this.thinking.delete(index);
    return [this.chunk({ thinking_blocks: [thinkingBlockOf(block)] }, null)];
  }

  /** A chunk carrying produced content (its text is remembered for counting). */
  private content(delta: { content?: string; reasoning_content?: string; tool_calls?: ToolCallDelta[] }): ClientChunk {
    this.produced += (delta.content ?? '') + (delta.reasoning_content ?? '') + (delta.tool_calls?.[0].function.arguments ?? '');
    return this.chunk(delta, null);
  }

  private finish(): ClientChunk[] {
    const chunks = [this.chunk({}, finishReason(this.stopReason) ?? 'stop')];
    const usage = this.usage();
    if (this.clientWantsUsage && usage) chunks.push({ ...this.envelope(), choices: [], usage: openAiUsage(usage) });
    return chunks;
  }

  private chunk(delta: Record<string, unknown>, finish: string | null): ClientChunk {
    const withRole = this.roleSent ? delta : { role: 'assistant', ...delta };
    this.roleSent = true;
    return { ...this.envelope(), choices: [{ index: 0, delta: withRole, finish_reason: finish, logprobs: null }] };
  }

  private envelope(): Record<string, unknown> {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model };
  }
}
