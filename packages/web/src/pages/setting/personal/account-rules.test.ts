import { describe, expect, it } from 'vitest';
import { inviteLink, validateAffTransfer, validateDeleteConfirmation, validateNewPassword } from './account-rules';

describe('validateNewPassword', () => {
  it('requires the two entries to match', () => {
    expect(validateNewPassword('abcdefgh1', 'abcdefgh2')).toBe('两次输入的密码不一致！');
  });

  it('requires 8 to 20 characters', () => {
    expect(validateNewPassword('abc1234', 'abc1234')).toBe('密码长度不得小于 8 位！');
    expect(validateNewPassword('a'.repeat(21), 'a'.repeat(21))).toBe('密码长度不得大于 20 位！');
  });

  it('accepts matching passwords of 8 and 20 characters', () => {
    expect(validateNewPassword('a'.repeat(8), 'a'.repeat(8))).toBeNull();
    expect(validateNewPassword('a'.repeat(20), 'a'.repeat(20))).toBeNull();
  });
});

describe('validateDeleteConfirmation', () => {
  it('requires the own username typed exactly', () => {
    expect(validateDeleteConfirmation('alice ', 'alice')).toBe('请输入你的账户名以确认删除！');
    expect(validateDeleteConfirmation('', 'alice')).toBe('请输入你的账户名以确认删除！');
    expect(validateDeleteConfirmation('alice', 'alice')).toBeNull();
  });
});

describe('validateAffTransfer', () => {
  const inCurrency = { displayInCurrency: true, quotaPerUnit: 500000 };
  const inQuota = { displayInCurrency: false, quotaPerUnit: 500000 };

  it('requires at least one unit of quota', () => {
    expect(validateAffTransfer(499999, inCurrency)).toBe('划转金额最低为$1.00');
    expect(validateAffTransfer(undefined, inCurrency)).toBe('划转金额最低为$1.00');
    expect(validateAffTransfer(1000, inQuota)).toBe('划转金额最低为500k');
  });

  it('accepts one unit or more', () => {
    expect(validateAffTransfer(500000, inCurrency)).toBeNull();
    expect(validateAffTransfer(2000000, inQuota)).toBeNull();
  });
});

describe('inviteLink', () => {
  it('is the origin plus /register?aff= and the code', () => {
    expect(inviteLink('https://gw.example.com', 'Ab12')).toBe('https://gw.example.com/register?aff=Ab12');
  });
});
