import {
  DATASET_DESCRIPTION_MAX_LENGTH,
  DATASET_NAME_MAX_LENGTH,
  DATASET_README_MAX_LENGTH,
  FIELD_KINDS,
  type DatasetInput,
  type DatasetView,
} from '@gw/shared';
import { inTypeOrder, splitList } from './market-view';

/** The dataset form's fields; data_num and data_size are the server's and not among them. */
export interface DatasetFormValues {
  name: string;
  types: string[];
  description: string;
  tag: string;
  factory: string;
  image_field: string;
  data_format: string;
  readme: string;
}

export const EMPTY_DATASET_FORM: DatasetFormValues = {
  name: '',
  types: [],
  description: '',
  tag: '',
  factory: '',
  image_field: '',
  data_format: '',
  readme: '',
};

export const DATA_FORMAT_HINT = '{"question":"string","options":"array","image":"multimodal"}';
export const README_HINT = '{"title":"字段说明","fields":[{"name":"question","description":"题目"},{"name":"options","description":"选项","subfields":[{"name":"key","description":"选项标号"}]}]}';

export const formFromDataset = (dataset: DatasetView): DatasetFormValues => ({
  name: dataset.name,
  types: inTypeOrder(splitList(dataset.data_type)),
  description: dataset.description,
  tag: dataset.tag,
  factory: dataset.factory,
  image_field: dataset.image_field,
  data_format: dataset.data_format,
  readme: dataset.readme,
});

/** What the server is sent: trimmed, types in the filter's order, image fields without blanks. */
export const inputFromForm = (values: DatasetFormValues): Omit<DatasetInput, 'cover_page'> => ({
  name: values.name.trim(),
  data_type: inTypeOrder(values.types).join(','),
  description: values.description.trim(),
  tag: values.tag.trim(),
  factory: values.factory.trim(),
  image_field: splitList(values.image_field).join(','),
  data_format: values.data_format.trim(),
  readme: values.readme.trim(),
});

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function checkName(text: string | undefined): string | undefined {
  const name = (text ?? '').trim();
  if (!name) return '请输入数据集名称';
  if (name.length > DATASET_NAME_MAX_LENGTH) return `数据集名称不能超过 ${DATASET_NAME_MAX_LENGTH} 个字符`;
  return undefined;
}

export function checkDescription(text: string | undefined): string | undefined {
  const description = (text ?? '').trim();
  if (!description) return '请输入数据集描述';
  if (description.length > DATASET_DESCRIPTION_MAX_LENGTH) return `数据集描述不能超过 ${DATASET_DESCRIPTION_MAX_LENGTH} 个字符`;
  return undefined;
}

/** data_format: a JSON object of field name → one of the field kinds (spec 3 §3). */
export function checkDataFormat(text: string | undefined): string | undefined {
  const source = (text ?? '').trim();
  if (!source) return '请输入数据格式';
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch {
    return '数据格式不是合法的 JSON';
  }
  if (!isPlainObject(parsed)) return `数据格式必须是 JSON 对象，例如 ${DATA_FORMAT_HINT}`;
  for (const [field, kind] of Object.entries(parsed)) {
    if (!(FIELD_KINDS as readonly unknown[]).includes(kind)) return `字段 ${field} 的类型必须是 ${FIELD_KINDS.join('、')} 之一`;
  }
  return undefined;
}

function checkReadmeFields(fields: unknown, path: string): string | undefined {
  if (!Array.isArray(fields)) return `说明文档的 ${path} 必须是数组`;
  for (const [index, field] of fields.entries()) {
    const at = `${path} 第 ${index + 1} 项`;
    if (!isPlainObject(field) || typeof field.name !== 'string' || !field.name.trim() || typeof field.description !== 'string') {
      return `说明文档的 ${at}必须有 name 和 description`;
    }
    if (field.subfields !== undefined) {
      const problem = checkReadmeFields(field.subfields, `${at}的 subfields`);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** readme: plain text, or, when it is JSON, a title and fields with name, description and optional subfields (spec 3 §3). */
export function checkReadme(text: string | undefined): string | undefined {
  const source = (text ?? '').trim();
  if (source.length > DATASET_README_MAX_LENGTH) return `说明文档不能超过 ${DATASET_README_MAX_LENGTH} 个字符`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch {
    return undefined;
  }
  // A bare JSON number or string is just text.
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  if (!isPlainObject(parsed) || typeof parsed.title !== 'string' || !parsed.title.trim()) return '说明文档为 JSON 时必须包含 title';
  if (parsed.fields === undefined) return '说明文档为 JSON 时必须包含 fields';
  return checkReadmeFields(parsed.fields, 'fields');
}
