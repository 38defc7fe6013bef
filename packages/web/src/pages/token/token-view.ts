import { TOKEN_KEY_PREFIX, TOKEN_STATUS } from '@gw/shared';
import type { Token, TokenStatus } from '@/api/tokens';

/** Messages of the token page (spec 2 §5, §8); the form's own are in token-form.ts. */
export const MSG_SELECT_AT_LEAST_ONE = '请至少选择一个令牌！';
export const MSG_COPIED = '已复制到剪贴板';
export const MSG_CREATED = '令牌创建成功';
export const MSG_UPDATED = '令牌更新成功';
export const MSG_DELETED = '删除成功';
export const MSG_STATUS_UPDATED = '操作成功完成！';

const STATUS_LOOK: Record<TokenStatus, { label: string; color: string }> = {
  [TOKEN_STATUS.ENABLED]: { label: '已启用', color: 'green' },
  [TOKEN_STATUS.DISABLED]: { label: '已禁用', color: 'red' },
  [TOKEN_STATUS.EXPIRED]: { label: '已过期', color: 'orange' },
  [TOKEN_STATUS.EXHAUSTED]: { label: '已耗尽', color: 'gray' },
};

export function statusLabel(status: number): string {
  return STATUS_LOOK[status as TokenStatus]?.label ?? '未知状态';
}

export function statusColor(status: number): string {
  return STATUS_LOOK[status as TokenStatus]?.color ?? 'gray';
}

/** Rows that are not enabled are shaded (spec 2 §2). */
export const isInactive = (token: Pick<Token, 'status'>) => token.status !== TOKEN_STATUS.ENABLED;

/**
 * The status the enable/disable action sets: a user may switch only between enabled and disabled
 * (spec 2 §4), so an expired or exhausted token has none.
 */
export function nextToggleStatus(status: number): typeof TOKEN_STATUS.ENABLED | typeof TOKEN_STATUS.DISABLED | null {
  if (status === TOKEN_STATUS.ENABLED) return TOKEN_STATUS.DISABLED;
  if (status === TOKEN_STATUS.DISABLED) return TOKEN_STATUS.ENABLED;
  return null;
}

/** The key with its sk- prefix, whether the server sent it with or without. */
export function fullKey(key: string): string {
  return key.startsWith(TOKEN_KEY_PREFIX) ? key : TOKEN_KEY_PREFIX + key;
}

/** sk-abcd…wxyz: enough to tell keys apart in the table without showing them. */
export function maskKey(key: string): string {
  const body = fullKey(key).slice(TOKEN_KEY_PREFIX.length);
  if (body.length <= 8) return `${TOKEN_KEY_PREFIX}${'*'.repeat(body.length)}`;
  return `${TOKEN_KEY_PREFIX}${body.slice(0, 4)}…${body.slice(-4)}`;
}

/** What copy-selected puts on the clipboard: the full keys, one per line. */
export function keysText(tokens: Pick<Token, 'key'>[]): string {
  return tokens.map((token) => fullKey(token.key)).join('\n');
}

/** The limits the enabled badge shows: the allowed models and the rate, when set. */
export function limitNotes(token: Pick<Token, 'model_limits_enabled' | 'model_limits' | 'rate_limit_enabled' | 'rate_per_minute'>): string[] {
  const notes: string[] = [];
  if (token.model_limits_enabled) {
    const models = token.model_limits
      .split(',')
      .map((model) => model.trim())
      .filter(Boolean);
    notes.push(models.length > 0 ? `限制模型：${models.join('、')}` : '限制模型：无可用模型');
  }
  if (token.rate_limit_enabled) notes.push(`限速：每分钟 ${token.rate_per_minute} 次`);
  return notes;
}
