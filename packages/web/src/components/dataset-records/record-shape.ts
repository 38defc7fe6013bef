import {
  DATA_PREVIEW_COLUMNS,
  DATA_PREVIEW_PREFERRED_COLUMNS,
  FIELD_KINDS,
  MSG_BODY_PARSE_FAILED,
  type DataFormat,
  type FieldKind,
  type SourceRowView,
} from '@gw/shared';

/** How a dataset's records are read and laid out (spec 3 §3 "Dataset source record", "Field value shapes"). */

export type DataRecord = Record<string, unknown>;

const isPlainObject = (value: unknown): value is DataRecord => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The record of a row. A body that is not JSON gives the spec's placeholder; JSON that is not an object is kept under `value`. */
export function parseRecord(row: Pick<SourceRowView, 'body'>): DataRecord {
  try {
    const parsed: unknown = JSON.parse(row.body);
    return isPlainObject(parsed) ? parsed : { value: parsed };
  } catch {
    return { question: MSG_BODY_PARSE_FAILED, answer: '', analyzing: '', knowledge_point: '' };
  }
}

/**
 * Nested objects become dotted keys (`meta.source`); arrays stay values. A field for which
 * `keepWhole` says so (a multimodal or object field of data_format) is kept as one value, because
 * its renderer needs the whole object.
 */
export function flattenRecord(record: DataRecord, keepWhole: (field: string) => boolean = () => false): DataRecord {
  const flat: DataRecord = {};
  const visit = (value: DataRecord, prefix: string) => {
    for (const [key, item] of Object.entries(value)) {
      const field = prefix ? `${prefix}.${key}` : key;
      if (isPlainObject(item) && Object.keys(item).length > 0 && !keepWhole(field)) visit(item, field);
      else flat[field] = item;
    }
  };
  visit(record, '');
  return flat;
}

const ABSOLUTE = /^(https?:)?\/\//i;
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * The URL of an image field's value: the dataset's cloud_path joined with the value. A value that is
 * already a full http(s) URL or a path from the site root is kept; several comma-separated values
 * give several URLs joined back by commas. Any other scheme (javascript:, data:…) gives nothing.
 */
export function imageUrl(cloudPath: string, value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      if (ABSOLUTE.test(part) || part.startsWith('/')) return part;
      if (HAS_SCHEME.test(part)) return '';
      if (!cloudPath) return part;
      return `${cloudPath.replace(/\/+$/, '')}/${part.replace(/^\.?\/+/, '')}`;
    })
    .filter(Boolean)
    .join(',');
}

/** The URLs of imageUrl as a list. */
export const imageUrls = (cloudPath: string, value: unknown): string[] => imageUrl(cloudPath, value).split(',').filter(Boolean);

/** The columns of a preview: the preferred ones that occur first, then the others in the order they first occur. */
export function previewColumns(records: DataRecord[], max: number = DATA_PREVIEW_COLUMNS): string[] {
  const seen = new Set<string>();
  for (const record of records) for (const key of Object.keys(record)) seen.add(key);
  const preferred: string[] = DATA_PREVIEW_PREFERRED_COLUMNS.filter((column) => seen.has(column));
  const others = [...seen].filter((column) => !preferred.includes(column));
  return [...preferred, ...others].slice(0, max);
}

const formats = new Map<string, DataFormat>();

/** The dataset's data_format (a JSON object field → kind), read once per text; anything unreadable is empty. */
export function readDataFormat(dataFormat: string): DataFormat {
  let format = formats.get(dataFormat);
  if (!format) {
    format = {};
    try {
      const parsed: unknown = JSON.parse(dataFormat);
      if (isPlainObject(parsed)) {
        for (const [field, kind] of Object.entries(parsed)) if ((FIELD_KINDS as readonly unknown[]).includes(kind)) format[field] = kind as FieldKind;
      }
    } catch {
      // Not JSON: every field is a string (spec 3 §3 "default string").
    }
    formats.set(dataFormat, format);
  }
  return format;
}

/** How a field is shown; a field the data_format does not name is a string. */
export const fieldKindOf = (dataFormat: string, field: string): FieldKind => readDataFormat(dataFormat)[field] ?? 'string';

/** Whether the field is one of the dataset's image fields (image_field is comma-separated). */
export const isImageField = (imageFieldList: string, field: string): boolean =>
  imageFieldList
    .split(',')
    .map((name) => name.trim())
    .includes(field);

/** The flattened record of a row for a dataset: multimodal and object fields stay whole. */
export function flatRecordOf(record: DataRecord, dataFormat: string): DataRecord {
  const format = readDataFormat(dataFormat);
  return flattenRecord(record, (field) => format[field] === 'multimodal' || format[field] === 'object');
}
