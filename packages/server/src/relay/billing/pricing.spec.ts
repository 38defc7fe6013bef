import { describe, expect, it } from 'vitest';
import { quotaFor, type Price } from './pricing';
import { emptyUsage } from './usage';

const price = (fields: Partial<Price> = {}): Price => ({
  modelRatio: 1.25,
  completionRatio: 4,
  groupRatio: 1,
  cacheReadRatio: 0.1,
  cacheCreationRatio: 1.25,
  audioRatio: 1,
  ...fields,
});

describe(quotaFor.name, () => {
  it('charges prompt + completion × completion ratio, times model and group ratios', () => {
    // gpt-4o: 1000 prompt + 500 completion → (1000 + 2000) × 1.25 = 3750 quota = $0.0075
    expect(quotaFor(price(), { ...emptyUsage(), prompt_tokens: 1000, completion_tokens: 500 }, 500000)).toBe(3750);
    expect(quotaFor(price({ groupRatio: 1.5 }), { ...emptyUsage(), prompt_tokens: 1000, completion_tokens: 500 }, 500000)).toBe(5625);
  });

  it('prices cached and audio prompt tokens with their own multipliers', () => {
    const usage = { ...emptyUsage(), prompt_tokens: 1000, cache_read_tokens: 600, cache_creation_tokens: 200, prompt_audio_tokens: 100 };
    // plain 100 + 600×0.1 + 200×1.25 + 100×2 = 100 + 60 + 250 + 200 = 610 units × 1.25
    expect(quotaFor(price({ audioRatio: 2 }), usage, 500000)).toBe(763);
  });

  it('uses a fixed model price per call when set', () => {
    expect(quotaFor(price({ modelPrice: 0.04 }), { ...emptyUsage(), prompt_tokens: 99999 }, 500000)).toBe(20000);
    expect(quotaFor(price({ modelPrice: 0.04, groupRatio: 2 }), emptyUsage(), 500000)).toBe(40000);
  });

  it('rounds a fraction of a unit up, and charges nothing for nothing', () => {
    expect(quotaFor(price({ modelRatio: 0.075 }), { ...emptyUsage(), prompt_tokens: 1 }, 500000)).toBe(1);
    expect(quotaFor(price(), emptyUsage(), 500000)).toBe(0);
  });
});
