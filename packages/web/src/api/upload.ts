import { buildHeaders, refetchTokenOnce, type ApiReply } from '@/api/http';

export interface UploadOptions {
  /** The multipart field the server reads the file from. */
  field?: string;
  /** Upload progress of the request body, 0–100 (only when the browser knows the total). */
  onProgress?: (percent: number) => void;
  /** Aborting rejects the promise with an AbortError. */
  signal?: AbortSignal;
}

interface RawReply {
  status: number;
  statusText: string;
  text: string;
}

function parseReply<T>({ status, statusText, text }: RawReply): ApiReply<T> {
  let reply: ApiReply<T> | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') reply = parsed as ApiReply<T>;
  } catch {
    // not the console envelope: the text itself is the message below
  }
  reply ??= { success: false, message: text || statusText, data: undefined as T };
  // A refusal never counts as a success, whatever its body says.
  if (status < 200 || status >= 300) return { ...reply, success: false, message: reply.message || statusText || `HTTP ${status}` };
  return reply;
}

function send(path: string, file: Blob, { field = 'file', onProgress, signal }: UploadOptions): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('上传已取消', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const handleAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', handleAbort);
    xhr.open('POST', path);
    // No Content-Type: the browser sets multipart/form-data with its boundary.
    buildHeaders(path, false).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    };
    xhr.onerror = () => {
      done();
      reject(new Error('网络错误，上传失败'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('上传已取消', 'AbortError'));
    };
    signal?.addEventListener('abort', handleAbort);
    const form = new FormData();
    form.append(field, file, file instanceof File ? file.name : 'blob');
    xhr.send(form);
  });
}

/**
 * Sends one file as multipart/form-data with XMLHttpRequest, for its upload progress events, which
 * fetch does not give. Same headers and cookies as api/http.ts; on 401 or 403 the access token is
 * refetched once and the upload sent again, like every other call. Unlike http.ts a refusal does
 * not throw: it resolves to a reply with success false and the server's message. Network failures
 * and aborts reject.
 */
export async function uploadFile<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<ApiReply<T>> {
  let raw = await send(path, file, options);
  if ((raw.status === 401 || raw.status === 403) && (await refetchTokenOnce())) {
    options.onProgress?.(0);
    raw = await send(path, file, options);
  }
  return parseReply<T>(raw);
}
