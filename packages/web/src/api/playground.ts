import { HttpError } from '@/api/http';
import { useUserStore } from '@/stores/user';

/** One message of an OpenAI chat-completions request. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The playground always asks for a streamed answer. */
export interface ChatCompletionRequest {
  model: string;
  temperature: number;
  messages: ChatMessage[];
  stream: true;
}

/** The OpenAI error body `{ error: { message } }`, or the console envelope when the session check refuses. */
async function readErrorMessage(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { error?: { message?: string }; message?: string };
    return body.error?.message || body.message || response.statusText;
  } catch {
    return text || response.statusText;
  }
}

/**
 * POST /pg/chat/completions (spec 2 §2 "Playground"), signed in with the session cookie and
 * New-Api-User like every console call. It bypasses http.request because the answer is an SSE
 * body read as it arrives, not a JSON envelope; a 403 here is a relay refusal (no usable token,
 * no quota), not a stale access token, so there is no token refetch either.
 * Resolves to the SSE body once the server has accepted the call; throws HttpError otherwise.
 */
export async function streamChatCompletion(body: ChatCompletionRequest, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'text/event-stream' });
  const user = useUserStore.getState().user;
  if (user) headers.set('New-Api-User', String(user.id));
  const response = await fetch('/pg/chat/completions', {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw new HttpError(response.status, await readErrorMessage(response));
  if (!response.body) throw new HttpError(response.status, '服务器没有返回内容');
  return response.body;
}
