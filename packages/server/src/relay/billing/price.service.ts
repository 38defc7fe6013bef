import { Injectable } from '@nestjs/common';
import { OptionsService } from '../../options/options.service';
import { RelayError } from '../relay-error';
import { DEFAULT_AUDIO_RATIO, DEFAULT_CACHE_CREATION_RATIO, DEFAULT_CACHE_READ_RATIO, type Price } from './pricing';

/** Prices from the ratio options (ModelPrice, ModelRatio, CompletionRatio, GroupRatio). */
@Injectable()
export class PriceService {
  constructor(private readonly options: OptionsService) {}

  quotaPerUnit(): number {
    return this.options.getNumber('QuotaPerUnit');
  }

  /** The price of a model for a group; a model with neither a price nor a ratio is refused. */
  priceOf(model: string, group: string): Price {
    const prices = this.options.getJson<Record<string, number>>('ModelPrice');
    const ratios = this.options.getJson<Record<string, number>>('ModelRatio');
    const completion = this.options.getJson<Record<string, number>>('CompletionRatio');
    const groupRatio = this.options.getJson<Record<string, number>>('GroupRatio')[group] ?? 1;
    const base = { groupRatio, cacheReadRatio: DEFAULT_CACHE_READ_RATIO, cacheCreationRatio: DEFAULT_CACHE_CREATION_RATIO, audioRatio: DEFAULT_AUDIO_RATIO };
    if (Object.hasOwn(prices, model)) return { ...base, modelPrice: prices[model], modelRatio: 0, completionRatio: 1 };
    if (!Object.hasOwn(ratios, model)) {
      throw new RelayError(400, `模型 ${model} 未设置价格，请联系管理员设置模型倍率或价格`, 'invalid_request_error', 'model_price_not_set');
    }
    return { ...base, modelRatio: ratios[model], completionRatio: completion[model] ?? 1 };
  }
}
