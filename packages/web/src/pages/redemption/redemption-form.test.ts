import { describe, expect, it } from 'vitest';
import { MSG_REDEMPTION_COUNT_INVALID, MSG_REDEMPTION_NAME_REQUIRED, MSG_REDEMPTION_NAME_TOO_LONG, MSG_REDEMPTION_QUOTA_INVALID } from '@gw/shared';
import {
  MSG_EXPIRY_INVALID,
  defaultRedemptionForm,
  toPayload,
  validateRedemptionForm,
  type RedemptionFormValues,
} from './redemption-form';

const NOW = new Date(2030, 0, 1, 12, 0, 0).getTime() / 1000;
const form = (fields: Partial<RedemptionFormValues> = {}): RedemptionFormValues => ({ ...defaultRedemptionForm(), name: 'launch', ...fields });

describe(validateRedemptionForm.name, () => {
  it('starts from 100000 quota, one code, never expiring', () => {
    expect(defaultRedemptionForm()).toEqual({ name: '', quota: 100_000, count: 1, expiredTime: '' });
    expect(validateRedemptionForm(form(), 'create', NOW)).toBeNull();
  });

  it('needs a name of at most 20 characters, spaces alone not counting', () => {
    expect(validateRedemptionForm(form({ name: '   ' }), 'create', NOW)).toBe(MSG_REDEMPTION_NAME_REQUIRED);
    expect(validateRedemptionForm(form({ name: 'x'.repeat(21) }), 'create', NOW)).toBe(MSG_REDEMPTION_NAME_TOO_LONG);
    expect(validateRedemptionForm(form({ name: 'x'.repeat(20) }), 'create', NOW)).toBeNull();
  });

  it('needs a positive integer quota', () => {
    for (const quota of [undefined, 0, -5, 1.5]) expect(validateRedemptionForm(form({ quota }), 'create', NOW)).toBe(MSG_REDEMPTION_QUOTA_INVALID);
  });

  it('needs a count of 1 to 100 on create only', () => {
    for (const count of [undefined, 0, 101, 2.5]) expect(validateRedemptionForm(form({ count }), 'create', NOW)).toBe(MSG_REDEMPTION_COUNT_INVALID);
    expect(validateRedemptionForm(form({ count: 100 }), 'create', NOW)).toBeNull();
    expect(validateRedemptionForm(form({ count: undefined }), 'edit', NOW)).toBeNull();
  });

  it('refuses an expiry that is not in the future', () => {
    expect(validateRedemptionForm(form({ expiredTime: '2030-01-01 11:59:59' }), 'create', NOW)).toBe(MSG_EXPIRY_INVALID);
    expect(validateRedemptionForm(form({ expiredTime: '2030-02-30 00:00:00' }), 'create', NOW)).toBe(MSG_EXPIRY_INVALID);
    expect(validateRedemptionForm(form({ expiredTime: '2030-01-01 12:00:01' }), 'create', NOW)).toBeNull();
  });
});

describe(toPayload.name, () => {
  it('sends the trimmed name, the quota and the expiry as unix seconds, 0 for never', () => {
    expect(toPayload(form({ name: ' launch ', quota: 42 }))).toEqual({ name: 'launch', quota: 42, expired_time: 0 });
    expect(toPayload(form({ expiredTime: '2030-01-02 12:00:00' })).expired_time).toBe(NOW + 86_400);
  });
});
