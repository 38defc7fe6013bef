import { Message } from '@arco-design/web-react';
import {
  MSG_CHAT_FILE_ID_MISSING,
  MSG_CHAT_MODEL_CONFIG_FAILED,
  MSG_CHAT_OSS_UPLOAD_FAILED,
  MSG_CHAT_RESPONSE_FORMAT_ERROR,
  MSG_CHAT_SET_CONFIG_FAILED,
  MSG_CHAT_USER_CONFIG_FAILED,
  type ChatModelView,
  type ChatUploadView,
  type ModelParamRule,
  type ModelParams,
} from '@gw/shared';
import { HttpError, http, showError, type ApiReply } from '@/api/http';
import { uploadFile } from '@/api/upload';

/**
 * The chat pages' model calls (spec 3 §7 "Models and chat"). Each call resolves to its data or
 * rejects with an Error whose message is the spec's message for that failure (the server's own
 * reason is kept as `cause`); showChatError shows one. An expired session stays an HttpError so
 * that the generic handler signs the user out.
 */

/** Where chat images are uploaded (multipart, field `files`). */
export const CHAT_UPLOAD_PATH = '/relay/v1/talking/upload_files';

async function dataOf<T>(promise: Promise<ApiReply<T>>, failure: string): Promise<T> {
  let reply: ApiReply<T>;
  try {
    reply = await promise;
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) throw error;
    throw new Error(failure, { cause: error });
  }
  if (!reply.success) throw new Error(failure, { cause: reply.message });
  return reply.data;
}

/** Shows a failure of these calls: the spec message, or the generic handler's for an HttpError. */
export function showChatError(error: unknown): void {
  if (error instanceof HttpError) showError(error);
  else Message.error(error instanceof Error ? error.message : String(error));
}

/** The models the user may chat with (GET /v1/models/lists). */
export async function listChatModels(): Promise<ChatModelView[]> {
  const reply = await http.get<unknown>('/v1/models/lists');
  if (!reply.success) throw new Error(reply.message || MSG_CHAT_RESPONSE_FORMAT_ERROR);
  if (!Array.isArray(reply.data)) throw new Error(MSG_CHAT_RESPONSE_FORMAT_ERROR);
  return reply.data as ChatModelView[];
}

/** The parameters a model takes, with their bounds and defaults. */
export async function getModelRules(model: string): Promise<ModelParamRule[]> {
  const data = await dataOf(http.get<unknown>('/v1/models/model_default_rule', { model }), MSG_CHAT_MODEL_CONFIG_FAILED);
  if (!Array.isArray(data)) throw new Error(MSG_CHAT_RESPONSE_FORMAT_ERROR);
  return data as ModelParamRule[];
}

interface StoredModelConfig {
  model_name: string;
  /** JSON text of ModelParams. */
  config: string;
}

/** The parameters the user saved for a model; null when none were saved (or what was saved is not an object). */
export async function getModelConfig(model: string): Promise<ModelParams | null> {
  const data = await dataOf(http.get<StoredModelConfig | null>('/v1/models/model_config', { model_name: model }), MSG_CHAT_USER_CONFIG_FAILED);
  if (!data?.config) return null;
  try {
    const parsed: unknown = JSON.parse(data.config);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ModelParams) : null;
  } catch {
    return null;
  }
}

export async function saveModelConfig(model: string, params: ModelParams): Promise<void> {
  await dataOf(http.post<unknown>('/v1/models/model_config', { model_name: model, config: JSON.stringify(params) }), MSG_CHAT_SET_CONFIG_FAILED);
}

/** Models the user chatted with before, for the picker's "使用历史"; an empty list when the call fails (it is only a shortcut). */
export async function listHistoryModels(): Promise<ChatModelView[]> {
  try {
    const reply = await http.get<unknown>('/relay/v1/conversation/history_msg_model');
    return reply.success && Array.isArray(reply.data) ? (reply.data as ChatModelView[]) : [];
  } catch {
    return [];
  }
}

/**
 * Uploads one image (one per call, so that each file reports its own progress). Rejects with the
 * server's message on a refusal, MSG_CHAT_OSS_UPLOAD_FAILED without a stored address,
 * MSG_CHAT_FILE_ID_MISSING without an id; an abort rejects with an AbortError.
 */
export async function uploadChatImage(file: File, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<ChatUploadView> {
  const reply = await uploadFile<{ results?: ChatUploadView[] } | null>(CHAT_UPLOAD_PATH, file, { field: 'files', onProgress, signal });
  if (!reply.success) throw new Error(reply.message || MSG_CHAT_OSS_UPLOAD_FAILED);
  const result = reply.data?.results?.[0];
  if (!result?.oss_url) throw new Error(MSG_CHAT_OSS_UPLOAD_FAILED);
  if (!result.id) throw new Error(MSG_CHAT_FILE_ID_MISSING);
  return result;
}
