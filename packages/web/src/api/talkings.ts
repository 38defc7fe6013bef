import {
  CONVERSATION_HISTORY_LIMIT,
  MSG_CHAT_CREATE_FAILED,
  MSG_CHAT_DELETE_ABNORMAL,
  MSG_CHAT_HISTORY_FAILED,
  MSG_CHAT_LOAD_HISTORY_FAILED,
  MSG_CHAT_RENAME_FAILED,
  MSG_CHAT_SESSION_CREATE_FAILED,
  MSG_CHAT_STOP_FAILED,
  type ChatMessageView,
  type ChatPage,
  type ConversationHistory,
  type ConversationView,
  type TalkingDetail,
  type TalkingExportFormat,
  type TalkingView,
} from '@gw/shared';
import { HttpError, buildHeaders, http, type ApiReply } from '@/api/http';

/**
 * The compare chat's talking and conversation calls (spec 3 §7 "Models and chat"). Like
 * api/chat-models.ts, each resolves to its data or rejects with an Error whose message is the
 * spec's message for that failure and whose `cause` is the server's own reason (a string when the
 * server refused, else the thrown error); an expired session stays an HttpError so the generic
 * handler signs the user out.
 */

async function dataOf<T>(promise: Promise<ApiReply<T>>, failure: string): Promise<T> {
  let reply: ApiReply<T>;
  try {
    reply = await promise;
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) throw error;
    throw new Error(failure, { cause: error instanceof Error ? error.message : error });
  }
  if (!reply.success) throw new Error(failure, { cause: reply.message });
  return reply.data;
}

/** The server's reason behind one of these failures, else the failure's own message. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) return typeof error.cause === 'string' && error.cause ? error.cause : error.message;
  return String(error);
}

export function listTalkings(page: number, pageSize: number): Promise<ChatPage<TalkingView>> {
  return dataOf(http.get<ChatPage<TalkingView>>('/relay/v1/talking/', { page, page_size: pageSize }), MSG_CHAT_HISTORY_FAILED);
}

export function createTalking(name: string, summary: string): Promise<TalkingView> {
  return dataOf(http.post<TalkingView>('/relay/v1/talking/', { name, summary }), MSG_CHAT_CREATE_FAILED);
}

export function getTalking(id: number): Promise<TalkingDetail> {
  return dataOf(http.get<TalkingDetail>(`/relay/v1/talking/${id}`), MSG_CHAT_LOAD_HISTORY_FAILED);
}

export async function renameTalking(id: number, name: string): Promise<void> {
  await dataOf(http.put<unknown>(`/relay/v1/talking/${id}`, { name }), MSG_CHAT_RENAME_FAILED);
}

export async function deleteTalking(id: number): Promise<void> {
  await dataOf(http.delete<unknown>(`/relay/v1/talking/${id}`), MSG_CHAT_DELETE_ABNORMAL);
}

export function listConversations(talkingId: number): Promise<ConversationView[]> {
  return dataOf(http.get<ConversationView[]>('/relay/v1/conversation/', { talking_id: talkingId }), MSG_CHAT_LOAD_HISTORY_FAILED);
}

/** One conversation (model column) per entry, in the order given. */
export function createConversations(items: Array<{ talking_id: number; model_name: string }>): Promise<ConversationView[]> {
  return dataOf(http.post<ConversationView[]>('/relay/v1/conversation/', items), MSG_CHAT_SESSION_CREATE_FAILED);
}

/** Switches a column's model; the server refuses a multimodal → text-only switch with the spec's message (the cause). */
export async function switchConversationModel(id: number, modelName: string): Promise<void> {
  await dataOf(http.put<unknown>(`/relay/v1/conversation/${id}`, { model_name: modelName }), MSG_CHAT_SESSION_CREATE_FAILED);
}

export async function deleteConversation(id: number): Promise<void> {
  await dataOf(http.delete<unknown>(`/relay/v1/conversation/${id}/permanent`), MSG_CHAT_DELETE_ABNORMAL);
}

/** A page of a conversation's rounds; `cursor` is the previous page's next_cursor (none: the latest rounds). */
export function getConversationHistory(id: number, cursor?: number | null, limit = CONVERSATION_HISTORY_LIMIT): Promise<ConversationHistory> {
  return dataOf(
    http.get<ConversationHistory>(`/relay/v1/conversation/${id}`, { limit, updated_time: cursor ?? undefined }),
    MSG_CHAT_LOAD_HISTORY_FAILED,
  );
}

export function getChatMessage(id: number): Promise<ChatMessageView> {
  return dataOf(http.get<ChatMessageView>(`/relay/v1/conversation/message/${id}`), MSG_CHAT_LOAD_HISTORY_FAILED);
}

/** Keeps the answer cut at `stopIndex` characters: what the user saw when they stopped it. */
export async function stopMessage(messageId: number, stopIndex: number): Promise<void> {
  await dataOf(http.post<unknown>('/relay/v1/conversation/stop_message', { message_id: messageId, stop_index: stopIndex }), MSG_CHAT_STOP_FAILED);
}

export const talkingExportUrl = (id: number, format: TalkingExportFormat) => `/relay/v1/talking/${id}/export?format=${format}`;

/** The file name the server gives in Content-Disposition (RFC 5987 form first), if any. */
function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) return decodeURIComponent(encoded[1]);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/**
 * Downloads a talking's export. Fetched with the console headers (not a plain link) so that the
 * call is signed like every other one; the body is then saved through an object URL.
 */
export async function downloadTalkingExport(id: number, format: TalkingExportFormat, fallbackName: string): Promise<void> {
  const url = talkingExportUrl(id, format);
  const response = await fetch(url, { headers: buildHeaders(url, false), credentials: 'same-origin' });
  if (!response.ok) throw new HttpError(response.status, response.statusText);
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('Content-Disposition')) ?? `${fallbackName}.${format === 'markdown' ? 'md' : 'json'}`;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}
