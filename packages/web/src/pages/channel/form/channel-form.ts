import {
  CHANNEL_TYPE_DEFAULT_OTHER,
  CHANNEL_TYPE_MODELS,
  COST_RATIO_DEFAULT,
  COST_RATIO_MAX,
  DEFAULT_MODEL_REQ_LIMIT,
  MSG_COST_RATIO,
  stripTrailingSlashes,
  type MultiKeyMode,
} from '@gw/shared';
import type { Channel, ChannelCreateMode, ChannelPayload } from '@/api/channels';
import { joinList, splitList } from '../lists';
import { parseRequestLimits } from '../request-limits';

/** The create/edit form (spec 2 §3 Channel form): lists as arrays, auto_ban as a switch. */
export interface ChannelFormValues {
  type: number;
  name: string;
  key: string;
  openai_organization: string;
  max_input_tokens?: number;
  base_url: string;
  other: string;
  model_mapping: string;
  status_code_mapping: string;
  model_req_config: string;
  /** Request limits apply only when the administrator turns them on; off, none is saved. */
  req_limit_enabled: boolean;
  model_req_limit: string;
  models: string[];
  groups: string[];
  auto_ban: boolean;
  test_model: string;
  priority?: number;
  weight?: number;
  /** What the operator pays upstream relative to list price; empty (undefined) is refused, not read as 0. */
  cost_ratio?: number;
  tag: string;
  /** Create with several keys: one channel per key, or one channel rotating them all. */
  create_mode: ChannelCreateMode;
  /** How a multi-key channel (new, converted or stored) picks its key for a request. */
  multi_key_mode: MultiKeyMode;
  /** Edit of a single-key channel: turn it into a multi-key one. */
  convert_to_multi: boolean;
  /** Edit of a multi-key channel: the typed keys replace every stored key instead of joining them. */
  replace_keys: boolean;
}

export type FormMode = 'create' | 'edit';

export const MSG_REQUIRED = '请填写渠道名称和渠道密钥！';
export const MSG_NO_MODEL = '请至少选择一个模型！';
export const MSG_MAPPING_JSON = '模型映射必须是合法的 JSON 格式！';
export const MSG_REQ_CONFIG_JSON = '模型请求超时时间设置必须是合法的 JSON 格式！';
export const MSG_STATUS_CODE_JSON = '状态码映射必须是合法的 JSON 格式！';
export const MSG_REQ_LIMIT_JSON = '模型请求限制必须是合法的 JSON 格式！';
export const MSG_MODELS_EXIST = '某些模型已存在：';

const DEFAULT_TYPE = 1;

/** A type's default models: GET /api/models as cached, else the shared catalogue (spec 2 §5). */
export function defaultModelsForType(type: number, cached?: Record<string, string[]> | null): string[] {
  return [...(cached?.[String(type)] ?? CHANNEL_TYPE_MODELS[type] ?? [])];
}

/**
 * The "other" field after a type change: a type's default (3 API version, 18 model version) replaces
 * an empty value or another type's default, never what the admin typed.
 */
export function otherForType(current: string, type: number): string {
  const isDefault = current.trim() === '' || Object.values(CHANNEL_TYPE_DEFAULT_OTHER).includes(current.trim());
  return isDefault ? (CHANNEL_TYPE_DEFAULT_OTHER[type] ?? '') : current;
}

/** Spec 2 §9's request limits, offered when the administrator turns limits on. */
export const SUGGESTED_REQ_LIMIT = JSON.stringify(DEFAULT_MODEL_REQ_LIMIT, null, 2);

/** Whether a stored model_req_limit limits anything (0 or missing windows are no limit). */
export const hasRequestLimits = (text: string | null | undefined) => Object.values(parseRequestLimits(text)).some((limit) => limit !== null);

/**
 * Spec 2 §9: type 1, auto_ban on, group default, priority 0, weight 0. The spec's request limits
 * are the suggestion, but off: a channel that starts throttled fails calls with 429 nobody asked for.
 */
export function defaultFormValues(cached?: Record<string, string[]> | null): ChannelFormValues {
  return {
    type: DEFAULT_TYPE,
    name: '',
    key: '',
    openai_organization: '',
    max_input_tokens: 0,
    base_url: '',
    other: otherForType('', DEFAULT_TYPE),
    model_mapping: '',
    status_code_mapping: '',
    model_req_config: '',
    req_limit_enabled: false,
    model_req_limit: SUGGESTED_REQ_LIMIT,
    models: defaultModelsForType(DEFAULT_TYPE, cached),
    groups: ['default'],
    auto_ban: true,
    test_model: '',
    priority: 0,
    weight: 0,
    cost_ratio: COST_RATIO_DEFAULT,
    tag: '',
    // Today's behaviour stays the default: several keys make several channels.
    create_mode: 'batch',
    multi_key_mode: 'random',
    convert_to_multi: false,
    replace_keys: false,
  };
}

/** An existing channel in the form; the key field starts empty (the server never returns keys). */
export function valuesFromChannel(channel: Channel): ChannelFormValues {
  return {
    type: channel.type,
    name: channel.name,
    key: '',
    openai_organization: channel.openai_organization ?? '',
    max_input_tokens: channel.max_input_tokens ?? 0,
    base_url: channel.base_url ?? '',
    other: channel.other ?? '',
    model_mapping: channel.model_mapping ?? '',
    status_code_mapping: channel.status_code_mapping ?? '',
    model_req_config: channel.model_req_config ?? '',
    req_limit_enabled: hasRequestLimits(channel.model_req_limit),
    model_req_limit: hasRequestLimits(channel.model_req_limit) ? (channel.model_req_limit ?? '') : SUGGESTED_REQ_LIMIT,
    models: splitList(channel.models),
    groups: splitList(channel.group),
    auto_ban: channel.auto_ban !== 0,
    test_model: channel.test_model ?? '',
    priority: channel.priority ?? 0,
    weight: channel.weight ?? 0,
    cost_ratio: channel.cost_ratio ?? COST_RATIO_DEFAULT,
    tag: channel.tag ?? '',
    create_mode: 'batch',
    multi_key_mode: channel.multi_key_mode || 'random',
    convert_to_multi: false,
    replace_keys: false,
  };
}

/** A JSON object (a mapping); arrays, numbers and strings are not. */
export function isJsonObject(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

export type PayloadResult = { ok: true; payload: ChannelPayload } | { ok: false; message: string };

const JSON_FIELDS = [
  ['model_mapping', MSG_MAPPING_JSON],
  ['model_req_config', MSG_REQ_CONFIG_JSON],
  ['status_code_mapping', MSG_STATUS_CODE_JSON],
  ['model_req_limit', MSG_REQ_LIMIT_JSON],
] as const;

const int = (value: number | undefined) => (typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : 0);

/**
 * Checks the form (spec 2 §5) and builds the body of POST/PUT /api/channel/. On edit an empty key is
 * left out, which keeps the stored key.
 */
export function toPayload(values: ChannelFormValues, mode: FormMode): PayloadResult {
  const name = values.name.trim();
  const key = values.key.trim();
  if (!values.type || name === '' || values.groups.length === 0 || (mode === 'create' && key === '')) {
    return { ok: false, message: MSG_REQUIRED };
  }
  if (values.models.length === 0) return { ok: false, message: MSG_NO_MODEL };
  const costRatio = values.cost_ratio;
  if (typeof costRatio !== 'number' || !Number.isFinite(costRatio) || costRatio < 0 || costRatio > COST_RATIO_MAX) return { ok: false, message: MSG_COST_RATIO };
  for (const [field, message] of JSON_FIELDS) {
    if (field === 'model_req_limit' && !values.req_limit_enabled) continue;
    const text = values[field].trim();
    if (text !== '' && !isJsonObject(text)) return { ok: false, message };
  }

  const other = values.other.trim();
  const payload: ChannelPayload = {
    type: values.type,
    name,
    openai_organization: values.openai_organization.trim(),
    max_input_tokens: int(values.max_input_tokens),
    base_url: stripTrailingSlashes(values.base_url.trim()),
    other: other === '' ? (CHANNEL_TYPE_DEFAULT_OTHER[values.type] ?? '') : other,
    model_mapping: values.model_mapping.trim(),
    status_code_mapping: values.status_code_mapping.trim(),
    model_req_config: values.model_req_config.trim(),
    model_req_limit: values.req_limit_enabled ? values.model_req_limit.trim() : '',
    models: joinList(values.models),
    group: joinList(values.groups),
    auto_ban: values.auto_ban ? 1 : 0,
    test_model: values.test_model.trim(),
    priority: int(values.priority),
    weight: int(values.weight),
    tag: values.tag.trim(),
    cost_ratio: costRatio,
  };
  if (key !== '') payload.key = key;
  return { ok: true, payload };
}

/**
 * Custom model names typed by the admin: comma or newline separated, trimmed. Names already chosen
 * (or typed twice) are not added and are reported back.
 */
export function parseCustomModels(input: string, existing: readonly string[]): { added: string[]; duplicates: string[] } {
  const added: string[] = [];
  const duplicates: string[] = [];
  for (const name of input.split(/[,，\n]/).map((item) => item.trim())) {
    if (name === '') continue;
    if (existing.includes(name) || added.includes(name)) {
      if (!duplicates.includes(name)) duplicates.push(name);
    } else {
      added.push(name);
    }
  }
  return { added, duplicates };
}

/**
 * The body that copies a channel (spec 2 §2): its settings as stored, under a new name and with its
 * status; the key stays empty and `copy_from` tells the server whose key to copy.
 */
export function copyOf(channel: Channel): ChannelPayload & { copy_from: number; status: number } {
  return {
    type: channel.type,
    name: `${channel.name} 副本`,
    key: '',
    openai_organization: channel.openai_organization ?? '',
    max_input_tokens: channel.max_input_tokens ?? 0,
    base_url: channel.base_url ?? '',
    other: channel.other ?? '',
    model_mapping: channel.model_mapping ?? '',
    status_code_mapping: channel.status_code_mapping ?? '',
    model_req_config: channel.model_req_config ?? '',
    model_req_limit: channel.model_req_limit ?? '',
    models: channel.models ?? '',
    group: channel.group ?? '',
    auto_ban: channel.auto_ban ?? 1,
    test_model: channel.test_model ?? '',
    priority: channel.priority ?? 0,
    weight: channel.weight ?? 0,
    tag: channel.tag ?? '',
    cost_ratio: channel.cost_ratio ?? COST_RATIO_DEFAULT,
    status: channel.status,
    copy_from: channel.id,
  };
}
