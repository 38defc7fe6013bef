import {
  MSG_PASSWORD_MISMATCH,
  MSG_PASSWORD_TOO_LONG,
  MSG_PASSWORD_TOO_SHORT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  renderQuota,
} from '@gw/shared';
import type { QuotaDisplay } from './quota-display';

/** The change-password dialog ends the sentence with '！' (spec 1 §5), unlike registration. */
export const MSG_CHANGE_PASSWORD_MISMATCH = `${MSG_PASSWORD_MISMATCH}！`;
export const MSG_DELETE_CONFIRM = '请输入你的账户名以确认删除！';
export const MSG_TRANSFER_MINIMUM = '划转金额最低为';
export const MSG_EMAIL_REQUIRED = '请输入邮箱！';
export const MSG_EMAIL_CODE_REQUIRED = '请输入邮箱验证码！';

/** The problem with a new password and its confirmation, or null. */
export function validateNewPassword(password: string, confirmation: string): string | null {
  if (password !== confirmation) return MSG_CHANGE_PASSWORD_MISMATCH;
  if (password.length < PASSWORD_MIN_LENGTH) return MSG_PASSWORD_TOO_SHORT;
  if (password.length > PASSWORD_MAX_LENGTH) return MSG_PASSWORD_TOO_LONG;
  return null;
}

/** Deleting the account needs the own username typed exactly. */
export function validateDeleteConfirmation(typed: string, username: string): string | null {
  return typed === username ? null : MSG_DELETE_CONFIRM;
}

/** At least one unit of quota (quota per currency unit) is transferred at a time. */
export function validateAffTransfer(quota: number | undefined, display: QuotaDisplay): string | null {
  if (quota === undefined || !(quota >= display.quotaPerUnit)) {
    return MSG_TRANSFER_MINIMUM + renderQuota(display.quotaPerUnit, display);
  }
  return null;
}

/** The invite link: the site origin plus /register?aff= and the invite code. */
export function inviteLink(origin: string, affCode: string): string {
  return `${origin}/register?aff=${affCode}`;
}
