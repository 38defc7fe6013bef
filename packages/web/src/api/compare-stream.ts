import {
  MSG_CHAT_CONNECT_FAILED,
  MSG_CHAT_NOT_EVENT_STREAM,
  type ChatMessageView,
  type ChatStreamHead,
  type ChatStreamTail,
  type ChatUserContent,
  type ModelParams,
} from '@gw/shared';
import { createSseParser } from '@/lib/sse-parser';
import { useUserStore } from '@/stores/user';

/** One model's turn of a compare chat: what is asked, of which conversation, and how. */
export interface CompareStreamRequest {
  /** Left out for an arena battle's column, which answers with its hidden model. */
  model?: string;
  content: ChatUserContent;
  params: ModelParams;
  /** Sent only when set (the landing page's thinking switch). */
  enableThinking?: boolean;
  conversationId: number;
  talkingId: number;
  /** Regenerate: the row whose answer is answered again. */
  lastId?: number;
  /** Edit: the row whose query is replaced. */
  lastEditId?: number;
}

export interface CompareStreamHandlers {
  onMessageId(id: number): void;
  onReasoning(text: string): void;
  onContent(text: string): void;
  /** The answer as stored, with its cost and speed. */
  onTail(message: ChatMessageView): void;
}

/** How a stream ended without failing: `[DONE]` (or the body's end), or the caller's abort. */
export type CompareStreamEnd = 'done' | 'aborted';

/**
 * Streams one model's answer; resolves when it ends, rejects with an Error carrying the message to
 * show. The store takes this as a parameter so that tests can drive it with a fake.
 */
export type CompareStreamFn = (request: CompareStreamRequest, handlers: CompareStreamHandlers, signal: AbortSignal) => Promise<CompareStreamEnd>;

/** The body of POST /v1/chat/completions from the compare page. */
export function compareRequestBody(request: CompareStreamRequest): Record<string, unknown> {
  return {
    ...(request.model === undefined ? {} : { model: request.model }),
    messages: [{ role: 'user', content: request.content }],
    stream: true,
    stream_options: { include_usage: true },
    ...request.params,
    ...(request.enableThinking === undefined ? {} : { enable_thinking: request.enableThinking }),
    conversation_id: request.conversationId,
    talking_id: request.talkingId,
    ...(request.lastId === undefined ? {} : { last_id: request.lastId }),
    ...(request.lastEditId === undefined ? {} : { last_edit_id: request.lastEditId }),
  };
}

async function errorText(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { message?: string }; message?: string };
    return body.error?.message || body.message || text || response.statusText;
  } catch {
    return text || response.statusText;
  }
}

interface StreamEvent extends Partial<ChatStreamHead>, Partial<Omit<ChatStreamTail, 'hr_message_id'>> {
  choices?: Array<{ delta?: { content?: string | null; reasoning_content?: string | null } }>;
  error?: { message?: string };
}

const isAbort = (error: unknown, signal: AbortSignal) => signal.aborted || (error instanceof DOMException && error.name === 'AbortError');

/** Hands one event's data to the handlers; returns true at `[DONE]`. */
function dispatch(data: string, handlers: CompareStreamHandlers): boolean {
  if (data === '[DONE]') return true;
  let event: StreamEvent;
  try {
    event = JSON.parse(data) as StreamEvent;
  } catch {
    return false; // a keep-alive or a line this page does not know: nothing to show
  }
  if (event.error) throw new Error(event.error.message || MSG_CHAT_CONNECT_FAILED(200, ''));
  if (event.hr_message) handlers.onTail(event.hr_message);
  else if (typeof event.hr_message_id === 'number') handlers.onMessageId(event.hr_message_id);
  const delta = event.choices?.[0]?.delta;
  if (delta?.reasoning_content) handlers.onReasoning(delta.reasoning_content);
  if (delta?.content) handlers.onContent(delta.content);
  return false;
}

/**
 * POST /v1/chat/completions with the signed-in session (cookie and New-Api-User, like the
 * playground): no API key is kept in the browser. The server stores the exchange under
 * conversation_id and names it in the stream's first event.
 */
export const streamCompareChat: CompareStreamFn = async (request, handlers, signal) => {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'text/event-stream' });
  const user = useUserStore.getState().user;
  if (user) headers.set('New-Api-User', String(user.id));
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    const response = await fetch('/v1/chat/completions', {
      method: 'POST',
      headers,
      body: JSON.stringify(compareRequestBody(request)),
      credentials: 'same-origin',
      signal,
    });
    if (!response.ok) throw new Error(MSG_CHAT_CONNECT_FAILED(response.status, await errorText(response)));
    if (!(response.headers.get('Content-Type') ?? '').includes('text/event-stream') || !response.body) {
      throw new Error(MSG_CHAT_NOT_EVENT_STREAM);
    }
    reader = response.body.getReader();
    const parser = createSseParser();
    for (;;) {
      const { done, value } = await reader.read();
      for (const data of done ? parser.end() : parser.feed(value)) {
        if (dispatch(data, handlers)) return 'done';
      }
      if (done) return 'done';
    }
  } catch (error) {
    if (isAbort(error, signal)) return 'aborted';
    throw error;
  } finally {
    reader?.cancel().catch(() => undefined);
  }
};
