import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { OptionsService } from '../../options/options.service';
import { PriceService } from './price.service';

describe(PriceService.name, () => {
  let t: TestApp;
  let sut: PriceService;
  let options: OptionsService;

  beforeAll(async () => {
    t = await startTestApp();
    sut = t.app.get(PriceService);
    options = t.app.get(OptionsService);
    await options.set('GroupRatio', JSON.stringify({ default: 1, vip: 0.8 }));
    await options.set('ModelRatio', JSON.stringify({ 'cached-model': 1.5, 'audio-model': 1.25, 'plain-model': 2, 'gemini-2.5-pro': 0.625 }));
    await options.set('CompletionRatio', JSON.stringify({ 'cached-model': 5, 'audio-model': 4, 'gemini-2.5-pro': 8 }));
    await options.set('ModelPrice', JSON.stringify({ 'per-call': 0.04 }));
    await options.set('CacheRatio', JSON.stringify({ 'cached-model': 0.25, 'audio-model': 0.5 }));
    await options.set('CreateCacheRatio', JSON.stringify({ 'cached-model': 1.5 }));
    await options.set('CreateCache1hRatio', JSON.stringify({ 'audio-model': 3 }));
    await options.set('AudioRatio', JSON.stringify({ 'audio-model': 16 }));
    await options.set('AudioCompletionRatio', JSON.stringify({ 'audio-model': 2 }));
    await options.set('ImageRatio', JSON.stringify({ 'audio-model': 2 }));
    await options.set('ImageCompletionRatio', JSON.stringify({ 'audio-model': 8 }));
    await options.set('ReasoningRatio', JSON.stringify({ 'audio-model': 1.5 }));
  });
  afterAll(async () => {
    await t.close();
  });

  it("prices each token kind with the model's own entry", () => {
    expect(sut.priceOf('audio-model', 'vip')).toEqual({
      modelPrice: undefined,
      modelRatio: 1.25,
      completionRatio: 4,
      groupRatio: 0.8,
      cacheReadRatio: 0.5,
      cacheCreationRatio: 1.25,
      cacheCreation1hRatio: 3,
      audioRatio: 16,
      imageRatio: 2,
      audioCompletionRatio: 2,
      imageCompletionRatio: 8,
      reasoningRatio: 1.5,
      tiers: [],
    });
  });

  it('falls back to the general ratios: the 1-hour write at 1.6 × the 5-minute one, audio and image completion at the completion ratio, reasoning at 1', () => {
    expect(sut.priceOf('cached-model', 'default')).toMatchObject({
      cacheReadRatio: 0.25,
      cacheCreationRatio: 1.5,
      cacheCreation1hRatio: 2.4,
      audioRatio: 1,
      imageRatio: 1,
      audioCompletionRatio: 5,
      imageCompletionRatio: 5,
      reasoningRatio: 1,
    });
    expect(sut.priceOf('plain-model', 'nobody')).toMatchObject({ groupRatio: 1, completionRatio: 1, cacheReadRatio: 0.1, cacheCreationRatio: 1.25, cacheCreation1hRatio: 2, audioCompletionRatio: 1 });
  });

  it('reads the long-context tiers (the built-in ones for Gemini 2.5 Pro) once per change of the option, the highest threshold first', async () => {
    const defaults = sut.priceOf('gemini-2.5-pro', 'default').tiers;
    expect(defaults).toEqual([{ abovePromptTokens: 200_000, promptMultiplier: 2, completionMultiplier: 1.5 }]);
    // The same list for every request until the option changes: nothing parsed or built per request.
    expect(sut.priceOf('gemini-2.5-pro', 'vip').tiers).toBe(defaults);

    await options.set(
      'ModelTieredPricing',
      JSON.stringify({
        'gemini-2.5-pro': [
          { above_prompt_tokens: 128_000, prompt_multiplier: 1.5, completion_multiplier: 1.2 },
          { above_prompt_tokens: 256_000, prompt_multiplier: 2, completion_multiplier: 1.5 },
        ],
      }),
    );
    expect(sut.priceOf('gemini-2.5-pro', 'default').tiers).toEqual([
      { abovePromptTokens: 256_000, promptMultiplier: 2, completionMultiplier: 1.5 },
      { abovePromptTokens: 128_000, promptMultiplier: 1.5, completionMultiplier: 1.2 },
    ]);
    expect(sut.priceOf('plain-model', 'default').tiers).toEqual([]);
  });

  it('prices a model again at once when one of its options changes', async () => {
    expect(sut.priceOf('cached-model', 'default').cacheReadRatio).toBe(0.25);
    await options.set('CacheRatio', JSON.stringify({ 'cached-model': 0.3 }));
    expect(sut.priceOf('cached-model', 'default').cacheReadRatio).toBe(0.3);
    await options.set('ModelRatio', JSON.stringify({ 'cached-model': 3 }));
    expect(sut.priceOf('cached-model', 'default')).toMatchObject({ modelRatio: 3, cacheReadRatio: 0.3 });
    expect(() => sut.priceOf('plain-model', 'default')).toThrow('模型 plain-model 未设置价格');
  });

  it('prices a model again when its reasoning or image completion ratio changes', async () => {
    await options.set('ReasoningRatio', JSON.stringify({ 'cached-model': 4 }));
    await options.set('ImageCompletionRatio', JSON.stringify({ 'cached-model': 30 }));
    expect(sut.priceOf('cached-model', 'default')).toMatchObject({ reasoningRatio: 4, imageCompletionRatio: 30 });
    await options.set('ReasoningRatio', JSON.stringify({}));
    expect(sut.priceOf('cached-model', 'default')).toMatchObject({ reasoningRatio: 1, imageCompletionRatio: 30 });
  });

  it('prices a per-call model by its fixed price, without tiers', () => {
    expect(sut.priceOf('per-call', 'vip')).toMatchObject({ modelPrice: 0.04, modelRatio: 0, completionRatio: 1, groupRatio: 0.8, tiers: [] });
  });

  it('refuses a model with neither a price nor a ratio, even with token ratios of its own', async () => {
    await options.set('CacheRatio', JSON.stringify({ 'no-price': 0.1 }));
    expect(() => sut.priceOf('no-price', 'default')).toThrow('模型 no-price 未设置价格，请联系管理员设置模型倍率或价格');
  });
});
