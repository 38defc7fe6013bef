import { parseJsonObject } from '../json';

/** The fields of a Google Cloud service-account JSON key that the relay uses. */
export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  project_id: string;
  /** Where the signed assertion is exchanged for an access token (Google's own unless overridden). */
  token_uri?: string;
}

export const INVALID_VERTEX_KEY = 'Vertex AI 密钥必须是服务账号 JSON 密钥（含 client_email、private_key 与 project_id）';

/** A channel key read as a service-account key; a string is the reason it is not one (never the key itself). */
export function parseServiceAccountKey(raw: string): ServiceAccountKey | string {
  const key = parseJsonObject(raw);
  if (!key) return INVALID_VERTEX_KEY;
  const text = (field: string) => (typeof key[field] === 'string' && (key[field] as string).trim() !== '' ? (key[field] as string) : undefined);
  const [email, privateKey, project] = [text('client_email'), text('private_key'), text('project_id')];
  if (!email || !privateKey || !project) return INVALID_VERTEX_KEY;
  if (!privateKey.includes('PRIVATE KEY')) return 'Vertex AI 密钥的 private_key 不是 PEM 格式的私钥';
  if (key.type !== undefined && key.type !== 'service_account') return 'Vertex AI 密钥必须是服务账号（type 为 service_account）的 JSON 密钥';
  const tokenUri = text('token_uri');
  return { client_email: email, private_key: privateKey, project_id: project, ...(tokenUri ? { token_uri: tokenUri } : {}) };
}
