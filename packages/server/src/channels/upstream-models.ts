import { BusinessError } from '../common/business.error';
import { OutboundAddressRefusedError } from '../outbound/address-policy';
import type { OutboundPolicy } from '../outbound/outbound-policy.service';

/** Where a channel type's OpenAI-format API lives when the channel has no base URL. */
const DEFAULT_BASE_URLS: Record<number, string> = { 1: 'https://api.openai.com' };
const TIMEOUT_MS = 15_000;

function failure(error: unknown): BusinessError {
  if (error instanceof OutboundAddressRefusedError) return new BusinessError(`获取模型列表失败：${error.message}`);
  if (error instanceof Error && error.name === 'TimeoutError') return new BusinessError('获取模型列表失败：上游响应超时');
  return new BusinessError('获取模型列表失败：无法连接上游');
}

/**
 * Lists the model ids an OpenAI-format upstream offers (`GET {base}/v1/models` with the key as
 * bearer). Admin-only, and through the outbound-address policy of channel base URLs: every
 * redirect hop is checked like the first address.
 */
export async function fetchUpstreamModels(outbound: OutboundPolicy, type: number, baseUrl: string, key: string): Promise<string[]> {
  const base = (baseUrl || DEFAULT_BASE_URLS[type] || '').replace(/\/+$/, '');
  if (!base) throw new BusinessError('请填写代理地址');
  if (!/^https?:\/\/[^\s/]+/i.test(base)) throw new BusinessError('代理地址必须是 http:// 或 https:// 开头的地址');
  let body: { data?: Array<{ id?: unknown }> } | null;
  try {
    const response = await outbound.fetch('channel', `${base}/v1/models`, {
      headers: { Authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new BusinessError(`获取模型列表失败：上游返回 HTTP ${response.status}`);
    }
    body = (await response.json().catch(() => null)) as typeof body;
  } catch (error) {
    throw error instanceof BusinessError ? error : failure(error);
  }
  if (!body || !Array.isArray(body.data)) throw new BusinessError('获取模型列表失败：上游返回的不是 OpenAI 格式的模型列表');
  return [...new Set(body.data.map((model) => model.id).filter((id): id is string => typeof id === 'string' && id !== ''))];
}
