import type { FormMode } from './channel-form';

/** Type-specific labels and formats of the channel form (spec 2 §5 type-specific fields). */
export interface FieldHint {
  label: string;
  placeholder: string;
}

const BASE_URL_HINTS: Record<number, FieldHint> = {
  3: { label: 'AZURE_OPENAI_ENDPOINT', placeholder: '请输入 AZURE_OPENAI_ENDPOINT，例如：https://docs-test-001.openai.azure.com' },
  8: { label: 'Base URL', placeholder: '请输入完整的 URL，支持变量 {model}，例如：https://api.openai.com/v1/chat/completions' },
  22: { label: '私有部署地址', placeholder: '请输入私有部署地址，格式为：https://fastgpt.run/api/openapi' },
  36: { label: '代理地址', placeholder: '请输入到 /suno 前的路径，通常就是域名，例如：https://api.example.com' },
};

const DEFAULT_BASE_URL_HINT: FieldHint = {
  label: '代理地址',
  placeholder: '可选，通过自定义 API 地址进行调用，末尾不要带 /v1 和 /',
};

/** The "other" field means something different per type; types not listed have none. */
const OTHER_HINTS: Record<number, FieldHint> = {
  3: { label: '默认 API 版本', placeholder: '请输入默认 API 版本，例如：2023-06-01-preview' },
  18: { label: '模型版本', placeholder: '请输入星火大模型版本，注意是接口地址中的版本号，例如：v2.1' },
  21: { label: '知识库 ID', placeholder: '请输入知识库 ID，例如：123456' },
  39: { label: 'Account ID', placeholder: '请输入 Account ID，例如：d6b5da8hk1awo8nap34ube6gh' },
  41: {
    label: '部署地区',
    placeholder: '请输入部署地区，例如：us-central1\n也可以按模型填写 JSON：\n{"default": "us-central1", "claude-3-5-sonnet-20240620": "europe-west1"}',
  },
};

/** Credential formats: the key field placeholder says how to join the parts. */
const KEY_FORMATS: Record<number, string> = {
  15: 'APIKey|SecretKey 或 v2 API Key（bce-v3/ALTAK-…）',
  18: 'APIPassword 或 APPID|APISecret|APIKey',
  22: 'APIKey-AppId',
  33: 'Ak|Sk|Region|InferenceRegion',
};

export function baseUrlHint(type: number): FieldHint {
  return BASE_URL_HINTS[type] ?? DEFAULT_BASE_URL_HINT;
}

export function otherHint(type: number): FieldHint | null {
  return OTHER_HINTS[type] ?? null;
}

/** Only OpenAI channels take an organization. */
export function hasOrganization(type: number): boolean {
  return type === 1;
}

export function keyPlaceholder(type: number, mode: FormMode): string {
  const format = KEY_FORMATS[type];
  const what =
    type === 41 ? '服务账号 JSON 密钥（Service Account JSON Key，写在一行内）' : format ? `密钥，格式为：${format}` : '密钥';
  if (mode === 'edit') return `留空则保持当前密钥不变；如需更换，请输入新的${what}`;
  const array = type === 41 ? '；多个密钥也可以写成一个 JSON 数组' : '';
  return `请输入${what}，一行一个${array}。多个密钥可以每个创建一个渠道，也可以聚合为一个多密钥渠道`;
}

/** Azure routes by deployment name, which the gateway takes from the model name. */
export const AZURE_DEPLOYMENT_HINT = '注意：Azure 渠道的模型部署名称必须与模型名称一致';
