import type { Usage } from '../billing/usage';
import type { Json } from '../json';
import type { RelayContext } from '../relay-context';
import type { UpstreamCall } from '../upstream.client';
import type { ChatAdaptor, StreamTranslator } from './adaptor';
import { geminiCall, geminiErrorMessage } from './gemini-call';
import { splitParts, usageFromGemini } from './gemini-response';
import type { GeminiResponse } from './gemini-types';
import { UpstreamStreamError } from '../stream/upstream-stream-error';

/** The client's generateContent body, as gemini-inbound.ts hands it to the pipeline beside the model and stream flag. */
export const geminiBodyOf = (call: Json): Json => call.gemini as Json;

const parsed = (data: string): (GeminiResponse & { error?: unknown }) | undefined => {
  try {
    return JSON.parse(data) as GeminiResponse;
  } catch {
    return undefined;
  }
};

/**
 * A streamGenerateContent answer relayed event by event as Google sent it, the usage read on the
 * way: each event's usageMetadata is the running count, the one with the finish reason the final
 * one. Google ends the body without a marker, so the finish reason (or a blocked prompt) ends
 * the stream here, as for the chat translator (gemini-stream.ts). An error event is a failure
 * of the channel, which the relay may still retry when nothing reached the client.
 */
export class GeminiPassthroughStream implements StreamTranslator<string> {
  private reported?: Usage;
  private finished = false;
  private produced = '';

  event({ data }: { data: string }): { chunks: string[]; done?: boolean } {
    const response = parsed(data);
    if (!response) return { chunks: [] };
    if (response.error) throw new UpstreamStreamError(geminiErrorMessage(data));
    const usage = usageFromGemini(response.usageMetadata);
    if (usage) this.reported = usage;
    for (const candidate of response.candidates ?? []) {
      const { text, reasoning, toolCalls } = splitParts(candidate.content?.parts);
      this.produced += reasoning + text + toolCalls.map((call) => call.function.name + call.function.arguments).join('');
      if (candidate.finishReason) this.finished = true;
    }
    if (!response.candidates?.length && response.promptFeedback?.blockReason) this.finished = true;
    return { chunks: [data], done: this.finished };
  }

  /** The count of the last event, once the stream finished; a cut stream is counted from its text. */
  usage(): Usage | undefined {
    return this.finished ? this.reported : undefined;
  }

  producedText(): string {
    return this.produced;
  }
}

/**
 * Gemini's own API spoken natively (DESIGN.md §5.0): a Gemini client on a Gemini channel is
 * answered by Google as it answers. The body goes upstream as the client sent it; only the model
 * in the path (model_mapping) and the key change. Streams are asked of Google as SSE whatever the
 * client asked; the client's framing writes them its way.
 */
export class GeminiNativeAdaptor implements ChatAdaptor<string> {
  chatRequest(ctx: RelayContext, call: Json): UpstreamCall {
    return geminiCall(ctx, JSON.stringify(geminiBodyOf(call)));
  }

  chatResponse(_ctx: RelayContext, raw: string): { body: string; usage?: Usage; model?: string } {
    const reply = JSON.parse(raw) as GeminiResponse;
    if (!Array.isArray(reply.candidates) && !reply.promptFeedback) throw new Error('not a Gemini reply');
    return { body: raw, usage: usageFromGemini(reply.usageMetadata), model: reply.modelVersion };
  }

  chatStream(): StreamTranslator<string> {
    return new GeminiPassthroughStream();
  }

  errorMessage(raw: string): string {
    return geminiErrorMessage(raw);
  }
}
