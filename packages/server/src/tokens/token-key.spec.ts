import { describe, expect, it } from 'vitest';
import { generateTokenKey, normaliseTokenKey, randomAlphanumerics, withFreshKey } from './token-key';

describe(generateTokenKey.name, () => {
  it('makes sk- plus 48 alphanumerics, different every time', () => {
    const keys = Array.from({ length: 200 }, () => generateTokenKey());
    for (const key of keys) expect(key).toMatch(/^sk-[A-Za-z0-9]{48}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('draws from the whole alphabet', () => {
    const seen = new Set(randomAlphanumerics(20_000));
    expect(seen.size).toBe(62);
  });
});

describe(normaliseTokenKey.name, () => {
  const key = `sk-${'a1B2'.repeat(12)}`;

  it('accepts a key with or without sk- and surrounding blanks', () => {
    expect(normaliseTokenKey(key)).toBe(key);
    expect(normaliseTokenKey(key.slice(3))).toBe(key);
    expect(normaliseTokenKey(`  ${key}\n`)).toBe(key);
  });

  it('refuses what cannot be a key', () => {
    expect(normaliseTokenKey(key.slice(0, -1))).toBeUndefined();
    expect(normaliseTokenKey(`${key}x`)).toBeUndefined();
    expect(normaliseTokenKey(`sk-${'a-b_'.repeat(12)}`)).toBeUndefined();
    expect(normaliseTokenKey('')).toBeUndefined();
  });
});

describe(withFreshKey.name, () => {
  it('tries new keys until one is free', async () => {
    const keys = ['taken-1', 'taken-2', 'free'];
    const tried: string[] = [];
    const sut = await withFreshKey(
      async (key) => {
        tried.push(key);
        return key === 'free' ? `inserted ${key}` : undefined;
      },
      () => keys.shift()!,
    );
    expect(sut).toBe('inserted free');
    expect(tried).toEqual(['taken-1', 'taken-2', 'free']);
  });

  it('gives up after a few collisions instead of looping forever', async () => {
    let attempts = 0;
    await expect(withFreshKey(async () => void attempts++, () => 'always-taken')).rejects.toThrow();
    expect(attempts).toBe(5);
  });
});
