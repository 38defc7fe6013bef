import { describe, expect, it } from 'vitest';
import type { PricingEntry } from '@/api/pricing';
import { completionPricePerMillion, extraRateLines, formatUsd, groupRatioOf, perCallPrice, priceLines, promptPricePerMillion, viewerGroup } from './price';

const entry = (fields: Partial<PricingEntry>): PricingEntry => ({
  model_name: 'm',
  quota_type: 0,
  model_ratio: 1,
  completion_ratio: 1,
  model_price: 0,
  enable_groups: [],
  priced: true,
  ...fields,
});

describe('pricing formulas (spec 1 §9, spec 2 §9)', () => {
  it('prices a million prompt tokens at model ratio × 2 × group ratio USD', () => {
    expect(promptPricePerMillion(1.25, 1)).toBe(2.5);
    expect(promptPricePerMillion(1.25, 1.5)).toBe(3.75);
    expect(promptPricePerMillion(0.075, 1)).toBeCloseTo(0.15, 12);
    expect(promptPricePerMillion(15, 0.5)).toBe(15);
  });

  it('prices a million completion tokens at the prompt price × completion ratio', () => {
    expect(completionPricePerMillion(1.25, 4, 1)).toBe(10);
    expect(completionPricePerMillion(1.25, 4, 1.5)).toBe(15);
    expect(completionPricePerMillion(1.5, 5, 2)).toBe(30);
    expect(completionPricePerMillion(0.5, 1, 1)).toBe(1);
  });

  it('prices a call at model price × group ratio', () => {
    expect(perCallPrice(0.04, 1)).toBe(0.04);
    expect(perCallPrice(0.02, 1.5)).toBeCloseTo(0.03, 12);
    expect(perCallPrice(0.1, 0)).toBe(0);
  });

  it('formats USD with at most 6 decimals and no trailing zeros', () => {
    expect(formatUsd(2.5)).toBe('$2.5');
    expect(formatUsd(0.075 * 2)).toBe('$0.15');
    expect(formatUsd(0.02 * 1.5)).toBe('$0.03');
    expect(formatUsd(10)).toBe('$10');
    expect(formatUsd(0.0000004)).toBe('$0');
    expect(formatUsd(0.1125)).toBe('$0.1125');
  });
});

describe(priceLines.name, () => {
  it('gives prompt and completion prices per million tokens for a per-usage model', () => {
    expect(priceLines(entry({ model_ratio: 1.25, completion_ratio: 4 }), 1.5)).toEqual({ kind: 'per-usage', prompt: '$3.75', completion: '$15' });
    expect(priceLines(entry({ model_ratio: 0.075, completion_ratio: 4 }), 1)).toEqual({ kind: 'per-usage', prompt: '$0.15', completion: '$0.6' });
  });

  it('gives the call price of a per-call model, whatever its ratios', () => {
    expect(priceLines(entry({ quota_type: 1, model_price: 0.04, model_ratio: 10 }), 0.5)).toEqual({ kind: 'per-call', call: '$0.02' });
  });

  it('marks a model without a price', () => {
    expect(priceLines(entry({ priced: false }), 1)).toEqual({ kind: 'unpriced' });
  });
});

describe('the group prices are shown for', () => {
  it("is the viewer's group from the reply, else the stored user's, else default", () => {
    expect(viewerGroup('vip', 'default')).toBe('vip');
    expect(viewerGroup(undefined, 'svip')).toBe('svip');
    expect(viewerGroup(undefined, undefined)).toBe('default');
  });

  it('has ratio 1 when the group has none', () => {
    expect(groupRatioOf({ default: 1, vip: 1.5 }, 'vip')).toBe(1.5);
    expect(groupRatioOf({ default: 1 }, 'nobody')).toBe(1);
    expect(groupRatioOf({}, 'constructor')).toBe(1);
  });
});

describe(extraRateLines.name, () => {
  it('prices cache reads, cache writes and audio from the prompt price, reasoning at the completion price', () => {
    const gpt = entry({ model_ratio: 1.25, completion_ratio: 4, cache_ratio: 0.1, cache_creation_ratio: 1.25, audio_ratio: 1 });
    expect(extraRateLines(gpt, 1.5)).toEqual(['缓存读取 $0.375 / 1M tokens', '缓存写入 $4.6875 / 1M tokens', '音频输入 $3.75 / 1M tokens', '推理 $15 / 1M tokens']);
  });

  it('prices 1-hour cache writes, audio output and image input where the entry has them', () => {
    // Claude Sonnet: $3 prompt; writes $3.75 for 5 minutes, $6 for an hour.
    const claude = entry({ model_ratio: 1.5, completion_ratio: 5, cache_ratio: 0.1, cache_creation_ratio: 1.25, cache_creation_ratio_1h: 2 });
    expect(extraRateLines(claude, 1)).toEqual(['缓存读取 $0.3 / 1M tokens', '5 分钟缓存写入 $3.75 / 1M tokens', '1 小时缓存写入 $6 / 1M tokens', '推理 $15 / 1M tokens']);
    // gpt-4o-audio-preview: text $2.50, audio in $40, audio out $80; gpt-image-1: images in at $10 per $5 of text.
    const audio = entry({ model_ratio: 1.25, completion_ratio: 4, audio_ratio: 16, audio_completion_ratio: 2 });
    expect(extraRateLines(audio, 1)).toEqual(['音频输入 $40 / 1M tokens', '音频输出 $80 / 1M tokens', '推理 $10 / 1M tokens']);
    expect(extraRateLines(entry({ model_ratio: 2.5, completion_ratio: 8, image_ratio: 2 }), 1)).toEqual(['图片输入 $10 / 1M tokens', '推理 $40 / 1M tokens']);
  });

  it('prices generated images from the prompt price, and reasoning at the completion price times a reasoning ratio other than 1', () => {
    // gpt-image-1: text $5, images in $10, images out $40.
    expect(extraRateLines(entry({ model_ratio: 2.5, completion_ratio: 8, image_ratio: 2, image_completion_ratio: 8 }), 1)).toEqual([
      '图片输入 $10 / 1M tokens',
      '图片输出 $40 / 1M tokens',
      '推理 $40 / 1M tokens',
    ]);
    // A thinking model whose reasoning costs 5 times its $0.6 output, for a group at 0.5.
    expect(extraRateLines(entry({ model_ratio: 0.075, completion_ratio: 4, reasoning_ratio: 5 }), 0.5)).toEqual(['推理 $1.5 / 1M tokens（补全价格 ×5）']);
  });

  it('states the long-context prices of the whole request above each threshold', () => {
    // Gemini 2.5 Pro: $1.25 / $10, above 200k prompt tokens $2.50 / $15.
    const tiers = [{ above_prompt_tokens: 200000, prompt_multiplier: 2, completion_multiplier: 1.5 }];
    expect(extraRateLines(entry({ model_ratio: 0.625, completion_ratio: 8, cache_ratio: 0.1, tiers }), 1)).toEqual([
      '缓存读取 $0.125 / 1M tokens',
      '推理 $10 / 1M tokens',
      '提示超过 200000 tokens 时整次请求按提示 ×2、补全 ×1.5 计费：提示 $2.5、补全 $15 / 1M tokens',
    ]);
  });

  it('shows only the multipliers an entry gives', () => {
    expect(extraRateLines(entry({ model_ratio: 1, cache_ratio: 0.5 }), 1)).toEqual(['缓存读取 $1 / 1M tokens', '推理 $2 / 1M tokens']);
  });

  it('has nothing for a per-call or unpriced model', () => {
    expect(extraRateLines(entry({ quota_type: 1, model_price: 0.04, cache_ratio: 0.1 }), 1)).toEqual([]);
    expect(extraRateLines(entry({ priced: false, cache_ratio: 0.1 }), 1)).toEqual([]);
  });
});
