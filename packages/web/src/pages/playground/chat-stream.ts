import { createSseParser } from '@/lib/sse-parser';

/** The text one chunk adds to the answer and to its reasoning (思考过程). */
export interface ChatDelta {
  content: string;
  reasoning: string;
}

/** An OpenAI chat.completion.chunk, or the error event a stream may end with. */
interface StreamChunk {
  choices?: Array<{ delta?: { content?: string | null; reasoning_content?: string | null } }>;
  error?: { message?: string };
}

function toDelta(data: string): ChatDelta | null {
  let chunk: StreamChunk;
  try {
    chunk = JSON.parse(data) as StreamChunk;
  } catch {
    throw new Error(`无法解析的流式响应：${data.slice(0, 200)}`);
  }
  if (chunk.error) throw new Error(chunk.error.message || '流式响应出错');
  const delta = chunk.choices?.[0]?.delta;
  const content = delta?.content ?? '';
  const reasoning = delta?.reasoning_content ?? '';
  return content || reasoning ? { content, reasoning } : null;
}

/**
 * Reads an OpenAI chat-completions SSE body and yields the text of each chunk as it arrives.
 * Ends at `[DONE]` (or at the end of the body); an error event is thrown with its message.
 * Chunks without text (the role-only first chunk, a usage chunk) yield nothing.
 */
export async function* readChatDeltas(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatDelta> {
  const reader = body.getReader();
  const parser = createSseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      for (const data of done ? parser.end() : parser.feed(value)) {
        if (data === '[DONE]') return;
        const delta = toDelta(data);
        if (delta) yield delta;
      }
      if (done) return;
    }
  } finally {
    // Closes the connection when the reading stops early ([DONE], an error event, the caller leaving).
    reader.cancel().catch(() => undefined);
  }
}
