import type { ChatStreamTranslator, StreamTranslator } from '../adaptors/adaptor';
import type { GeminiPart } from '../adaptors/gemini-types';
import { countedUsage } from '../billing/token-count';
import type { Usage } from '../billing/usage';
import { isObject, type Json } from '../json';
import { finishReasonOf, functionCallPart, geminiUsage } from './chat-to-gemini';
import { reasoningOf } from './chat-to-messages';
import { parsedChunk } from './chat-to-messages-stream';

/** The answer being streamed: its response id, the model to name before the upstream names one, the prompt counted locally. */
export interface StreamedResponse {
  id: string;
  model: string;
  promptTokens: number;
}

/**
 * OpenAI chat chunks, as any chat adaptor's translator gives them, → streamGenerateContent
 * events (DESIGN.md §5.0), each a whole GenerateContentResponse (JSON text) holding the next
 * piece: reasoning as thought parts and text as it comes. Gemini sends function calls whole, so
 * the calls' argument pieces are gathered and sent in the last event, with the finish reason and
 * the usage the relay bills.
 */
export class ChatToGeminiStream implements StreamTranslator<string> {
  private model: string;
  private finish: unknown = null;
  /** OpenAI tool call index → the call gathered so far. */
  private readonly calls = new Map<number, { id?: string; name: string; arguments: string }>();

  constructor(
    private readonly inner: ChatStreamTranslator,
    private readonly response: StreamedResponse,
  ) {
    this.model = response.model;
  }

  event(event: { event?: string; data: string }): { chunks: string[]; done?: boolean } {
    const { chunks, done } = this.inner.event(event);
    const out: string[] = [];
    for (const chunk of chunks) this.chunk(parsedChunk(chunk), out);
    if (done) out.push(this.last());
    return { chunks: out, done };
  }

  usage(): Usage | undefined {
    return this.inner.usage();
  }

  producedText(): string {
    return this.inner.producedText();
  }

  private chunk(chunk: Json | undefined, out: string[]): void {
    if (typeof chunk?.model === 'string' && chunk.model) this.model = chunk.model;
    const choice = chunk && Array.isArray(chunk.choices) && isObject(chunk.choices[0]) ? chunk.choices[0] : undefined;
    if (!choice) return;
    const delta = isObject(choice.delta) ? choice.delta : {};
    const parts: GeminiPart[] = [];
    const reasoning = reasoningOf(delta);
    if (reasoning) parts.push({ text: reasoning, thought: true });
    if (typeof delta.content === 'string' && delta.content) parts.push({ text: delta.content });
    if (Array.isArray(delta.tool_calls)) for (const call of delta.tool_calls) if (isObject(call)) this.gather(call);
    if (choice.finish_reason) this.finish = choice.finish_reason;
    if (parts.length > 0) out.push(this.piece(parts));
  }

  private gather(call: Json): void {
    const key = typeof call.index === 'number' ? call.index : 0;
    const fn = isObject(call.function) ? call.function : {};
    const gathered = this.calls.get(key) ?? { name: '', arguments: '' };
    if (typeof call.id === 'string' && call.id) gathered.id = call.id;
    if (typeof fn.name === 'string') gathered.name += fn.name;
    if (typeof fn.arguments === 'string') gathered.arguments += fn.arguments;
    this.calls.set(key, gathered);
  }

  /** The final event: the function calls, the finish reason, the usage (the upstream's, else counted). */
  private last(): string {
    const parts = [...this.calls.values()].flatMap((call) => functionCallPart({ id: call.id, function: { name: call.name, arguments: call.arguments } }) ?? []);
    const usage = this.inner.usage() ?? countedUsage(this.response.promptTokens, this.inner.producedText());
    return this.piece(parts.length > 0 ? parts : [{ text: '' }], { finishReason: finishReasonOf(this.finish), usageMetadata: geminiUsage(usage) });
  }

  private piece(parts: GeminiPart[], end?: { finishReason: string; usageMetadata: unknown }): string {
    const candidate = { content: { role: 'model', parts }, ...(end ? { finishReason: end.finishReason } : {}), index: 0 };
    return JSON.stringify({ candidates: [candidate], ...(end ? { usageMetadata: end.usageMetadata } : {}), modelVersion: this.model, responseId: this.response.id });
  }
}
