import { REDEMPTION_STATUS, type RedemptionStatus, type RedemptionToggleStatus } from '@gw/shared';
import type { Redemption } from '@/api/redemptions';

/** Messages of the redemption page (spec 2 §5, §8); the form's own are in redemption-form.ts. */
export const MSG_SELECT_AT_LEAST_ONE = '请至少选择一个兑换码！';
export const MSG_COPIED = '已复制到剪贴板';
export const MSG_CREATED = '兑换码创建成功';
export const MSG_UPDATED = '兑换码更新成功';
export const MSG_DELETED = '删除成功';

const STATUS_LOOK: Record<RedemptionStatus, { label: string; color: string }> = {
  [REDEMPTION_STATUS.UNUSED]: { label: '未使用', color: 'green' },
  [REDEMPTION_STATUS.DISABLED]: { label: '已禁用', color: 'red' },
  [REDEMPTION_STATUS.USED]: { label: '已使用', color: 'gray' },
};

export function statusLook(status: number): { label: string; color: string } {
  return STATUS_LOOK[status as RedemptionStatus] ?? { label: '未知状态', color: 'gray' };
}

/**
 * The status the enable/disable action sets (spec 2 §4): unused and disabled switch between each
 * other; a used code has none.
 */
export function nextToggleStatus(status: number): RedemptionToggleStatus | null {
  if (status === REDEMPTION_STATUS.UNUSED) return REDEMPTION_STATUS.DISABLED;
  if (status === REDEMPTION_STATUS.DISABLED) return REDEMPTION_STATUS.UNUSED;
  return null;
}

/** Editing is allowed only while the code is unused (spec 2 §4). */
export const isEditable = (code: Pick<Redemption, 'status'>) => code.status === REDEMPTION_STATUS.UNUSED;

/** An unused code past its expiry: it can no longer be redeemed, though its status still says unused. */
export const isExpired = (code: Pick<Redemption, 'status' | 'expired_time'>, nowSeconds = Date.now() / 1000) =>
  code.status === REDEMPTION_STATUS.UNUSED && code.expired_time > 0 && code.expired_time <= nowSeconds;

/** What copy-selected and the created-codes dialog put on the clipboard: one code per line. */
export const codesText = (keys: string[]) => keys.join('\n');
