/** An application's API Key and Secret Key, the spec's `APIKey|SecretKey` credential of Baidu Qianfan (type 15). */
export interface QianfanAppKey {
  apiKey: string;
  secretKey: string;
}

export const MSG_QIANFAN_KEY_FORMAT = '百度千帆密钥格式为 APIKey|SecretKey（千帆应用的 API Key 和 Secret Key），或 v2 API Key（形如 bce-v3/ALTAK-…）';

/**
 * A Qianfan key: `APIKey|SecretKey` of an application (exchanged for an access token, v1 API), or
 * undefined for any key without `|`, a v2 API Key that goes to the v2 API as bearer. A key with
 * `|` in another shape is the message to show.
 */
export function parseQianfanKey(key: string): QianfanAppKey | string | undefined {
  if (!key.includes('|')) return undefined;
  const parts = key.split('|').map((part) => part.trim());
  if (parts.length !== 2 || parts.some((part) => part === '')) return MSG_QIANFAN_KEY_FORMAT;
  return { apiKey: parts[0], secretKey: parts[1] };
}
