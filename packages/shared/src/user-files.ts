/**
 * The file library (spec 3 §2.8, §3 User file, §7 Files, §8 Workflow and files, §9): the files a
 * user uploads to feed workflows, with the text fields found in them. The calls are listed in
 * docs/console-api.md "File library".
 */

/** A registered file as every file library call answers it (spec 3 §3 User file). */
export interface UserFileView {
  id: number;
  /** The text fields found in the file: a txt file's `text`, a CSV or xlsx header, the keys of JSON lines. */
  fields: string[];
  /** The number of data rows (lines of a txt file, records under the header, JSON lines). */
  row_count: number;
  /** The workflow project the file was registered with; null for none. */
  app_id: number | null;
  /** The project's title; '' when none is known. */
  app_name: string;
  /** Unix seconds. */
  created_at: number;
  /** The name the user's file had; `name` and `file_name` are the same (the spec reads all three). */
  filename: string;
  name: string;
  file_name: string;
  /** One of USER_FILE_TYPES. */
  file_type: UserFileType;
  /** Bytes. */
  file_size: number;
  /** Where the file is fetched; `oss_url` and `file_url` are the same. */
  url: string;
  oss_url: string;
  file_url: string;
}

/** `POST /api/file_upload/`: the view plus the id under the other name the console reads. */
export type RegisteredUserFile = UserFileView & { file_id: number };

/** The body of `POST /api/file_upload/`. */
export interface RegisterUserFileInput {
  /** What `POST /api/file_upload/uploadToOss` answered. */
  file_url: string;
  app_id?: number | null;
}

export const USER_FILE_TYPES = ['txt', 'csv', 'jsonl', 'xlsx'] as const;
export type UserFileType = (typeof USER_FILE_TYPES)[number];

/** The file list's page size (spec 3 §9). */
export const USER_FILE_PAGE_SIZE = 10;
export const USER_FILE_PAGE_SIZE_MAX = 100;
/** The largest file the library takes. */
export const USER_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** At most this many fields are kept from a header or from JSON keys. */
export const USER_FILE_MAX_FIELDS = 200;
/** A field name longer than this is refused. */
export const USER_FILE_FIELD_MAX_LENGTH = 200;
/** The field of a txt file: one row per non-empty line. */
export const USER_FILE_TEXT_FIELD = 'text';

/** A file's size as the library shows it: MB to 1 decimal (spec 3 §9). */
export const fileSizeMb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

// Messages of spec 3 §8 (Workflow and files), in Chinese.
export const MSG_USER_FILE_UPLOAD_FAILED = (name: string) => `文件 ${name} 上传失败`;
export const MSG_USER_FILE_DELETE_FAILED = '删除文件失败';
export const MSG_USER_FILE_DELETED = '文件已删除';
// The library's own refusals.
export const MSG_USER_FILE_NOT_FOUND = '文件不存在';
export const MSG_USER_FILE_TYPE_REFUSED = '只支持 txt、csv、jsonl、xlsx 文件';
export const MSG_USER_FILE_URL_REQUIRED = '请先上传文件';
export const MSG_USER_FILE_URL_UNKNOWN = '文件地址无效，请重新上传文件';
export const MSG_USER_FILE_APP_ID = '项目 ID 必须是正整数';
export const MSG_USER_FILE_NO_FIELDS = '文件中没有找到文本字段';
export const MSG_USER_FILE_NO_ROWS = '文件中没有数据行';
export const MSG_USER_FILE_SEARCH_KEY = '搜索关键字必须是不超过 100 个字符的字符串';
