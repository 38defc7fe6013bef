import { Injectable } from '@nestjs/common';
import { isModelPriced, MODEL_PRICE_OPTION_KEYS, type ModelPriceTables, oneHourCacheRatio, type OptionKey, type PriceTier, TOKEN_RATIO_FALLBACKS, unpricedModels } from '@gw/shared';
import { OptionsService } from '../../options/options.service';
import { RelayError } from '../relay-error';
import { NO_TIERS, type Price, ratioOf, type Tier } from './pricing';

type RatioMap = Readonly<Record<string, number>>;

/** A model's price before the caller's group ratio: everything Price holds but the group's. */
type ModelPricing = Omit<Price, 'groupRatio'>;

/** A change of any of these options drops the prices built. */
const MODEL_PRICE_OPTIONS: ReadonlySet<OptionKey> = new Set<OptionKey>(MODEL_PRICE_OPTION_KEYS);

/**
 * A model's long-context tiers (ModelTieredPricing) as billing reads them, the highest threshold
 * first; what is not a tier is skipped, though the option's rule lets nothing else be saved.
 */
function tiersOf(option: unknown, model: string): readonly Tier[] {
  const tiers = option && typeof option === 'object' && Object.hasOwn(option, model) ? (option as Record<string, unknown>)[model] : undefined;
  if (!Array.isArray(tiers)) return NO_TIERS;
  const valid = (tiers as PriceTier[]).filter(
    (tier) => typeof tier?.above_prompt_tokens === 'number' && typeof tier.prompt_multiplier === 'number' && typeof tier.completion_multiplier === 'number',
  );
  if (valid.length === 0) return NO_TIERS;
  return Object.freeze(
    valid
      .map((tier): Tier => ({ abovePromptTokens: tier.above_prompt_tokens, promptMultiplier: tier.prompt_multiplier, completionMultiplier: tier.completion_multiplier }))
      .sort((a, b) => b.abovePromptTokens - a.abovePromptTokens),
  );
}

/**
 * Prices from the ratio options: ModelPrice, ModelRatio, CompletionRatio, GroupRatio, and per
 * model the token kinds' CacheRatio, CreateCacheRatio, CreateCache1hRatio, AudioRatio,
 * AudioCompletionRatio, ImageRatio, ImageCompletionRatio, ReasoningRatio and the long-context
 * ModelTieredPricing (a model without an entry gets TOKEN_RATIO_FALLBACKS of @gw/shared; its image
 * completion tokens its completion ratio). A model's price is built once, from options the options
 * service parsed once, and kept until one of those options changes (on any instance): a request
 * costs one map lookup, the group's ratio and one object literal.
 */
@Injectable()
export class PriceService {
  private readonly models = new Map<string, ModelPricing>();

  constructor(private readonly options: OptionsService) {
    options.onChange((key) => {
      if (MODEL_PRICE_OPTIONS.has(key)) this.models.clear();
    });
  }

  quotaPerUnit(): number {
    return this.options.getNumber('QuotaPerUnit');
  }

  /** The price of a model for a group; a model with neither a price nor a ratio is refused. */
  priceOf(model: string, group: string): Price {
    const pricing = this.models.get(model) ?? this.build(model);
    // One literal, not a spread of the model's pricing: on Node 20 spreading an object that holds
    // fractions cost about 1 µs per request, more than the rest of the price lookup.
    return {
      modelPrice: pricing.modelPrice,
      modelRatio: pricing.modelRatio,
      completionRatio: pricing.completionRatio,
      groupRatio: ratioOf(this.options.getJson<RatioMap>('GroupRatio'), group, 1),
      cacheReadRatio: pricing.cacheReadRatio,
      cacheCreationRatio: pricing.cacheCreationRatio,
      cacheCreation1hRatio: pricing.cacheCreation1hRatio,
      audioRatio: pricing.audioRatio,
      imageRatio: pricing.imageRatio,
      audioCompletionRatio: pricing.audioCompletionRatio,
      imageCompletionRatio: pricing.imageCompletionRatio,
      reasoningRatio: pricing.reasoningRatio,
      tiers: pricing.tiers,
    };
  }

  /** The models among these that priceOf would refuse, so that a console can warn before users hit it. */
  unpricedOf(models: readonly string[]): string[] {
    return unpricedModels(models, this.tables());
  }

  /** A priced model's price from the options, kept for the next requests; an unpriced one is refused (and not kept). */
  private build(model: string): ModelPricing {
    const tables = this.tables();
    if (!isModelPriced(model, tables)) {
      throw new RelayError(400, `模型 ${model} 未设置价格，请联系管理员设置模型倍率或价格`, 'invalid_request_error', 'model_price_not_set');
    }
    const ratios = (key: OptionKey) => this.options.getJson<RatioMap>(key);
    const perCall = Object.hasOwn(tables.modelPrice, model);
    const completionRatio = perCall ? 1 : ratioOf(ratios('CompletionRatio'), model, 1);
    const cacheCreationRatio = ratioOf(ratios('CreateCacheRatio'), model, TOKEN_RATIO_FALLBACKS.cacheCreation);
    const pricing: ModelPricing = {
      modelPrice: perCall ? tables.modelPrice[model] : undefined,
      modelRatio: perCall ? 0 : tables.modelRatio[model],
      completionRatio,
      cacheReadRatio: ratioOf(ratios('CacheRatio'), model, TOKEN_RATIO_FALLBACKS.cacheRead),
      cacheCreationRatio,
      cacheCreation1hRatio: ratioOf(ratios('CreateCache1hRatio'), model, oneHourCacheRatio(cacheCreationRatio)),
      audioRatio: ratioOf(ratios('AudioRatio'), model, TOKEN_RATIO_FALLBACKS.audio),
      imageRatio: ratioOf(ratios('ImageRatio'), model, TOKEN_RATIO_FALLBACKS.image),
      audioCompletionRatio: ratioOf(ratios('AudioCompletionRatio'), model, completionRatio),
      imageCompletionRatio: ratioOf(ratios('ImageCompletionRatio'), model, completionRatio),
      reasoningRatio: ratioOf(ratios('ReasoningRatio'), model, TOKEN_RATIO_FALLBACKS.reasoning),
      tiers: perCall ? NO_TIERS : tiersOf(this.options.getJson<unknown>('ModelTieredPricing'), model),
    };
    this.models.set(model, pricing);
    return pricing;
  }

  private tables(): ModelPriceTables {
    return { modelPrice: this.options.getJson('ModelPrice'), modelRatio: this.options.getJson('ModelRatio') };
  }
}
