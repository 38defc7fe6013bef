import { describe, expect, it } from 'vitest';
import { formatYuan, parseYuan, priceInFen, topupGroupRatio } from './topup-price';

describe(priceInFen.name, () => {
  it.each([
    [1, '7.3', 1, 730],
    [3, '7.3', 1, 2190],
    [10, '7.3', 1, 7300],
    // 3 × 7.3 × 0.95 = 20.805 exactly: half up to 20.81 (binary floating point gives 20.804999…).
    [3, '7.3', 0.95, 2081],
    [7, '7.3', 0.9, 4599],
    [1, '7.35', 1, 735],
    [1, '0.015', 1, 2],
    [1, '0.014', 1, 1],
    [1, '0.001', 1, 0],
    [100, '6.999', 1, 69990],
    [1000000, '7.3', 1, 730000000],
    [2, '7', 1e-7, 0],
    [1, '7.3', 1.5, 1095],
  ])('%i dollars at %s yuan and ratio %f cost %i fen', (amount, price, ratio, fen) => {
    expect(priceInFen(amount, price, ratio)).toBe(fen);
  });

  it('refuses a price that is no decimal', () => {
    for (const price of ['', 'abc', '-1', '7,3', '1e400']) expect(priceInFen(1, price, 1), price).toBeUndefined();
  });
});

describe(formatYuan.name, () => {
  it.each([
    [730, '7.30'],
    [5, '0.05'],
    [2081, '20.81'],
    [100, '1.00'],
  ])('writes %i fen as %s', (fen, text) => {
    expect(formatYuan(fen)).toBe(text);
  });
});

describe(parseYuan.name, () => {
  it.each([
    ['7.30', 730],
    ['7.3', 730],
    ['7', 700],
    ['0.01', 1],
  ])('reads %s as %i fen', (text, fen) => {
    expect(parseYuan(text)).toBe(fen);
  });

  it('reads nothing else as money', () => {
    for (const text of ['', '7.301', '-7.30', '7.30 ', '1e3', 'abc', '.5', '7.']) expect(parseYuan(text), text).toBeUndefined();
  });
});

describe(topupGroupRatio.name, () => {
  it('takes the group ratio, and 1 for a missing, zero or non-numeric one', () => {
    const ratios = { default: 1, vip: 0.9, free: 0, odd: 'x' };
    expect(topupGroupRatio(ratios, 'vip')).toBe(0.9);
    expect(topupGroupRatio(ratios, 'default')).toBe(1);
    expect(topupGroupRatio(ratios, 'svip')).toBe(1);
    expect(topupGroupRatio(ratios, 'free')).toBe(1);
    expect(topupGroupRatio(ratios, 'odd')).toBe(1);
    expect(topupGroupRatio(ratios, 'toString')).toBe(1);
    expect(topupGroupRatio(null, 'vip')).toBe(1);
  });
});
