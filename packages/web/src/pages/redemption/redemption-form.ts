import {
  MSG_REDEMPTION_COUNT_INVALID,
  MSG_REDEMPTION_NAME_REQUIRED,
  MSG_REDEMPTION_NAME_TOO_LONG,
  MSG_REDEMPTION_QUOTA_INVALID,
  REDEMPTION_BATCH_MAX,
  REDEMPTION_NAME_MAX_LENGTH,
  REDEMPTION_NEVER_EXPIRES,
} from '@gw/shared';
import type { Redemption, RedemptionFields } from '@/api/redemptions';
import { formatTimestamp } from '@/lib/time';
import { parseDateTime } from '@/pages/token/token-form';

/** What the create/edit drawer edits. */
export interface RedemptionFormValues {
  name: string;
  quota: number | undefined;
  /** How many codes to create (create only). */
  count: number | undefined;
  /** YYYY-MM-DD HH:mm:ss (local time); empty for never. */
  expiredTime: string;
}

/** Spec 2 §9: a new code holds 100000 quota, one code at a time. */
export const DEFAULT_REDEMPTION_QUOTA = 100_000;
export const DEFAULT_REDEMPTION_COUNT = 1;

export const MSG_EXPIRY_INVALID = '过期时间必须晚于当前时间';

export function defaultRedemptionForm(): RedemptionFormValues {
  return { name: '', quota: DEFAULT_REDEMPTION_QUOTA, count: DEFAULT_REDEMPTION_COUNT, expiredTime: '' };
}

/** The drawer's values for an existing code. */
export function redemptionToForm(code: Redemption): RedemptionFormValues {
  return {
    name: code.name,
    quota: code.quota,
    count: DEFAULT_REDEMPTION_COUNT,
    expiredTime: code.expired_time > 0 ? formatTimestamp(code.expired_time) : '',
  };
}

const isPositiveInteger = (value: number | undefined): value is number => Number.isInteger(value) && (value as number) >= 1;

/** Spec 2 §5 and the contract, first problem first: a name, a positive integer quota, a count of 1–100 on create, a future expiry. */
export function validateRedemptionForm(form: RedemptionFormValues, mode: 'create' | 'edit', nowSeconds = Date.now() / 1000): string | null {
  const name = form.name.trim();
  if (name === '') return MSG_REDEMPTION_NAME_REQUIRED;
  if (name.length > REDEMPTION_NAME_MAX_LENGTH) return MSG_REDEMPTION_NAME_TOO_LONG;
  if (!isPositiveInteger(form.quota)) return MSG_REDEMPTION_QUOTA_INVALID;
  if (mode === 'create' && !(isPositiveInteger(form.count) && form.count <= REDEMPTION_BATCH_MAX)) return MSG_REDEMPTION_COUNT_INVALID;
  if (form.expiredTime !== '') {
    const expiry = parseDateTime(form.expiredTime);
    if (expiry === null || expiry <= nowSeconds) return MSG_EXPIRY_INVALID;
  }
  return null;
}

/** The API fields of a validated form: expiry as unix seconds, 0 for never. */
export function toPayload(form: RedemptionFormValues): RedemptionFields {
  const expiry = form.expiredTime === '' ? REDEMPTION_NEVER_EXPIRES : parseDateTime(form.expiredTime);
  // validateRedemptionForm runs first; never turn a bad date silently into "never expires".
  if (expiry === null) throw new Error(MSG_EXPIRY_INVALID);
  return { name: form.name.trim(), quota: form.quota ?? 0, expired_time: expiry };
}
