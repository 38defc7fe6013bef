import { DATA_TYPES, FIELD_KINDS } from '@gw/shared';

/**
 * The content rules of a dataset's fields (spec 3 §3 Dataset, spec 2's dataset rules): each check
 * answers the Chinese message of the first problem, or undefined; each normalizer answers the form
 * stored. Used by the DTOs (dto/dataset-fields.rules.ts) and by the sample data's own test.
 */

export const FIELD_NAME_MAX_LENGTH = 100;
export const DATA_FORMAT_MAX_FIELDS = 200;
export const README_MAX_DEPTH = 3;

export const MSG_DATA_TYPE_REQUIRED = '请选择数据类型';
const MSG_FIELD_NAME_EMPTY = '字段名不能为空';
const MSG_FIELD_NAME_TOO_LONG = `字段名不能超过 ${FIELD_NAME_MAX_LENGTH} 个字符`;
const MSG_FIELD_NAME_NUL = '字段名不能包含空字符';

const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

function fieldNameProblem(name: string): string | undefined {
  if (name.trim() === '') return MSG_FIELD_NAME_EMPTY;
  if (name.length > FIELD_NAME_MAX_LENGTH) return MSG_FIELD_NAME_TOO_LONG;
  if (name.includes('\u0000')) return MSG_FIELD_NAME_NUL;
  return undefined;
}

/** `data_type`: a non-empty comma list of DATA_TYPES. */
export function dataTypeProblem(text: string): string | undefined {
  const types = splitList(text);
  if (types.length === 0) return MSG_DATA_TYPE_REQUIRED;
  const unknown = types.find((type) => !(DATA_TYPES as readonly string[]).includes(type));
  return unknown === undefined ? undefined : `未知的数据类型：${unknown.slice(0, 20)}（可选：${DATA_TYPES.join('、')}）`;
}

/** Deduplicated and in DATA_TYPES order, so equal sets are stored as equal text. */
export const normalizeDataTypes = (text: string): string => DATA_TYPES.filter((type) => splitList(text).includes(type)).join(',');

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `data_format`: JSON object text, field name → one of FIELD_KINDS. */
export function dataFormatProblem(text: string): string | undefined {
  const parsed = parseJson(text);
  if (!parsed.ok || !isPlainObject(parsed.value)) return '数据格式必须是 JSON 对象，例如 {"options":"array"}';
  const entries = Object.entries(parsed.value);
  if (entries.length > DATA_FORMAT_MAX_FIELDS) return `数据格式最多 ${DATA_FORMAT_MAX_FIELDS} 个字段`;
  for (const [name, kind] of entries) {
    const problem = fieldNameProblem(name);
    if (problem) return `数据格式：${problem}`;
    if (typeof kind !== 'string' || !(FIELD_KINDS as readonly string[]).includes(kind)) {
      return `数据格式中字段 ${name} 的类型无效（可选：${FIELD_KINDS.join('、')}）`;
    }
  }
  return undefined;
}

/** Stored compact: the same map always reads the same. */
export const normalizeDataFormat = (text: string): string => JSON.stringify(JSON.parse(text));

function readmeFieldsProblem(fields: unknown, path: string, depth: number): string | undefined {
  if (!Array.isArray(fields)) return `说明文档的 ${path} 必须是数组`;
  if (depth > README_MAX_DEPTH) return `说明文档的字段最多嵌套 ${README_MAX_DEPTH} 层`;
  for (const [index, field] of fields.entries()) {
    const at = `${path}[${index}]`;
    if (!isPlainObject(field)) return `说明文档的 ${at} 必须是对象`;
    if (typeof field.name !== 'string' || field.name.trim() === '') return `说明文档的 ${at} 缺少 name（字段名）`;
    const nameProblem = fieldNameProblem(field.name);
    if (nameProblem) return `说明文档的 ${at}：${nameProblem}`;
    if (typeof field.description !== 'string') return `说明文档的 ${at} 缺少 description（字段说明）`;
    if (field.subfields !== undefined) {
      const problem = readmeFieldsProblem(field.subfields, `${at}.subfields`, depth + 1);
      if (problem) return problem;
    }
  }
  return undefined;
}

/**
 * `readme`: plain text, or — when the text is a JSON object — a ReadmeDoc: a title and fields with
 * name, description and optional subfields, at most README_MAX_DEPTH levels. Text that is a JSON
 * object but not a ReadmeDoc is refused rather than shown as raw JSON.
 */
export function readmeProblem(text: string): string | undefined {
  const parsed = parseJson(text);
  if (!parsed.ok || !isPlainObject(parsed.value)) return undefined;
  const doc = parsed.value;
  if (typeof doc.title !== 'string' || doc.title.trim() === '') return '说明文档 JSON 缺少 title（标题）';
  if (doc.fields === undefined) return '说明文档 JSON 缺少 fields（字段说明列表）';
  return readmeFieldsProblem(doc.fields, 'fields', 1);
}

/** `image_field`: a comma list of field names (nested ones with dots), possibly empty. */
export function imageFieldProblem(text: string): string | undefined {
  for (const name of splitList(text)) {
    const problem = fieldNameProblem(name);
    if (problem) return `图片字段：${problem}`;
  }
  return undefined;
}

export const normalizeImageFields = (text: string): string => [...new Set(splitList(text))].join(',');

/** The characters of a stored object's key (storage/object-key.ts), and no "." or ".." segment. */
const STORED_KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * The key of a URL this product's storage gave out (`urlPrefix` = storage.urlOf('')), or undefined
 * for anything else: another host, `javascript:`, a path escaping the upload area.
 */
export function storedKeyOf(url: string, urlPrefix: string): string | undefined {
  if (!url.startsWith(urlPrefix)) return undefined;
  const key = url.slice(urlPrefix.length);
  return STORED_KEY.test(key) ? key : undefined;
}
