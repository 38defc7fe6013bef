import { CHANNEL_STATUS, CHANNEL_TYPE_DEFAULT_OTHER, CHANNEL_TYPES } from '@gw/shared';
import { BusinessError } from '../common/business.error';
import { refusalOfHostname } from '../outbound/address-policy';
import { joinList, splitList } from './comma-list';
import { parseServiceAccountKey } from '../relay/adaptors/vertex-key';
import { parseVertexRegions } from '../relay/adaptors/vertex-region';
import { bedrockKeyProblem } from '../relay/adaptors/bedrock-key';
import { parseQianfanKey } from '../relay/adaptors/qianfan-key';

/** The stored channel fields that the rules below check and normalise. */
export interface ChannelDraft {
  type: number;
  name: string;
  group: string;
  models: string;
  base_url: string;
  other: string;
  openai_organization: string;
  test_model: string;
  model_mapping: string;
  status_code_mapping: string;
  model_req_config: string;
  model_req_limit: string;
  max_input_tokens: number;
  tag: string;
  priority: number;
  weight: number;
  auto_ban: number;
  cost_ratio: number;
  status: number;
}

export const MSG_CHANNEL_NOT_FOUND = '渠道不存在，请刷新后重试';
export const MSG_NAME_AND_KEY = '请填写渠道名称和渠道密钥！';
export const MSG_NO_MODEL = '请至少选择一个模型！';
export const MSG_MODEL_MAPPING = '模型映射必须是合法的 JSON 格式！';
export const MSG_MODEL_REQ_CONFIG = '模型请求超时时间设置必须是合法的 JSON 格式！';
export const MSG_STATUS_CODE_MAPPING = '状态码映射必须是合法的 JSON 格式！';
export const MSG_MODEL_REQ_LIMIT = '模型请求限制必须是合法的 JSON 格式！（rpd、rpm、tpd、tpm 为非负整数）';
export const MSG_STATUS = '渠道状态只能是 1（启用）或 2（禁用）';

/**
 * Status 3 (disabled by the gateway) is the gateway's to set: a create or an edit may carry it
 * only unchanged, as a client re-sending the record it read does. `stored`: undefined for a create.
 */
export function checkStatusChange(requested: number | undefined, stored: number | undefined): void {
  if (requested === CHANNEL_STATUS.AUTO_DISABLED && stored !== CHANNEL_STATUS.AUTO_DISABLED) throw new BusinessError(MSG_STATUS);
}

const KNOWN_TYPES = new Set(CHANNEL_TYPES.map((type) => type.id));

/** Parses an optional JSON object whose values all pass `valueOk`; '' is allowed (nothing set). */
function checkJsonObject(text: string, valueOk: (value: unknown, key: string) => boolean, message: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    throw new BusinessError(message);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new BusinessError(message);
  if (!Object.entries(parsed).every(([key, value]) => valueOk(value, key))) throw new BusinessError(message);
  return trimmed;
}

const isString = (value: unknown) => typeof value === 'string';
const isNonNegative = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const LIMIT_KEYS = new Set(['rpd', 'rpm', 'tpd', 'tpm']);

function checkUrl(value: string, label: string): string {
  const url = value.trim().replace(/\/+$/, '');
  if (url !== '' && !/^https?:\/\/[^\s/]+/i.test(url)) throw new BusinessError(`${label}必须是 http:// 或 https:// 开头的地址`);
  // Addresses the outbound policy always refuses (link-local, metadata) are refused when saved too;
  // loopback and private ones depend on ChannelPrivateAddressEnabled, checked at every connection.
  const refused = url === '' ? undefined : refusalOfHostname(hostnameOf(url), true);
  if (refused) throw new BusinessError(`${label}不可用：${refused.message}`);
  return url;
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/**
 * Checks a whole channel (after an update is merged in) against spec 2 §5 and returns it
 * normalised: lists trimmed and de-duplicated, base URL without trailing slash, type defaults
 * filled in. `knownGroups` are the groups that have a ratio (GroupRatio).
 */
export function normalizeChannel(draft: ChannelDraft, knownGroups: readonly string[]): ChannelDraft {
  if (!KNOWN_TYPES.has(draft.type)) throw new BusinessError('未知的渠道类型');
  const name = draft.name.trim();
  if (name === '') throw new BusinessError(MSG_NAME_AND_KEY);
  const models = splitList(draft.models);
  if (models.length === 0) throw new BusinessError(MSG_NO_MODEL);
  if (models.some((model) => model.length > 255)) throw new BusinessError('模型名称不能超过 255 个字符');
  const groups = splitList(draft.group);
  if (groups.length === 0) throw new BusinessError('请至少选择一个分组！');
  const unknown = groups.filter((group) => !knownGroups.includes(group));
  if (unknown.length > 0) throw new BusinessError(`分组不存在：${unknown.join('、')}（请先在分组倍率中添加）`);

  const base_url = checkUrl(draft.base_url, '代理地址');
  let other = draft.other.trim();
  if (other === '' && CHANNEL_TYPE_DEFAULT_OTHER[draft.type]) other = CHANNEL_TYPE_DEFAULT_OTHER[draft.type];
  switch (draft.type) {
    case 8:
      if (base_url === '') throw new BusinessError('自定义渠道必须填写完整的请求地址（可使用 {model} 变量）');
      break;
    case 22:
      if (base_url === '') throw new BusinessError('请填写 FastGPT 私有部署地址');
      break;
    case 36:
      if (base_url === '') throw new BusinessError('请填写 Suno API 地址（/suno 之前的部分）');
      break;
    case 21:
      if (other === '') throw new BusinessError('请填写知识库 ID');
      break;
    case 39:
      if (other === '') throw new BusinessError('请填写 Cloudflare Account ID');
      break;
    case 41: {
      if (other === '') throw new BusinessError('请填写 Vertex AI 区域（可为区域映射 JSON）');
      const regions = parseVertexRegions(other);
      if (typeof regions === 'string') throw new BusinessError(regions);
      break;
    }
  }

  return {
    ...draft,
    name,
    models: joinList(models),
    group: joinList(groups),
    base_url,
    other,
    tag: draft.tag.trim(),
    weight: Math.max(0, draft.weight),
    model_mapping: checkJsonObject(draft.model_mapping, isString, MSG_MODEL_MAPPING),
    status_code_mapping: checkJsonObject(draft.status_code_mapping, (value, key) => /^\d{3}$/.test(key) && isString(value) && /^\d{3}$/.test(value as string), MSG_STATUS_CODE_MAPPING),
    model_req_config: checkJsonObject(draft.model_req_config, isNonNegative, MSG_MODEL_REQ_CONFIG),
    model_req_limit: checkJsonObject(draft.model_req_limit, (value, key) => LIMIT_KEYS.has(key) && Number.isInteger(value) && isNonNegative(value), MSG_MODEL_REQ_LIMIT),
  };
}

/** Credential formats by type (spec 2 §5); returns the message for a key that does not fit. */
export function checkKeyFormat(type: number, key: string): string | undefined {
  const parts = (separator: string) => key.split(separator).map((part) => part.trim());
  switch (type) {
    case 15: {
      // APIKey|SecretKey of an application (the v1 API through an access token), or a v2 API Key.
      const parsed = parseQianfanKey(key);
      return typeof parsed === 'string' ? parsed : undefined;
    }
    case 18:
      // Spark's HTTP API takes the APIPassword, or APIKey:APISecret taken from APPID|APISecret|APIKey.
      return !key.includes('|') || (parts('|').length === 3 && parts('|').every(Boolean)) ? undefined : '讯飞星火密钥格式为 APIPassword 或 APPID|APISecret|APIKey';
    case 22:
      return /^[^-\s]+-[^\s]+$/.test(key) ? undefined : 'FastGPT 密钥格式为 APIKey-AppId';
    case 33:
      return bedrockKeyProblem(key);
    case 41: {
      const account = parseServiceAccountKey(key);
      return typeof account === 'string' ? account : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The keys of a create: one channel per non-empty line (spec 2 §3), except Vertex AI whose key is
 * one multi-line JSON document.
 */
export function splitKeys(type: number, key: string): string[] {
  if (type === 41) return key.trim() === '' ? [] : [key.trim()];
  return key
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
