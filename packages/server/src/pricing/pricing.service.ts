import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isModelPriced, MODEL_PRICE_OPTION_KEYS, OPTION_DEFINITIONS, type OptionKey, type PriceTier, TOKEN_RATIO_FALLBACKS, USER_STATUS_ENABLED } from '@gw/shared';
import { IsNull, Repository } from 'typeorm';
import type { AuditActor } from '../audit/audit-actor';
import { SessionsService } from '../auth/sessions.service';
import { AbilitiesService } from '../channels/abilities.service';
import { OptionsService } from '../options/options.service';
import { ratioOf } from '../relay/billing/pricing';
import { UserEntity } from '../users/user.entity';
import { QUOTA_TYPE, type PricingEntry } from './pricing.view';

export const DEFAULT_GROUP = 'default';

type RatioMap = Record<string, number>;

/** The ratio options the pricing page shows, parsed (the same ones the relay bills with). */
export interface PricingTables {
  modelPrice: RatioMap;
  modelRatio: RatioMap;
  completionRatio: RatioMap;
  cacheRatio: RatioMap;
  createCacheRatio: RatioMap;
  createCache1hRatio: RatioMap;
  audioRatio: RatioMap;
  audioCompletionRatio: RatioMap;
  imageRatio: RatioMap;
  imageCompletionRatio: RatioMap;
  reasoningRatio: RatioMap;
  tieredPricing: Record<string, PriceTier[]>;
}

/** The prices of a per-usage model's other token kinds, as the relay bills them (billing/price.service.ts); the rarer kinds where set. */
function tokenKindPrices(model: string, tables: PricingTables, completionRatio: number): Partial<PricingEntry> {
  const cacheCreationRatio = ratioOf(tables.createCacheRatio, model, TOKEN_RATIO_FALLBACKS.cacheCreation);
  const kinds: Partial<PricingEntry> = { cache_ratio: ratioOf(tables.cacheRatio, model, TOKEN_RATIO_FALLBACKS.cacheRead), cache_creation_ratio: cacheCreationRatio };
  if (Object.hasOwn(tables.createCache1hRatio, model)) kinds.cache_creation_ratio_1h = tables.createCache1hRatio[model];
  if (Object.hasOwn(tables.audioRatio, model) || Object.hasOwn(tables.audioCompletionRatio, model)) {
    kinds.audio_ratio = ratioOf(tables.audioRatio, model, TOKEN_RATIO_FALLBACKS.audio);
    kinds.audio_completion_ratio = ratioOf(tables.audioCompletionRatio, model, completionRatio);
  }
  if (Object.hasOwn(tables.imageRatio, model)) kinds.image_ratio = tables.imageRatio[model];
  if (Object.hasOwn(tables.imageCompletionRatio, model)) kinds.image_completion_ratio = tables.imageCompletionRatio[model];
  // Reasoning costs the completion price unless the model says otherwise; only then is it shown apart.
  const reasoningRatio = ratioOf(tables.reasoningRatio, model, TOKEN_RATIO_FALLBACKS.reasoning);
  if (reasoningRatio !== TOKEN_RATIO_FALLBACKS.reasoning) kinds.reasoning_ratio = reasoningRatio;
  const tiers = Object.hasOwn(tables.tieredPricing, model) ? tables.tieredPricing[model] : undefined;
  if (Array.isArray(tiers) && tiers.length > 0) kinds.tiers = [...tiers].sort((a, b) => a.above_prompt_tokens - b.above_prompt_tokens);
  return kinds;
}

/**
 * Builds the entries of the pricing page from the ratio options, the same ones the relay bills
 * with (ModelPrice overrides ModelRatio; CompletionRatio defaults to 1).
 */
export function pricingEntries(tables: PricingTables, groupsByModel: ReadonlyMap<string, readonly string[]>): PricingEntry[] {
  const { modelPrice, modelRatio, completionRatio } = tables;
  const names = new Set([...Object.keys(modelPrice), ...Object.keys(modelRatio), ...groupsByModel.keys()]);
  return [...names].sort().map((model_name) => {
    const perCall = Object.hasOwn(modelPrice, model_name);
    const priced = isModelPriced(model_name, { modelPrice, modelRatio });
    const entry: PricingEntry = {
      model_name,
      quota_type: perCall ? QUOTA_TYPE.PER_CALL : QUOTA_TYPE.PER_USAGE,
      model_ratio: Object.hasOwn(modelRatio, model_name) ? modelRatio[model_name] : 0,
      completion_ratio: ratioOf(completionRatio, model_name, 1),
      model_price: perCall ? modelPrice[model_name] : 0,
      enable_groups: [...(groupsByModel.get(model_name) ?? [])],
      priced,
    };
    return priced && !perCall ? { ...entry, ...tokenKindPrices(model_name, tables, entry.completion_ratio) } : entry;
  });
}

/** The model pricing page (spec 2 §2, §7 Pricing) and the ratio reset of the settings page. */
@Injectable()
export class PricingService {
  constructor(
    private readonly options: OptionsService,
    private readonly abilities: AbilitiesService,
    private readonly sessions: SessionsService,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {}

  groupRatios(): RatioMap {
    return this.options.getJson<RatioMap>('GroupRatio');
  }

  /** Every model that has a price or a ratio, or that an enabled channel offers. */
  async entries(): Promise<PricingEntry[]> {
    const ratios = (key: OptionKey) => this.options.getJson<RatioMap>(key);
    return pricingEntries(
      {
        modelPrice: ratios('ModelPrice'),
        modelRatio: ratios('ModelRatio'),
        completionRatio: ratios('CompletionRatio'),
        cacheRatio: ratios('CacheRatio'),
        createCacheRatio: ratios('CreateCacheRatio'),
        createCache1hRatio: ratios('CreateCache1hRatio'),
        audioRatio: ratios('AudioRatio'),
        audioCompletionRatio: ratios('AudioCompletionRatio'),
        imageRatio: ratios('ImageRatio'),
        imageCompletionRatio: ratios('ImageCompletionRatio'),
        reasoningRatio: ratios('ReasoningRatio'),
        tieredPricing: this.options.getJson<Record<string, PriceTier[]>>('ModelTieredPricing'),
      },
      await this.groupsByModel(),
    );
  }

  /**
   * The group of whoever holds this session cookie, or 'default' for a guest (an unknown, expired,
   * disabled or deleted session included): the page shows prices for that group.
   */
  async viewerGroup(sessionId: unknown): Promise<string> {
    if (typeof sessionId !== 'string' || sessionId === '') return DEFAULT_GROUP;
    const userId = await this.sessions.resolve(sessionId);
    if (userId === undefined) return DEFAULT_GROUP;
    const user = await this.users.findOne({ where: { id: userId, deleted_at: IsNull() }, select: { group: true, status: true } });
    return user && user.status === USER_STATUS_ENABLED && user.group ? user.group : DEFAULT_GROUP;
  }

  /** POST /api/option/rest_model_ratio: back to the built-in prices of every model option, announced to every instance. */
  async resetRatios(actor?: AuditActor): Promise<void> {
    for (const key of MODEL_PRICE_OPTION_KEYS) await this.options.set(key, OPTION_DEFINITIONS[key].default, actor);
  }

  /**
   * Model → the groups whose enabled channels offer it. Only groups with a ratio are asked: the
   * relay refuses a group without one, and channels can only be put in such groups.
   */
  private async groupsByModel(): Promise<Map<string, string[]>> {
    const groups = Object.keys(this.groupRatios()).sort();
    const modelsPerGroup = await Promise.all(groups.map((group) => this.abilities.modelsForGroup(group)));
    const byModel = new Map<string, string[]>();
    groups.forEach((group, index) => {
      for (const model of modelsPerGroup[index]) byModel.set(model, [...(byModel.get(model) ?? []), group]);
    });
    return byModel;
  }
}
