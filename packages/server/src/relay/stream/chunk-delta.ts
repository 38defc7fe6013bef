import type { ClientChunk } from '../adaptors/adaptor';

interface Delta {
  content?: unknown;
  reasoning_content?: unknown;
  reasoning?: unknown;
}

/** The answer and reasoning text of one OpenAI chat chunk (a string or an object); empty strings when it has none. */
export function chunkDelta(chunk: ClientChunk): { content: string; reasoning: string } {
  let parsed: unknown = chunk;
  if (typeof chunk === 'string') {
    try {
      parsed = JSON.parse(chunk);
    } catch {
      return { content: '', reasoning: '' }; // not JSON: nothing to read
    }
  }
  const delta = (parsed as { choices?: Array<{ delta?: Delta }> } | null)?.choices?.[0]?.delta;
  if (!delta || typeof delta !== 'object') return { content: '', reasoning: '' };
  const reasoning = typeof delta.reasoning_content === 'string' ? delta.reasoning_content : delta.reasoning;
  return { content: typeof delta.content === 'string' ? delta.content : '', reasoning: typeof reasoning === 'string' ? reasoning : '' };
}
