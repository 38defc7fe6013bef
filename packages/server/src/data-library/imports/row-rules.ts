import { type DataFormat, FIELD_KINDS, type FieldKind, IMPORT_ROW_MAX_BYTES } from '@gw/shared';
import { MSG_JSON_TOO_DEEP, nestedTooDeep } from '../../common/input-rules';

/** A record that passed the rules, as stored: its JSON text and that text's size in bytes. */
export interface CheckedRow {
  body: string;
  bytes: number;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const KIND_CHECKS: Record<FieldKind, { test: (value: unknown) => boolean; expected: string }> = {
  // Spec 3 §3 field value shapes: a multimodal value carries an image URL and/or a text.
  multimodal: {
    test: (value) =>
      isPlainObject(value) &&
      (typeof value.image === 'string' || typeof value.text === 'string') &&
      (value.image === undefined || typeof value.image === 'string') &&
      (value.text === undefined || typeof value.text === 'string'),
    expected: '含字符串 image 或 text 的对象',
  },
  array: { test: Array.isArray, expected: '数组' },
  object: { test: isPlainObject, expected: '对象' },
  string: { test: (value) => ['string', 'number', 'boolean'].includes(typeof value), expected: '字符串' },
};

/** The dataset's data_format as stored (JSON text); anything unreadable names no field. */
export function parseDataFormat(text: string): DataFormat {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isPlainObject(parsed)) return {};
  const format: DataFormat = {};
  for (const [field, kind] of Object.entries(parsed)) {
    if ((FIELD_KINDS as readonly unknown[]).includes(kind)) format[field] = kind as FieldKind;
  }
  return format;
}

/**
 * A NUL character, escaped by JSON.stringify as \u0000 (PostgreSQL's jsonb refuses it, and readers
 * of the text would get it back raw): preceded by an even number of backslashes, so a literal
 * backslash followed by "u0000" is not mistaken for one.
 */
const ESCAPED_NUL = /(?<!\\)(?:\\\\)*\\u0000/;

function nulField(record: Record<string, unknown>): string {
  for (const [field, value] of Object.entries(record)) {
    if (field.includes('\u0000') || ESCAPED_NUL.test(JSON.stringify(value) ?? '')) return field;
  }
  return '';
}

/**
 * Checks one record against the dataset's data_format (spec 3 §3): a JSON object nested no deeper
 * than a request body may be (before JSON.stringify, which would overflow the stack), whose fields
 * named in data_format have their kind when present (null counts as absent), at most
 * IMPORT_ROW_MAX_BYTES of JSON, no NUL character anywhere. Returns the record as stored, or why not.
 */
export function checkRow(value: unknown, format: DataFormat): CheckedRow | { error: string } {
  if (!isPlainObject(value)) return { error: '不是 JSON 对象' };
  if (nestedTooDeep(value)) return { error: MSG_JSON_TOO_DEEP };
  for (const [field, kind] of Object.entries(format)) {
    const fieldValue = value[field];
    if (fieldValue === undefined || fieldValue === null) continue;
    const check = KIND_CHECKS[kind];
    if (!check.test(fieldValue)) return { error: `字段 ${field} 应为${check.expected}` };
  }
  const body = JSON.stringify(value);
  const bytes = Buffer.byteLength(body);
  if (bytes > IMPORT_ROW_MAX_BYTES) return { error: `记录超过 ${IMPORT_ROW_MAX_BYTES / 1024 / 1024} MB` };
  if (body.includes('\\u0000') && ESCAPED_NUL.test(body)) {
    const field = nulField(value);
    return { error: field ? `字段 ${field} 含有 NUL 字符（\\u0000），无法保存` : '记录含有 NUL 字符（\\u0000），无法保存' };
  }
  return { body, bytes };
}
