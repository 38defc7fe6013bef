import { useCallback, useRef, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { MSG_USER_FILE_TYPE_REFUSED, MSG_USER_FILE_UPLOAD_FAILED, USER_FILE_MAX_BYTES, type RegisteredUserFile } from '@gw/shared';
import { HttpError, showError } from '@/api/http';
import { registerUserFile, uploadToOss } from '@/api/user-files';
import { hasUserFileType } from './workflow-view';

export type UploadState = 'uploading' | 'registering' | 'done' | 'failed';

export interface UploadEntry {
  key: number;
  name: string;
  percent: number;
  state: UploadState;
  /** The record the server answered (an existing one for a duplicate). */
  file?: RegisteredUserFile;
}

/** The reason a file failed, after the catalogue's `文件 {name} 上传失败`; the server may already say it all. */
function failureMessage(name: string, reason: string | undefined): string {
  const base = MSG_USER_FILE_UPLOAD_FAILED(name);
  if (!reason) return base;
  if (reason.startsWith(base)) return reason;
  return `${base}：${reason}`;
}

/**
 * Uploads to the file library (spec 3 §2.8): each file is stored (with its progress) and then
 * registered; the files go side by side. `onUploaded` runs once a batch has finished. Files are
 * registered under `appId` (the project the library is filtered by) when there is one.
 */
export function useFileUploads(onUploaded: () => void, appId?: number) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const nextKey = useRef(1);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;
  const appIdRef = useRef(appId);
  appIdRef.current = appId;

  const patch = (key: number, fields: Partial<UploadEntry>) => setEntries((list) => list.map((entry) => (entry.key === key ? { ...entry, ...fields } : entry)));

  const uploadOne = async (key: number, file: File): Promise<boolean> => {
    const fail = (reason?: string) => {
      patch(key, { state: 'failed' });
      Message.error(failureMessage(file.name, reason));
      return false;
    };
    if (!hasUserFileType(file.name)) return fail(MSG_USER_FILE_TYPE_REFUSED);
    if (file.size > USER_FILE_MAX_BYTES) return fail(`文件不能超过 ${USER_FILE_MAX_BYTES / 1024 / 1024} MB`);
    try {
      const stored = await uploadToOss(file, (percent) => patch(key, { percent }));
      if (!stored.success || typeof stored.data !== 'string' || stored.data === '') return fail(stored.message);
      patch(key, { percent: 100, state: 'registering' });
      const registered = await registerUserFile({ file_url: stored.data, app_id: appIdRef.current ?? null });
      if (!registered.success) return fail(registered.message);
      patch(key, { state: 'done', file: registered.data });
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        patch(key, { state: 'failed' });
        showError(error);
        return false;
      }
      return fail(error instanceof HttpError ? error.message : undefined);
    }
  };

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    const batch = files.map((file) => ({ key: nextKey.current++, file }));
    // A new batch replaces the finished rows of the last one; rows still under way stay.
    setEntries((list) => [
      ...list.filter((entry) => entry.state === 'uploading' || entry.state === 'registering'),
      ...batch.map(({ key, file }) => ({ key, name: file.name, percent: 0, state: 'uploading' as const })),
    ]);
    const results = await Promise.all(batch.map(({ key, file }) => uploadOne(key, file)));
    if (results.some(Boolean)) onUploadedRef.current();
  };

  const dismiss = useCallback((key: number) => setEntries((list) => list.filter((entry) => entry.key !== key)), []);
  const busy = entries.some((entry) => entry.state === 'uploading' || entry.state === 'registering');

  return { entries, upload, dismiss, busy };
}
