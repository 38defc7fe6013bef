import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyTelegramLogin } from './telegram';

const BOT_TOKEN = '123456:unit-test-token';
const NOW = 1_764_000_000;

/** Signs as Telegram documents: sorted key=value lines, key SHA-256(bot token), hex HMAC-SHA-256. */
const sign = (fields: Record<string, string>) => {
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  return createHmac('sha256', createHash('sha256').update(BOT_TOKEN).digest()).update(checkString).digest('hex');
};

describe(verifyTelegramLogin.name, () => {
  const fields = { id: '42', first_name: 'Ivan', username: 'ivan', auth_date: String(NOW - 60) };

  it('accepts signed data and names the account', () => {
    expect(verifyTelegramLogin({ ...fields, hash: sign(fields) }, BOT_TOKEN, NOW)).toEqual({ id: '42', displayName: 'Ivan' });
  });

  it('leaves our own fields out of the signed data only when told to', () => {
    const query = { ...fields, hash: sign(fields), aff: 'INV123' };
    expect(verifyTelegramLogin(query, BOT_TOKEN, NOW, ['aff']).id).toBe('42');
    expect(() => verifyTelegramLogin(query, BOT_TOKEN, NOW)).toThrow('Telegram 登录信息校验失败，请重新登录');
  });

  it('refuses a missing or malformed hash, and data from the future', () => {
    expect(() => verifyTelegramLogin(fields, BOT_TOKEN, NOW)).toThrow('校验失败');
    expect(() => verifyTelegramLogin({ ...fields, hash: 'zz' }, BOT_TOKEN, NOW)).toThrow('校验失败');
    const future = { ...fields, auth_date: String(NOW + 3600) };
    expect(() => verifyTelegramLogin({ ...future, hash: sign(future) }, BOT_TOKEN, NOW)).toThrow('校验失败');
  });

  it('refuses data older than a day, and works without a bot token never', () => {
    const old = { ...fields, auth_date: String(NOW - 86_401) };
    expect(() => verifyTelegramLogin({ ...old, hash: sign(old) }, BOT_TOKEN, NOW)).toThrow('Telegram 登录信息已过期，请重新登录');
    expect(() => verifyTelegramLogin({ ...fields, hash: sign(fields) }, '', NOW)).toThrow('管理员未配置 Telegram 机器人');
  });
});
