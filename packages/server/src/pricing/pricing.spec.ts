import {
  DEFAULT_CACHE_RATIOS,
  DEFAULT_COMPLETION_RATIOS,
  DEFAULT_IMAGE_COMPLETION_RATIOS,
  DEFAULT_MODEL_PRICES,
  DEFAULT_MODEL_RATIOS,
  DEFAULT_MODEL_TIERED_PRICING,
  DEFAULT_REASONING_RATIOS,
} from '@gw/shared';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';
import { pricingEntries, type PricingTables } from './pricing.service';
import type { PricingEntry } from './pricing.view';

const tables = (fields: Partial<PricingTables>): PricingTables => ({
  modelPrice: {},
  modelRatio: {},
  completionRatio: {},
  cacheRatio: {},
  createCacheRatio: {},
  createCache1hRatio: {},
  audioRatio: {},
  audioCompletionRatio: {},
  imageRatio: {},
  imageCompletionRatio: {},
  reasoningRatio: {},
  tieredPricing: {},
  ...fields,
});

describe(pricingEntries.name, () => {
  it('prices per call when ModelPrice has the model, else by ratio with the cache multipliers the relay bills, and lists offered models without a price as unpriced', () => {
    const sut = pricingEntries(
      tables({ modelPrice: { 'dall-e-3': 0.04 }, modelRatio: { 'gpt-4o': 1.25, 'dall-e-3': 10 }, completionRatio: { 'gpt-4o': 4 }, cacheRatio: { 'gpt-4o': 0.5 } }),
      new Map([
        ['gpt-4o', ['default', 'vip']],
        ['mystery', ['vip']],
      ]),
    );
    expect(sut).toEqual([
      { model_name: 'dall-e-3', quota_type: 1, model_ratio: 10, completion_ratio: 1, model_price: 0.04, enable_groups: [], priced: true },
      {
        model_name: 'gpt-4o',
        quota_type: 0,
        model_ratio: 1.25,
        completion_ratio: 4,
        model_price: 0,
        enable_groups: ['default', 'vip'],
        priced: true,
        cache_ratio: 0.5,
        cache_creation_ratio: 1.25,
      },
      { model_name: 'mystery', quota_type: 0, model_ratio: 0, completion_ratio: 1, model_price: 0, enable_groups: ['vip'], priced: false },
    ]);
  });

  it('adds the 1-hour cache writes, audio, image and long-context prices of the models that have them, tiers from the lowest threshold', () => {
    const tier = (above: number, prompt: number) => ({ above_prompt_tokens: above, prompt_multiplier: prompt, completion_multiplier: 1.5 });
    const sut = pricingEntries(
      tables({
        modelRatio: { claude: 1.5, 'gpt-audio': 1.25, 'gpt-image-1': 2.5, tts: 0.25 },
        completionRatio: { claude: 5, 'gpt-audio': 4, tts: 3 },
        createCacheRatio: { claude: 1.25 },
        createCache1hRatio: { claude: 2 },
        audioRatio: { 'gpt-audio': 12.8 },
        audioCompletionRatio: { 'gpt-audio': 2, tts: 20 },
        imageRatio: { 'gpt-image-1': 2 },
        tieredPricing: { claude: [tier(500_000, 3), tier(200_000, 2)], 'gpt-audio': [] },
      }),
      new Map(),
    );
    const extras = Object.fromEntries(sut.map(({ model_name, cache_creation_ratio_1h, audio_ratio, audio_completion_ratio, image_ratio, tiers }) => [model_name, { cache_creation_ratio_1h, audio_ratio, audio_completion_ratio, image_ratio, tiers }]));
    expect(extras).toEqual({
      claude: { cache_creation_ratio_1h: 2, tiers: [tier(200_000, 2), tier(500_000, 3)] },
      'gpt-audio': { audio_ratio: 12.8, audio_completion_ratio: 2 },
      'gpt-image-1': { image_ratio: 2 },
      // Speech out only: audio prompt tokens at the prompt price, audio completion tokens at 20 times it.
      tts: { audio_ratio: 1, audio_completion_ratio: 20 },
    });
  });

  it('adds the image completion price where the model has one, and the reasoning ratio only where it is not 1', () => {
    const sut = pricingEntries(
      tables({
        modelRatio: { 'gpt-image-1': 2.5, thinker: 1, plain: 1 },
        imageCompletionRatio: { 'gpt-image-1': 8 },
        reasoningRatio: { thinker: 2, plain: 1 },
      }),
      new Map(),
    );
    const extras = Object.fromEntries(sut.map(({ model_name, image_completion_ratio, reasoning_ratio }) => [model_name, { image_completion_ratio, reasoning_ratio }]));
    expect(extras).toEqual({
      'gpt-image-1': { image_completion_ratio: 8, reasoning_ratio: undefined },
      thinker: { image_completion_ratio: undefined, reasoning_ratio: 2 },
      plain: { image_completion_ratio: undefined, reasoning_ratio: undefined },
    });
  });

  it('does not take inherited keys for models', () => {
    const sut = pricingEntries(tables({}), new Map([['constructor', ['default']]]));
    expect(sut).toEqual([{ model_name: 'constructor', quota_type: 0, model_ratio: 0, completion_ratio: 1, model_price: 0, enable_groups: ['default'], priced: false }]);
  });
});

describe('pricing (integration)', () => {
  let t: TestApp;
  let root: TestAgent;

  const setOption = async (key: string, value: unknown) => {
    const reply = await root.put('/api/option/').send({ key, value: JSON.stringify(value) });
    if (!reply.body.success) throw new Error(reply.body.message);
  };
  const createChannel = async (fields: Record<string, unknown>): Promise<number> => {
    const reply = await root.post('/api/channel/').send({ type: 1, key: 'sk-upstream', ...fields });
    if (!reply.body.success) throw new Error(reply.body.message);
    return reply.body.data.ids[0];
  };
  const entry = (body: { data: PricingEntry[] }, model: string) => body.data.find((item) => item.model_name === model);

  beforeAll(async () => {
    t = await startTestApp();
    root = (await t.login('root', ROOT_PASSWORD)).agent;
    await setOption('GroupRatio', { default: 1, vip: 1.5 });
    await setOption('ModelRatio', { 'gpt-4o': 1.25, 'only-ratio': 2 });
    await setOption('CompletionRatio', { 'gpt-4o': 4 });
    await setOption('ModelPrice', { 'per-call': 0.02 });
    await createChannel({ name: 'main', models: 'gpt-4o,unpriced-model', groups: ['default', 'vip'] });
    await createChannel({ name: 'vip-only', models: 'per-call', groups: ['vip'] });
    const off = await createChannel({ name: 'switched-off', models: 'disabled-only,gpt-4o', groups: ['default'] });
    await root.put('/api/channel/').send({ id: off, status: 2 });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/pricing', () => {
    it('answers a guest with the entries, the group ratios and the default group', async () => {
      const reply = await t.http().get('/api/pricing');
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body).sort()).toEqual(['data', 'group_ratio', 'message', 'success', 'usable_group']);
      expect(reply.body).toMatchObject({ success: true, message: '', group_ratio: { default: 1, vip: 1.5 }, usable_group: 'default' });
      expect(reply.body.data.map((item: PricingEntry) => item.model_name)).toEqual(['gpt-4o', 'only-ratio', 'per-call', 'unpriced-model']);

      expect(entry(reply.body, 'gpt-4o')).toEqual({
        model_name: 'gpt-4o',
        quota_type: 0,
        model_ratio: 1.25,
        completion_ratio: 4,
        model_price: 0,
        enable_groups: ['default', 'vip'],
        priced: true,
        // The built-in CacheRatio of gpt-4o (OpenAI's half price for cached input).
        cache_ratio: 0.5,
        cache_creation_ratio: 1.25,
      });
      expect(entry(reply.body, 'per-call')).toMatchObject({ quota_type: 1, model_price: 0.02, enable_groups: ['vip'], priced: true });
      expect(entry(reply.body, 'per-call')).not.toHaveProperty('cache_ratio');
      // Priced, but no channel offers it.
      expect(entry(reply.body, 'only-ratio')).toMatchObject({ quota_type: 0, model_ratio: 2, completion_ratio: 1, enable_groups: [], priced: true });
      // Offered, but the relay would refuse it for want of a price.
      expect(entry(reply.body, 'unpriced-model')).toMatchObject({ model_ratio: 0, enable_groups: ['default', 'vip'], priced: false });
      // Only a disabled channel offers it and it has no price.
      expect(entry(reply.body, 'disabled-only')).toBeUndefined();
    });

    it("names the signed-in viewer's group", async () => {
      const { agent, userId } = await t.signUp('price-vip');
      expect((await agent.get('/api/pricing')).body.usable_group).toBe('default');
      await t.db.query(`UPDATE users SET "group" = 'vip' WHERE id = $1`, [userId]);
      expect((await agent.get('/api/pricing')).body.usable_group).toBe('vip');
    });

    it('treats an unknown session or a banned user as a guest', async () => {
      const forged = await t.http().get('/api/pricing').set('Cookie', 'session=s%3Anot-a-session.invalidsignature');
      expect(forged.body).toMatchObject({ success: true, usable_group: 'default' });

      const { agent, userId } = await t.signUp('price-banned');
      await t.db.query(`UPDATE users SET "group" = 'vip', status = 2 WHERE id = $1`, [userId]);
      expect((await agent.get('/api/pricing')).body.usable_group).toBe('default');
    });

    it('follows channel and option changes at once', async () => {
      await setOption('GroupRatio', { default: 1, vip: 1.5, svip: 0.8 });
      await createChannel({ name: 'svip', models: 'only-ratio', groups: ['svip'] });
      const reply = await t.http().get('/api/pricing');
      expect(reply.body.group_ratio).toEqual({ default: 1, vip: 1.5, svip: 0.8 });
      expect(entry(reply.body, 'only-ratio')?.enable_groups).toEqual(['svip']);
    });
  });

  describe('POST /api/option/rest_model_ratio', () => {
    it('is for super administrators only', async () => {
      const { agent, userId } = await t.signUp('ratio-admin');
      expect((await agent.post('/api/option/rest_model_ratio')).status).toBe(403);
      await t.db.query('UPDATE users SET role = 10 WHERE id = $1', [userId]);
      expect((await agent.post('/api/option/rest_model_ratio')).status).toBe(403);
      expect((await t.http().post('/api/option/rest_model_ratio')).status).toBe(401);
      const [row] = await t.db.query(`SELECT value FROM options WHERE key = 'ModelRatio'`);
      expect(JSON.parse(row.value)).toEqual({ 'gpt-4o': 1.25, 'only-ratio': 2 });
    });

    it('restores the model ratios, completion ratios, model prices and token kinds, and leaves the group ratios', async () => {
      await setOption('CacheRatio', { 'gpt-4o': 0.9 });
      await setOption('ModelTieredPricing', {});
      await setOption('ImageCompletionRatio', {});
      await setOption('ReasoningRatio', { 'gpt-4o': 3 });
      const reply = await root.post('/api/option/rest_model_ratio');
      expect(reply.body).toEqual({ success: true, message: '模型倍率已重置', data: null });

      const options: Array<{ key: string; value: string }> = (await root.get('/api/option/')).body.data;
      const value = (key: string) => JSON.parse(options.find((option) => option.key === key)?.value ?? 'null');
      expect(value('ModelRatio')).toEqual(DEFAULT_MODEL_RATIOS);
      expect(value('CompletionRatio')).toEqual(DEFAULT_COMPLETION_RATIOS);
      expect(value('ModelPrice')).toEqual(DEFAULT_MODEL_PRICES);
      expect(value('CacheRatio')).toEqual(DEFAULT_CACHE_RATIOS);
      expect(value('ModelTieredPricing')).toEqual(DEFAULT_MODEL_TIERED_PRICING);
      expect(value('ImageCompletionRatio')).toEqual(DEFAULT_IMAGE_COMPLETION_RATIOS);
      expect(value('ReasoningRatio')).toEqual(DEFAULT_REASONING_RATIOS);
      expect(value('GroupRatio')).toEqual({ default: 1, vip: 1.5, svip: 0.8 });

      const [row] = await t.db.query(`SELECT value FROM options WHERE key = 'ModelRatio'`);
      expect(JSON.parse(row.value)).toEqual(DEFAULT_MODEL_RATIOS);

      const pricing = await t.http().get('/api/pricing');
      expect(entry(pricing.body, 'only-ratio')).toMatchObject({ priced: false, enable_groups: ['svip'] });
      expect(entry(pricing.body, 'gpt-4o-mini')).toMatchObject({
        quota_type: 0,
        model_ratio: DEFAULT_MODEL_RATIOS['gpt-4o-mini'],
        completion_ratio: DEFAULT_COMPLETION_RATIOS['gpt-4o-mini'],
        priced: true,
      });
      expect(entry(pricing.body, 'per-call')).toMatchObject({ quota_type: 0, priced: false });
    });
  });
});
