import type { Usage } from '../billing/usage';
import type { ChatStreamTranslator, ClientChunk } from './adaptor';
import { completionId, finishReasonOf, openAiUsage, splitParts, usageFromGemini } from './gemini-response';
import type { GeminiResponse } from './gemini-types';

/**
 * streamGenerateContent (alt=sse) as OpenAI chunks. Every event is a whole GenerateContentResponse
 * holding the next piece of each candidate; the last one carries the finish reason and the final
 * usage. Gemini ends the body without a [DONE] marker, and the relay treats a body that ends
 * without `done` as a cut stream, so the finish reason is what ends the stream here.
 */
export class GeminiStreamTranslator implements ChatStreamTranslator {
  private id?: string;
  private readonly created = Math.floor(Date.now() / 1000);
  private reported?: Usage;
  private finished = false;
  private produced = '';
  /** Candidates whose first chunk (with the role) was sent. */
  private readonly started = new Set<number>();
  /** Tool calls sent so far per candidate: OpenAI numbers them across the stream. */
  private readonly toolCalls = new Map<number, number>();

  constructor(
    private readonly fallbackModel: string,
    private readonly clientWantsUsage: boolean,
  ) {}

  event({ data }: { data: string }): { chunks: ClientChunk[]; done?: boolean } {
    let response: GeminiResponse;
    try {
      response = JSON.parse(data) as GeminiResponse;
    } catch {
      return { chunks: [] };
    }
    this.id ??= completionId(response);
    const usage = usageFromGemini(response.usageMetadata);
    if (usage) this.reported = usage;
    const model = response.modelVersion ?? this.fallbackModel;
    const chunks: ClientChunk[] = [];
    const candidates = response.candidates ?? [];
    for (const [position, candidate] of candidates.entries()) {
      const index = candidate.index ?? position;
      const { text, reasoning, toolCalls } = splitParts(candidate.content?.parts);
      const delta: Record<string, unknown> = {};
      if (!this.started.has(index)) {
        this.started.add(index);
        delta.role = 'assistant';
      }
      if (reasoning) delta.reasoning_content = reasoning;
      if (text) delta.content = text;
      if (toolCalls.length > 0) {
        // Gemini sends each call whole, so each goes out in one delta, thought signature included.
        const before = this.toolCalls.get(index) ?? 0;
        delta.tool_calls = toolCalls.map((call, offset) => ({ index: before + offset, ...call }));
        this.toolCalls.set(index, before + toolCalls.length);
      }
      this.produced += reasoning + text + toolCalls.map((call) => call.function.name + call.function.arguments).join('');
      const finish = candidate.finishReason ? finishReasonOf(candidate.finishReason, this.toolCalls.has(index)) : null;
      if (finish) this.finished = true;
      if (Object.keys(delta).length > 0 || finish) chunks.push(this.chunk(model, [{ index, delta, finish_reason: finish }]));
    }
    if (candidates.length === 0 && response.promptFeedback?.blockReason) {
      chunks.push(this.chunk(model, [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: 'content_filter' }]));
      this.finished = true;
    }
    if (this.finished && this.clientWantsUsage && this.reported) chunks.push({ ...this.chunk(model, []), usage: openAiUsage(this.reported) });
    return { chunks, done: this.finished };
  }

  private chunk(model: string, choices: unknown[]): Record<string, unknown> {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model, choices };
  }

  /**
   * The usage of the last event, once the stream finished: the counts of earlier events cover
   * only what was generated so far, so a cut stream is counted by the relay from the text instead.
   */
  usage(): Usage | undefined {
    return this.finished ? this.reported : undefined;
  }

  producedText(): string {
    return this.produced;
  }
}
