import { describe, expect, it } from 'vitest';
import { fullKey, isInactive, keysText, limitNotes, maskKey, nextToggleStatus, statusColor, statusLabel } from './token-view';

const KEY = 'sk-abcd1234567890wxyz';

describe('status', () => {
  it('labels the four token statuses (spec 2 §4)', () => {
    expect([1, 2, 3, 4].map(statusLabel)).toEqual(['已启用', '已禁用', '已过期', '已耗尽']);
    expect(statusLabel(9)).toBe('未知状态');
    expect(statusColor(1)).toBe('green');
    expect(statusColor(9)).toBe('gray');
  });

  it('shades every row that is not enabled', () => {
    expect([1, 2, 3, 4].map((status) => isInactive({ status: status as 1 | 2 | 3 | 4 }))).toEqual([false, true, true, true]);
  });

  it('toggles only between enabled and disabled', () => {
    expect(nextToggleStatus(1)).toBe(2);
    expect(nextToggleStatus(2)).toBe(1);
    expect(nextToggleStatus(3)).toBeNull();
    expect(nextToggleStatus(4)).toBeNull();
  });
});

describe('keys', () => {
  it('masks all but four characters at each end', () => {
    expect(maskKey(KEY)).toBe('sk-abcd…wxyz');
    expect(maskKey('abcd1234567890wxyz')).toBe('sk-abcd…wxyz');
    expect(maskKey('sk-12345678')).toBe('sk-********');
  });

  it('copies full keys with the sk- prefix, one per line', () => {
    expect(fullKey('abc')).toBe('sk-abc');
    expect(fullKey('sk-abc')).toBe('sk-abc');
    expect(keysText([{ key: KEY }, { key: 'efgh' }])).toBe(`${KEY}\nsk-efgh`);
  });
});

describe('limitNotes', () => {
  const none = { model_limits_enabled: false, model_limits: 'gpt-4o', rate_limit_enabled: false, rate_per_minute: 0 };

  it('is empty when no limit is on, whatever is stored', () => {
    expect(limitNotes(none)).toEqual([]);
  });

  it('lists the allowed models and the rate per minute', () => {
    expect(limitNotes({ ...none, model_limits_enabled: true, model_limits: 'gpt-4o,o3', rate_limit_enabled: true, rate_per_minute: 30 })).toEqual([
      '限制模型：gpt-4o、o3',
      '限速：每分钟 30 次',
    ]);
    expect(limitNotes({ ...none, model_limits_enabled: true, model_limits: '' })).toEqual(['限制模型：无可用模型']);
  });
});
