import { describe, expect, it } from 'vitest';
import { formatResponseTime, responseTimeColor } from './response-time';

describe('responseTimeColor', () => {
  it('shades by the spec bands: untested, ≤1 s, ≤3 s, ≤5 s, above', () => {
    expect(responseTimeColor(0)).toBe('gray');
    expect(responseTimeColor(1)).toBe('green');
    expect(responseTimeColor(1000)).toBe('green');
    expect(responseTimeColor(1001)).toBe('lime');
    expect(responseTimeColor(3000)).toBe('lime');
    expect(responseTimeColor(3001)).toBe('gold');
    expect(responseTimeColor(5000)).toBe('gold');
    expect(responseTimeColor(5001)).toBe('red');
  });
});

describe('formatResponseTime', () => {
  it('shows seconds, or 未测试 for 0', () => {
    expect(formatResponseTime(0)).toBe('未测试');
    expect(formatResponseTime(1234)).toBe('1.23 秒');
  });
});
