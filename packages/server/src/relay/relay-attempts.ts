/** One try of one channel, recorded in the log's attempts_log (DESIGN.md §5.3). */
export interface Attempt {
  channel_id: number;
  channel_name: string;
  /** The key of a multi-key channel that was tried (channel_keys.id), and its masked form; absent for a single-key channel. */
  key_id?: number;
  key?: string;
  status: number;
  error?: string;
  /** Milliseconds. */
  duration: number;
}

/**
 * Who an upstream failure speaks about (DESIGN.md §5.3): `channel` (its key, account, quota,
 * health or configuration: another channel may serve the request) or `request` (the body itself
 * is wrong: every channel would refuse it, so the client gets the answer).
 */
export type FailureKind = 'channel' | 'request';

/**
 * Phrases that mean the key or the account is dead. Auto-disable acts on these (with 401 and the
 * AutomaticDisableKeywords option); the relay also fails over on them.
 */
export const DEAD_KEY_PHRASES: readonly string[] = [
  'invalid api key',
  'incorrect api key',
  'invalid_api_key',
  'api key not valid',
  'api_key_invalid',
  'insufficient_quota',
  'account_deactivated',
  'billing_not_active',
  // AWS (403 UnrecognizedClientException): the access key does not exist or was deleted.
  'the security token included in the request is invalid',
];

/**
 * Phrases that mean the channel cannot serve now (its quota or balance is spent, or it does not
 * have the model), whatever status carries them. Not grounds to disable: a monthly quota or a
 * rate quota comes back by itself.
 */
export const CHANNEL_TROUBLE_PHRASES: readonly string[] = [
  'quota exceeded',
  'exceeded your current quota',
  'billing',
  'credit balance is too low',
  'insufficient balance',
  'payment required',
  'arrearage',
  '余额不足',
  '额度不足',
  'model_not_found',
  'model not found',
  '模型不存在',
];

const mentions = (text: string, phrases: readonly string[]) => {
  const lower = text.toLowerCase();
  return phrases.some((phrase) => phrase !== '' && lower.includes(phrase.toLowerCase()));
};

/** The text names a dead key or account (DEAD_KEY_PHRASES and the operator's own keywords). */
export const mentionsDeadKey = (text: string, keywords: readonly string[] = []): boolean => mentions(text, DEAD_KEY_PHRASES) || mentions(text, keywords);

/**
 * Classifies an upstream failure. `status` 0 is a connection error or timeout; `text` is the
 * provider's message with its error code and type. 401, 402, 403, 404 (the model or endpoint is
 * not at that channel: the path is the relay's, not the client's), 408, 429 and 5xx speak about the
 * channel; any other 4xx speaks about the request unless its text names a dead key or a spent
 * quota (Gemini answers a revoked key with 400).
 */
export function classifyFailure(status: number, text: string, deadKeyKeywords: readonly string[] = []): FailureKind {
  if (status === 0 || status >= 500) return 'channel';
  if ([401, 402, 403, 404, 408, 429].includes(status)) return 'channel';
  return mentionsDeadKey(text, deadKeyKeywords) || mentions(text, CHANNEL_TROUBLE_PHRASES) ? 'channel' : 'request';
}

/**
 * The provider's error code, type and status next to its message (OpenAI `error.code`/`type`,
 * Anthropic `error.type`, Gemini `error.status` and `details[].reason`), for classifyFailure: a
 * message alone may not say "insufficient_quota".
 */
export function errorCodesOf(raw: string): string {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return '';
  }
  const error = body && typeof body === 'object' ? ((body as { error?: unknown }).error ?? body) : undefined;
  if (!error || typeof error !== 'object') return '';
  const { code, type, status, details } = error as Record<string, unknown>;
  const reasons = Array.isArray(details) ? details.map((detail) => (detail && typeof detail === 'object' ? (detail as { reason?: unknown }).reason : undefined)) : [];
  return [code, type, status, ...reasons].filter((value) => typeof value === 'string' || typeof value === 'number').join(' ');
}

/** Applies the channel's status_code_mapping (e.g. {"400": "500"}) to the status the client sees. */
export function mapStatus(mapping: Readonly<Record<string, string>>, status: number): number {
  const mapped = Number(mapping[String(status)]);
  return Number.isInteger(mapped) && mapped >= 100 && mapped <= 599 ? mapped : status;
}
