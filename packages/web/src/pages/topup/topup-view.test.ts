import { describe, expect, it } from 'vitest';
import { canCompleteByHand, formatMoney, isWebAddress, minTopUp, normalizeAmount } from './topup-view';

describe(normalizeAmount.name, () => {
  it('keeps whole dollars, forces anything below 1 to 1 and leaves an empty field empty', () => {
    expect(normalizeAmount(12)).toBe(12);
    expect(normalizeAmount(0)).toBe(1);
    expect(normalizeAmount(-3)).toBe(1);
    expect(normalizeAmount(2.7)).toBe(2);
    expect(normalizeAmount(undefined)).toBeUndefined();
    expect(normalizeAmount(Number.NaN)).toBeUndefined();
  });
});

describe(minTopUp.name, () => {
  it('is the status minimum, 1 by default and never below 1', () => {
    expect(minTopUp({ min_topup: 5 })).toBe(5);
    expect(minTopUp({})).toBe(1);
    expect(minTopUp(null)).toBe(1);
    expect(minTopUp({ min_topup: 0 })).toBe(1);
  });
});

describe(isWebAddress.name, () => {
  it('accepts http(s) only', () => {
    expect(isWebAddress('https://pay.example.com/submit.php')).toBe(true);
    expect(isWebAddress('http://127.0.0.1:8080/submit.php')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('data:text/html,hi')).toBe(false);
  });
});

describe('orders', () => {
  it('shows money in yuan with 2 decimals and lets only unpaid orders be completed by hand', () => {
    expect(formatMoney(73)).toBe('¥73.00');
    expect(formatMoney('7.3')).toBe('¥7.30');
    expect(canCompleteByHand({ status: 'pending' })).toBe(true);
    expect(canCompleteByHand({ status: 'expired' })).toBe(true);
    expect(canCompleteByHand({ status: 'paid' })).toBe(false);
  });
});
