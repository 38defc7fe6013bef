import { describe, expect, it } from 'vitest';
import { dayRange, todayString } from './day-range';

describe('todayString', () => {
  it('writes the local date as YYYY-MM-DD', () => {
    expect(todayString(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});

describe('dayRange', () => {
  it('spans the day from local midnight to the next midnight, in seconds', () => {
    expect(dayRange('2025-06-14')).toEqual({
      start: new Date(2025, 5, 14).getTime() / 1000,
      end: new Date(2025, 5, 15).getTime() / 1000,
    });
  });

  it('crosses the end of a month', () => {
    expect(dayRange('2025-01-31').end).toBe(new Date(2025, 1, 1).getTime() / 1000);
  });
});
