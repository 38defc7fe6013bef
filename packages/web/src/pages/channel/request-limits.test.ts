import { describe, expect, it } from 'vitest';
import { parseRequestLimits, usageRows } from './request-limits';

describe('parseRequestLimits', () => {
  it('reads the channel limits; missing or 0 ones are no limit', () => {
    expect(parseRequestLimits('{"rpm": 60, "tpd": 0}')).toEqual({ rpd: null, rpm: 60, tpm: null, tpd: null });
  });

  it('reads no limit from an empty, unreadable or odd value', () => {
    const none = { rpd: null, rpm: null, tpm: null, tpd: null };
    expect(parseRequestLimits('')).toEqual(none);
    expect(parseRequestLimits('not json')).toEqual(none);
    expect(parseRequestLimits('[1]')).toEqual(none);
    expect(parseRequestLimits('{"rpm": "many", "rpd": -1}')).toEqual(none);
  });
});

describe('usageRows', () => {
  it('pairs each window with its limit, minute windows first', () => {
    const rows = usageRows({ rpd: 40, rpm: 3, tpm: 12, tpd: 900 }, parseRequestLimits('{"rpm": 10, "tpm": 20, "rpd": 100}'));
    expect(rows.map(({ key, used, limit }) => [key, used, limit])).toEqual([
      ['rpm', 3, 10],
      ['tpm', 12, 20],
      ['rpd', 40, 100],
      ['tpd', 900, '不限'],
    ]);
  });
});
