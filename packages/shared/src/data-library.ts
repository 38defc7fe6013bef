/**
 * The data market (spec 3 §2.1–2.4, §3 Dataset / source record / field value shapes, §8, §9):
 * the shapes the console and the server exchange, the rules both check, and the messages both show.
 * The calls are listed in docs/console-api.md "Data market".
 */

/** The data types a dataset can carry (its `data_type` is a comma-separated subset, in this order). */
export const DATA_TYPES = ['问答', '选择题', '多模态', '代码', '对话', '长文本', '数学', '通用文本'] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** How one field of a record is shown (spec 3 §3 Field value shapes); a field not named in data_format is a string. */
export const FIELD_KINDS = ['multimodal', 'array', 'object', 'string'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];
/** `data_format`: field name → kind, as a JSON object. */
export type DataFormat = Record<string, FieldKind>;

/** `readme` as JSON: a title and the explanation of each field (spec 3 §3). Otherwise readme is plain text. */
export interface ReadmeField {
  name: string;
  description: string;
  subfields?: ReadmeField[];
}
export interface ReadmeDoc {
  title: string;
  fields: ReadmeField[];
}

/** A dataset as every data market call answers it (spec 3 §3 Dataset). */
export interface DatasetView {
  id: number;
  name: string;
  /** The same as name (the spec reads both). */
  title: string;
  description: string;
  /** Free tags, comma-separated; one containing 热门 or "hot" marks the dataset hot. */
  tag: string;
  /** Comma-separated DATA_TYPES. */
  data_type: string;
  /** JSON text of a DataFormat. */
  data_format: string;
  /** Records in the dataset, kept exact by the server. */
  data_num: number;
  /** Bytes of the records' JSON bodies, kept exact by the server. */
  data_size: number;
  /** Unix seconds: when the records last changed (import) or the dataset was edited. */
  data_update_time: number;
  /** Comma-separated names of the image fields. */
  image_field: string;
  /** JSON text of a ReadmeDoc, or plain text. */
  readme: string;
  /** The provider. */
  factory: string;
  /** URL of the cover image; '' for none. */
  cover_page: string;
  /** The base URL the image fields of its records are relative to ('' when they are absolute). */
  cloud_path: string;
  /** Unix seconds. */
  created_at: number;
}

/** The fields root sets when creating or editing a dataset; the server keeps data_num, data_size and the times. */
export type DatasetInput = Pick<DatasetView, 'name' | 'description' | 'tag' | 'data_type' | 'data_format' | 'image_field' | 'readme' | 'factory' | 'cover_page'>;

/** A record of a dataset (spec 3 §3 Dataset source record). */
export interface SourceRowView {
  id: number;
  /** The record as JSON text. */
  body: string;
  /** The dataset's cloud_path, which the record's image fields are relative to. */
  cloud_path: string;
  tag: string;
}

/** The page of every data market list call (`page` from 1). */
export interface DataPage<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

export const DATA_MARKET_PAGE_SIZE = 9;
export const DATA_PREVIEW_ROWS = 4;
export const DATA_PREVIEW_COLUMNS = 5;
export const DATA_PREVIEW_PREFERRED_COLUMNS = ['id', 'question', 'answer', 'options', 'meta'] as const;
export const DATA_SEARCH_DEBOUNCE_MS = 500;
/** With this many datasets or more the promo card moves (spec 3 §2.1). */
export const DATA_PROMO_THRESHOLD = 27;
/** Guests read only the first rows of a dataset (the card preview and the detail page's samples); the rest needs a signed-in user. */
export const DATA_GUEST_ROWS = 20;
export const DATA_SOURCE_PAGE_SIZE_MAX = 100;

export const DATASET_NAME_MAX_LENGTH = 100;
export const DATASET_DESCRIPTION_MAX_LENGTH = 2000;
export const DATASET_README_MAX_LENGTH = 20000;

/** Cover images (spec 3 §5): one image, checked on the server. */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const COVER_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Imports (spec 3 §2.1 "import data"; issue 14). */
export const IMPORT_FORMATS = ['json', 'jsonl', 'csv', 'parquet'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** On a malformed row: skip it and go on, or roll the whole import back. */
export const IMPORT_MODES = ['skip', 'rollback'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** The largest import file the server accepts. */
export const IMPORT_MAX_BYTES = 4 * 1024 * 1024 * 1024;
/** The largest single record (its JSON text). */
export const IMPORT_ROW_MAX_BYTES = 1024 * 1024;
/** How many row errors an import keeps to show (the count is always exact). */
export const IMPORT_ERRORS_KEPT = 100;

/** One malformed row: `row` is the line (JSONL, CSV: the file's line) or the element/row number (JSON array, Parquet), from 1. */
export interface ImportRowError {
  row: number;
  message: string;
}

export interface ImportView {
  id: number;
  dataset_id: number;
  file_name: string;
  format: ImportFormat;
  mode: ImportMode;
  status: ImportStatus;
  /** Set while a cancel is asked for but the job has not stopped yet. */
  cancel_requested: boolean;
  bytes_total: number;
  bytes_read: number;
  /** Rows imported (in rollback mode they become visible only when the import is done). */
  rows_done: number;
  /** Malformed rows (skipped in skip mode; in rollback mode the first one fails the import). */
  rows_failed: number;
  /** The first IMPORT_ERRORS_KEPT malformed rows. */
  errors: ImportRowError[];
  /** Why the import failed or was cancelled; '' otherwise. */
  message: string;
  /** Unix seconds; 0 when not yet. */
  created_at: number;
  started_at: number;
  finished_at: number;
}

export const isHotTag = (tag: string): boolean => /热门|hot/i.test(tag);

/** Spec 3 §8 "Data market" and "Detail page", and the screens' labels (spec 3 §2.1–2.4). */
export const MSG_DATA_FETCH_FAILED = '获取数据失败';
export const MSG_DATA_DETAIL_FAILED = '获取数据详情失败';
export const MSG_DATASET_DELETE_FAILED = '删除数据集失败';
export const MSG_DATASET_DELETED = '数据集删除成功';
export const MSG_IMAGE_UPLOAD_FAILED = '图片上传失败';
export const MSG_COVER_UPDATE_FAILED = '封面更新失败';
export const MSG_COVER_UPLOAD_FAILED = '封面上传失败';
export const MSG_COVER_UPDATED = '封面更新成功';
export const MSG_COVER_SELECT_IMAGE = '请选择要上传的图片';
export const MSG_IMAGE_LOAD_FAILED = '图片加载失败';
export const MSG_JSON_SERIALIZE_FAILED = 'JSON 序列化失败';
export const MSG_MARKDOWN_RENDER_FAILED = '数据渲染失败，请尝试 JSON 视图';
export const MSG_DATASET_DETAIL_FAILED = '获取数据集详情失败';
export const MSG_DATASET_MISSING = '数据集不存在或加载失败';
export const MSG_DATASET_NOT_FOUND = '数据集不存在';
export const MSG_IMPORT_NOT_FOUND = '导入任务不存在';
export const MSG_NO_DATA = '暂无数据';
export const MSG_NO_MATCHING_DATASET = '未找到匹配的数据集';
export const MSG_DATA_NUM_UNKNOWN = '未知';
export const MSG_SCROLL_TO_LOAD_MORE = '向下滚动加载更多';
export const MSG_BODY_PARSE_FAILED = '数据解析失败';
