import { Message } from '@arco-design/web-react';
import { MSG_WORKFLOW_DOWNLOAD_FAILED } from '@gw/shared';
import { buildHeaders } from '@/api/http';

/** The failure text of every file download of the console (spec 3 §7 for exports, spec 2 §9 statistics). */
export const MSG_DOWNLOAD_FAILED = MSG_WORKFLOW_DOWNLOAD_FAILED;

type Params = Record<string, string | number | boolean | undefined | null>;

/** The file name the server gave (RFC 6266 `filename*` first, then `filename`), else the fallback. */
export function fileNameFromDisposition(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, '')) || fallback;
    } catch {
      // a malformed escape: try the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  return (plain?.[2] ?? plain?.[1] ?? '').trim() || fallback;
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; the object URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A refusal sent in place of the file: the console envelope with success false, with HTTP 200 (a
 * business refusal) or 400 (a refused parameter, such as a statistics range). Other statuses are failures.
 */
async function refusalOf(response: Response): Promise<string | undefined> {
  if (!(response.ok || response.status === 400)) return undefined;
  if (!(response.headers.get('Content-Type') ?? '').includes('application/json')) return undefined;
  try {
    const reply = (await response.clone().json()) as { success?: boolean; message?: string };
    return reply.success === false ? reply.message || MSG_DOWNLOAD_FAILED : undefined;
  } catch {
    return undefined;
  }
}

interface DownloadOptions {
  params?: Params;
  /** The name when the server gives none. */
  fallbackName: string;
  /** Gives up (and says so) after this long. */
  timeoutMs?: number;
}

function withParams(path: string, params?: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) if (value !== undefined && value !== null) search.set(key, String(value));
  const query = search.toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

/**
 * Downloads a file with the session (a fetch, not a link, so that a refusal can be told apart from
 * the file): saved under the server's name; a failure shows 下载失败，请重试, a refusal in the console
 * envelope its message. Resolves whether the file was saved.
 */
export async function downloadFile(path: string, { params, fallbackName, timeoutMs }: DownloadOptions): Promise<boolean> {
  const url = withParams(path, params);
  const controller = new AbortController();
  const timer = timeoutMs ? setTimeout(() => controller.abort(), timeoutMs) : undefined;
  try {
    const response = await fetch(url, { headers: buildHeaders(path, false), credentials: 'same-origin', signal: controller.signal });
    const refusal = await refusalOf(response);
    if (refusal) {
      Message.error(refusal);
      return false;
    }
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    saveBlob(await response.blob(), fileNameFromDisposition(response.headers.get('Content-Disposition'), fallbackName));
    return true;
  } catch {
    Message.error(MSG_DOWNLOAD_FAILED);
    return false;
  } finally {
    clearTimeout(timer);
  }
}
