import { describe, expect, it } from 'vitest';
import { NO_TIERS, type Price, quotaFor, ratioOf, type Tier, tierFor } from './pricing';
import { emptyUsage, type Usage } from './usage';

const price = (fields: Partial<Price> = {}): Price => ({
  modelRatio: 1.25,
  completionRatio: 4,
  groupRatio: 1,
  cacheReadRatio: 0.1,
  cacheCreationRatio: 1.25,
  cacheCreation1hRatio: 2,
  audioRatio: 1,
  imageRatio: 1,
  audioCompletionRatio: 4,
  imageCompletionRatio: 4,
  reasoningRatio: 1,
  tiers: NO_TIERS,
  ...fields,
});

const usage = (fields: Partial<Usage>): Usage => ({ ...emptyUsage(), ...fields });

/** Gemini 2.5 Pro's list prices: $1.25 / $10 per million, cache reads $0.125; above 200k prompt tokens $2.50 / $15. */
const LONG_CONTEXT: Tier = { abovePromptTokens: 200_000, promptMultiplier: 2, completionMultiplier: 1.5 };
const geminiPro = price({ modelRatio: 0.625, completionRatio: 8, cacheReadRatio: 0.1, audioCompletionRatio: 8, tiers: [LONG_CONTEXT] });

describe(quotaFor.name, () => {
  it('charges prompt + completion × completion ratio, times model and group ratios', () => {
    // gpt-4o: 1000 prompt + 500 completion → (1000 + 2000) × 1.25 = 3750 quota = $0.0075
    expect(quotaFor(price(), usage({ prompt_tokens: 1000, completion_tokens: 500 }), 500000)).toBe(3750);
    expect(quotaFor(price({ groupRatio: 1.5 }), usage({ prompt_tokens: 1000, completion_tokens: 500 }), 500000)).toBe(5625);
  });

  it('prices reasoning tokens as completion tokens', () => {
    // 500 completion tokens, 300 of them reasoning: all at the completion ratio.
    expect(quotaFor(price(), usage({ prompt_tokens: 1000, completion_tokens: 500, reasoning_tokens: 300 }), 500000)).toBe(3750);
  });

  it('prices reasoning tokens at the completion price × the reasoning ratio, each completion token once', () => {
    // 500 completion tokens, 300 of them reasoning at twice the completion price: 1000 + 200 × 4 + 300 × 4 × 2 = 4200 units × 1.25.
    expect(quotaFor(price({ reasoningRatio: 2 }), usage({ prompt_tokens: 1000, completion_tokens: 500, reasoning_tokens: 300 }), 500000)).toBe(5250);
    // A ratio of 0.5 halves only the reasoning part: 1000 + 800 + 600 = 2400 units.
    expect(quotaFor(price({ reasoningRatio: 0.5 }), usage({ prompt_tokens: 1000, completion_tokens: 500, reasoning_tokens: 300 }), 500000)).toBe(3000);
  });

  it('prices generated image tokens at the image completion ratio of the prompt price (gpt-image-1, Gemini 2.5 Flash Image)', () => {
    // gpt-image-1 editing a picture ($5 text in, $10 image in, $40 image out): 50 text + 323 image prompt tokens, 4160 image tokens out:
    // (50 + 323 × 2 + 4160 × 8) × 2.5 = 84940 quota = $0.16988 ($0.00025 + $0.00323 + $0.1664).
    const gptImage = price({ modelRatio: 2.5, completionRatio: 8, imageRatio: 2, imageCompletionRatio: 8 });
    expect(quotaFor(gptImage, usage({ prompt_tokens: 373, prompt_image_tokens: 323, completion_tokens: 4160, completion_image_tokens: 4160 }), 500000)).toBe(84940);
    // Gemini 2.5 Flash Image ($0.30 in, $2.50 text out, $30 image out): 10 prompt tokens, one 1290-token image and 20 text tokens:
    // (10 + 20 × 8.33 + 1290 × 100) × 0.15 = 19376.49 → 19377 ($0.039 for the image).
    const flashImage = price({ modelRatio: 0.15, completionRatio: 8.33, imageCompletionRatio: 100 });
    expect(quotaFor(flashImage, usage({ prompt_tokens: 10, completion_tokens: 1310, completion_image_tokens: 1290 }), 500000)).toBe(19377);
  });

  it('prices cached and audio prompt tokens with their own multipliers', () => {
    const cached = usage({ prompt_tokens: 1000, cache_read_tokens: 600, cache_creation_tokens: 200, prompt_audio_tokens: 100 });
    // plain 100 + 600×0.1 + 200×1.25 + 100×2 = 100 + 60 + 250 + 200 = 610 units × 1.25
    expect(quotaFor(price({ audioRatio: 2 }), cached, 500000)).toBe(763);
  });

  it('prices every token kind once, at its own ratio', () => {
    // Prompt 10000: 6000 cache reads, 2000 cache writes (500 of them for an hour), 300 audio, 200 image, 1500 plain.
    // Completion 1000: 400 audio, 600 text (100 of them reasoning).
    const every = usage({
      prompt_tokens: 10_000,
      cache_read_tokens: 6000,
      cache_creation_tokens: 2000,
      cache_creation_1h_tokens: 500,
      prompt_audio_tokens: 300,
      prompt_image_tokens: 200,
      completion_tokens: 1000,
      completion_audio_tokens: 400,
      reasoning_tokens: 100,
    });
    const sut = price({ modelRatio: 2, completionRatio: 4, cacheReadRatio: 0.25, cacheCreationRatio: 1.25, cacheCreation1hRatio: 2, audioRatio: 8, imageRatio: 2, audioCompletionRatio: 2 });
    // Prompt: 1500 + 6000×0.25 + 1500×1.25 + 500×2 + 300×8 + 200×2 = 1500 + 1500 + 1875 + 1000 + 2400 + 400 = 8675.
    // Completion: 600×4 + 400×8×2 = 2400 + 6400 = 8800. (8675 + 8800) × 2 = 34950.
    expect(quotaFor(sut, every, 500000)).toBe(34950);
    expect(quotaFor({ ...sut, groupRatio: 0.5 }, every, 500000)).toBe(17475);
    // The same completion with 200 of its text tokens an image and its reasoning at 3 times the completion price:
    // 300 text × 4 + 100 reasoning × 4 × 3 + 400 × 8 × 2 + 200 image × 10 = 1200 + 1200 + 6400 + 2000 = 10800. (8675 + 10800) × 2 = 38950.
    expect(quotaFor({ ...sut, reasoningRatio: 3, imageCompletionRatio: 10 }, { ...every, completion_image_tokens: 200 }, 500000)).toBe(38950);
  });

  it('prices Anthropic’s 1-hour cache writes apart from the 5-minute ones', () => {
    // Claude Sonnet ($3 / $15): 100 input, 1000 cache reads ($0.30), 50 five-minute writes ($3.75), 150 one-hour writes ($6), 50 output.
    const sonnet = price({ modelRatio: 1.5, completionRatio: 5 });
    const claude = usage({ prompt_tokens: 1300, cache_read_tokens: 1000, cache_creation_tokens: 200, cache_creation_1h_tokens: 150, completion_tokens: 50 });
    // (100 + 100 + 62.5 + 300 + 250) × 1.5 = 1218.75 → 1219 ($300 + $300 + $187.5 + $900 + $750 per billion tokens).
    expect(quotaFor(sonnet, claude, 500000)).toBe(1219);
    // All writes for five minutes: (100 + 100 + 250 + 250) × 1.5 = 1050.
    expect(quotaFor(sonnet, { ...claude, cache_creation_1h_tokens: 0 }, 500000)).toBe(1050);
  });

  it('prices audio completion tokens at the audio ratio × the audio completion ratio', () => {
    // gpt-4o-audio-preview: text $2.50 / $10, audio $40 / $80 → ratios 1.25, 4, audio 16, audio completion 2.
    const audio = price({ modelRatio: 1.25, completionRatio: 4, audioRatio: 16, audioCompletionRatio: 2 });
    // 100 text + 50 audio prompt tokens, 20 text + 30 audio completion tokens: (100 + 800 + 80 + 960) × 1.25 = 2425.
    expect(quotaFor(audio, usage({ prompt_tokens: 150, prompt_audio_tokens: 50, completion_tokens: 50, completion_audio_tokens: 30 }), 500000)).toBe(2425);
  });

  it('bills the whole request at the long-context tier once the prompt is above its threshold', () => {
    // At the threshold: (200000 + 1000 × 8) × 0.625 = 130000.
    expect(quotaFor(geminiPro, usage({ prompt_tokens: 200_000, completion_tokens: 1000 }), 500000)).toBe(130_000);
    // One token more: (200001 × 2 + 8000 × 1.5) × 0.625 = 257501.25 → 257502 ($0.5000025 + $0.015).
    expect(quotaFor(geminiPro, usage({ prompt_tokens: 200_001, completion_tokens: 1000 }), 500000)).toBe(257_502);
  });

  it('counts cached tokens toward the threshold and prices them at the tier too', () => {
    // 300k prompt tokens, 250k of them cached: (50000 + 25000) × 2 + 8000 × 1.5 = 162000 units × 0.625 = 101250
    // ($0.125 + $0.0625 for the prompt, $0.015 for the completion).
    expect(quotaFor(geminiPro, usage({ prompt_tokens: 300_000, cache_read_tokens: 250_000, completion_tokens: 1000 }), 500000)).toBe(101_250);
  });

  it('ignores tiers for a fixed price per call', () => {
    expect(quotaFor({ ...geminiPro, modelPrice: 0.04 }, usage({ prompt_tokens: 900_000 }), 500000)).toBe(20000);
  });

  it('uses a fixed model price per call when set', () => {
    expect(quotaFor(price({ modelPrice: 0.04 }), usage({ prompt_tokens: 99999 }), 500000)).toBe(20000);
    expect(quotaFor(price({ modelPrice: 0.04, groupRatio: 2 }), emptyUsage(), 500000)).toBe(40000);
  });

  it('rounds a fraction of a unit up, and charges nothing for nothing', () => {
    expect(quotaFor(price({ modelRatio: 0.075 }), usage({ prompt_tokens: 1 }), 500000)).toBe(1);
    expect(quotaFor(price(), emptyUsage(), 500000)).toBe(0);
    // 1000 cache reads at 0.1: exactly 100 units, not 101 from binary fractions.
    expect(quotaFor(price({ modelRatio: 1 }), usage({ prompt_tokens: 1000, cache_read_tokens: 1000 }), 500000)).toBe(100);
  });
});

describe(tierFor.name, () => {
  const tiers: Tier[] = [
    { abovePromptTokens: 256_000, promptMultiplier: 3, completionMultiplier: 3 },
    { abovePromptTokens: 128_000, promptMultiplier: 2, completionMultiplier: 2 },
  ];

  it('gives the tier of the highest threshold the prompt is above, and none at or below the lowest', () => {
    const sut = price({ tiers });
    expect(tierFor(sut, 128_000)).toBeUndefined();
    expect(tierFor(sut, 128_001)).toBe(tiers[1]);
    expect(tierFor(sut, 256_000)).toBe(tiers[1]);
    expect(tierFor(sut, 1_000_000)).toBe(tiers[0]);
    expect(tierFor(price(), 1_000_000)).toBeUndefined();
  });
});

describe(ratioOf.name, () => {
  it("takes the model's own entry, else the fallback, never an inherited key", () => {
    expect(ratioOf({ 'gpt-4o': 0.5 }, 'gpt-4o', 0.1)).toBe(0.5);
    expect(ratioOf({ 'gpt-4o': 0 }, 'gpt-4o', 0.1)).toBe(0);
    expect(ratioOf({ 'gpt-4o': 0.5 }, 'gpt-5', 0.1)).toBe(0.1);
    expect(ratioOf({}, 'constructor', 0.1)).toBe(0.1);
  });
});
