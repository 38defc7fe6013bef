import type { RegisterUserFileInput, RegisteredUserFile, UserFileView } from '@gw/shared';
import { http, type ApiReply } from '@/api/http';
import { uploadFile } from '@/api/upload';

/** The file library (spec 3 §2.8, §7 "Files"; docs/console-api.md "File library"). Signed-in users, own files only. */

export const USER_FILE_UPLOAD_PATH = '/api/file_upload/uploadToOss';

export interface UserFileQuery {
  /** From 1. */
  page: number;
  page_size: number;
  /** Found in the file name; empty for all. */
  search_key?: string;
  app_id?: number;
}

export interface UserFilePage {
  list: UserFileView[];
  total: number;
  page: number;
  page_size: number;
}

export const listUserFiles = ({ page, page_size, search_key, app_id }: UserFileQuery) =>
  http.get<UserFilePage>('/api/file_upload/', { page, page_size, search_key: search_key?.trim() || undefined, app_id });

/** Step 1 of an upload: the file into storage, with its progress (0–100). Answers the stored URL. */
export const uploadToOss = (file: File, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<ApiReply<string>> =>
  uploadFile<string>(USER_FILE_UPLOAD_PATH, file, { field: 'file', onProgress, signal });

/** Step 2: register the stored URL; a duplicate (same name and size) answers the existing record. */
export const registerUserFile = (input: RegisterUserFileInput) => http.post<RegisteredUserFile>('/api/file_upload/', input);
export const getUserFile = (id: number) => http.get<UserFileView>(`/api/file_upload/${id}`);
export const deleteUserFile = (id: number) => http.delete<boolean>(`/api/file_upload/${id}`);
