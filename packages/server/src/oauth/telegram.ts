import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { BusinessError } from '../common/business.error';

/** Telegram's login data older than this is refused (a replayed widget answer). */
export const TELEGRAM_MAX_AGE_SECONDS = 24 * 3600;
/** Clock difference tolerated for an auth_date slightly in the future. */
const CLOCK_SKEW_SECONDS = 300;

export interface TelegramUser {
  id: string;
  displayName: string;
}

const INVALID = 'Telegram 登录信息校验失败，请重新登录';

/**
 * Checks the Telegram Login Widget's data (https://core.telegram.org/widgets/login#checking-authorization):
 * the data-check-string is every received field but `hash`, sorted, as `key=value` lines joined by
 * "\n"; the secret key is SHA-256(bot token); `hash` must be the hex HMAC-SHA-256 of that string.
 * `ignore` names our own query fields that are not part of Telegram's data (the invitation code).
 */
export function verifyTelegramLogin(
  query: Record<string, unknown>,
  botToken: string,
  now: number,
  ignore: readonly string[] = [],
): TelegramUser {
  if (!botToken) throw new BusinessError('管理员未配置 Telegram 机器人');
  const fields: [string, string][] = [];
  for (const [key, value] of Object.entries(query)) {
    if (key === 'hash' || ignore.includes(key)) continue;
    if (typeof value !== 'string') throw new BusinessError(INVALID);
    fields.push([key, value]);
  }
  const hash = query.hash;
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/i.test(hash)) throw new BusinessError(INVALID);
  const checkString = fields
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(checkString).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) throw new BusinessError(INVALID);

  const data = Object.fromEntries(fields);
  const authDate = Number(data.auth_date);
  if (!/^\d+$/.test(data.auth_date ?? '') || authDate > now + CLOCK_SKEW_SECONDS) throw new BusinessError(INVALID);
  if (now - authDate > TELEGRAM_MAX_AGE_SECONDS) throw new BusinessError('Telegram 登录信息已过期，请重新登录');
  if (!/^\d+$/.test(data.id ?? '')) throw new BusinessError(INVALID);
  const name = [data.first_name, data.last_name].filter(Boolean).join(' ');
  return { id: data.id, displayName: name || data.username || '' };
}
