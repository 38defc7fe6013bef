import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DEFAULT_COMPLETION_RATIOS, DEFAULT_MODEL_PRICES, DEFAULT_MODEL_RATIOS, isModelPriced, USER_STATUS_ENABLED } from '@gw/shared';
import { IsNull, Repository } from 'typeorm';
import { SessionsService } from '../auth/sessions.service';
import { AbilitiesService } from '../channels/abilities.service';
import { OptionsService } from '../options/options.service';
import { DEFAULT_AUDIO_RATIO, DEFAULT_CACHE_CREATION_RATIO, DEFAULT_CACHE_READ_RATIO } from '../relay/billing/pricing';
import { UserEntity } from '../users/user.entity';
import { QUOTA_TYPE, type PricingEntry } from './pricing.view';

export const DEFAULT_GROUP = 'default';

type RatioMap = Record<string, number>;

/**
 * Builds the entries of the pricing page from the ratio options, the same ones the relay bills
 * with (ModelPrice overrides ModelRatio; CompletionRatio defaults to 1).
 */
export function pricingEntries(
  options: { modelPrice: RatioMap; modelRatio: RatioMap; completionRatio: RatioMap },
  groupsByModel: ReadonlyMap<string, readonly string[]>,
): PricingEntry[] {
  const { modelPrice, modelRatio, completionRatio } = options;
  const names = new Set([...Object.keys(modelPrice), ...Object.keys(modelRatio), ...groupsByModel.keys()]);
  return [...names].sort().map((model_name) => {
    const perCall = Object.hasOwn(modelPrice, model_name);
    const priced = isModelPriced(model_name, { modelPrice, modelRatio });
    const entry: PricingEntry = {
      model_name,
      quota_type: perCall ? QUOTA_TYPE.PER_CALL : QUOTA_TYPE.PER_USAGE,
      model_ratio: Object.hasOwn(modelRatio, model_name) ? modelRatio[model_name] : 0,
      completion_ratio: Object.hasOwn(completionRatio, model_name) ? completionRatio[model_name] : 1,
      model_price: perCall ? modelPrice[model_name] : 0,
      enable_groups: [...(groupsByModel.get(model_name) ?? [])],
      priced,
    };
    // The relay's multipliers (relay/billing/pricing.ts), so that the page shows what billing does.
    return priced && !perCall ? { ...entry, cache_ratio: DEFAULT_CACHE_READ_RATIO, cache_creation_ratio: DEFAULT_CACHE_CREATION_RATIO, audio_ratio: DEFAULT_AUDIO_RATIO } : entry;
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
    return pricingEntries(
      {
        modelPrice: this.options.getJson<RatioMap>('ModelPrice'),
        modelRatio: this.options.getJson<RatioMap>('ModelRatio'),
        completionRatio: this.options.getJson<RatioMap>('CompletionRatio'),
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

  /** POST /api/option/rest_model_ratio: back to the built-in prices, announced to every instance. */
  async resetRatios(): Promise<void> {
    await this.options.set('ModelRatio', JSON.stringify(DEFAULT_MODEL_RATIOS));
    await this.options.set('CompletionRatio', JSON.stringify(DEFAULT_COMPLETION_RATIOS));
    await this.options.set('ModelPrice', JSON.stringify(DEFAULT_MODEL_PRICES));
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
