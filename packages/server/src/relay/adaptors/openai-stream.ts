import { usageFromOpenAI, type Usage } from '../billing/usage';
import type { ChatStreamTranslator, ClientChunk } from './adaptor';

/**
 * An OpenAI-format stream passed through as it comes: chunks are forwarded as their original
 * text, parsed only when they carry usage. The usage-only chunk (no choices) that the relay asked
 * for is hidden from clients that did not ask for it themselves.
 */
export class OpenAiStreamTranslator implements ChatStreamTranslator {
  private reported?: Usage;
  private readonly seen: string[] = [];

  constructor(private readonly clientWantsUsage: boolean) {}

  event({ data }: { data: string }): { chunks: ClientChunk[]; done?: boolean } {
    if (data === '[DONE]') return { chunks: [], done: true };
    if (!data.includes('"usage"')) {
      this.seen.push(data);
      return { chunks: [data] };
    }
    let parsed: { choices?: unknown[]; usage?: unknown };
    try {
      parsed = JSON.parse(data);
    } catch {
      return { chunks: [data] };
    }
    const usage = usageFromOpenAI(parsed.usage);
    if (usage) this.reported = usage;
    const usageOnly = !Array.isArray(parsed.choices) || parsed.choices.length === 0;
    if (usageOnly && usage && !this.clientWantsUsage) return { chunks: [] };
    this.seen.push(data);
    return { chunks: [data] };
  }

  usage(): Usage | undefined {
    return this.reported;
  }

  producedText(): string {
    let text = '';
    for (const data of this.seen) {
      try {
        const chunk = JSON.parse(data) as { choices?: Array<{ delta?: { content?: unknown; reasoning_content?: unknown }; text?: unknown }> };
        for (const choice of chunk.choices ?? []) {
          for (const part of [choice.delta?.content, choice.delta?.reasoning_content, choice.text]) if (typeof part === 'string') text += part;
        }
      } catch {
        // a chunk that is not JSON carries no countable text
      }
    }
    return text;
  }
}
