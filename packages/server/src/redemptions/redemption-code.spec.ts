import { describe, expect, it } from 'vitest';
import { generateRedemptionCode, maskRedemptionCode, normaliseRedemptionCode } from './redemption-code';

describe(generateRedemptionCode.name, () => {
  it('makes 32 hexadecimal characters, different every time', () => {
    const codes = Array.from({ length: 500 }, () => generateRedemptionCode());
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('draws every hexadecimal digit in every position', () => {
    const codes = Array.from({ length: 2000 }, () => generateRedemptionCode());
    for (const position of [0, 15, 31]) expect(new Set(codes.map((code) => code[position])).size).toBe(16);
  });
});

describe(normaliseRedemptionCode.name, () => {
  const code = '0123456789abcdef0123456789abcdef';

  it('accepts a code with blanks around it, in either letter case', () => {
    expect(normaliseRedemptionCode(code)).toBe(code);
    expect(normaliseRedemptionCode(` ${code.toUpperCase()}\n`)).toBe(code);
  });

  it('refuses what cannot be a code', () => {
    expect(normaliseRedemptionCode(code.slice(1))).toBeUndefined();
    expect(normaliseRedemptionCode(`${code}0`)).toBeUndefined();
    expect(normaliseRedemptionCode(`${code.slice(1)}g`)).toBeUndefined();
    expect(normaliseRedemptionCode(`${code.slice(0, 16)} ${code.slice(17)}`)).toBeUndefined();
    expect(normaliseRedemptionCode('')).toBeUndefined();
  });
});

describe(maskRedemptionCode.name, () => {
  it('keeps the first and last 4 characters of a code', () => {
    expect(maskRedemptionCode('0123456789abcdef0123456789abcdef')).toBe('0123…cdef');
  });
});
