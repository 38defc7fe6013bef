import { describe, expect, it } from 'vitest';
import { formatBalance } from './balance';

describe('formatBalance', () => {
  it('shows dollars, or yuan for the types whose upstream reports yuan', () => {
    expect(formatBalance(1, 12.345)).toBe('$12.35');
    expect(formatBalance(43, 3)).toBe('¥3.00');
    expect(formatBalance(40, 0)).toBe('¥0.00');
    expect(formatBalance(25, 1.5)).toBe('¥1.50');
  });
});
