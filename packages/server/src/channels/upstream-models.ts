import { BusinessError } from '../common/business.error';

/** Where a channel type's OpenAI-format API lives when the channel has no base URL. */
const DEFAULT_BASE_URLS: Record<number, string> = { 1: 'https://api.openai.com' };
const TIMEOUT_MS = 15_000;

/**
 * Lists the model ids an OpenAI-format upstream offers (`GET {base}/v1/models` with the key as
 * bearer). Admin-only: the address is one the admin configures for the channel anyway.
 */
export async function fetchUpstreamModels(type: number, baseUrl: string, key: string): Promise<string[]> {
  const base = (baseUrl || DEFAULT_BASE_URLS[type] || '').replace(/\/+$/, '');
  if (!base) throw new BusinessError('请填写代理地址');
  let response: Response;
  try {
    response = await fetch(`${base}/v1/models`, {
      headers: { Authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new BusinessError(`获取模型列表失败：${error instanceof Error && error.name === 'TimeoutError' ? '上游响应超时' : '无法连接上游'}`);
  }
  if (!response.ok) throw new BusinessError(`获取模型列表失败：上游返回 HTTP ${response.status}`);
  const body = (await response.json().catch(() => null)) as { data?: Array<{ id?: unknown }> } | null;
  if (!body || !Array.isArray(body.data)) throw new BusinessError('获取模型列表失败：上游返回的不是 OpenAI 格式的模型列表');
  return [...new Set(body.data.map((model) => model.id).filter((id): id is string => typeof id === 'string' && id !== ''))];
}
