import { Injectable } from '@nestjs/common';
import { isModelPriced, type ModelPriceTables, unpricedModels } from '@gw/shared';
import { OptionsService } from '../../options/options.service';
import { RelayError } from '../relay-error';
import { DEFAULT_AUDIO_RATIO, DEFAULT_CACHE_CREATION_RATIO, DEFAULT_CACHE_READ_RATIO, type Price } from './pricing';

/**
 * One literal, not a spread of shared fields: on Node 20 spreading an object that holds fractions
 * (the default ratios) cost about 1 µs per request, more than the rest of the price lookup.
 */
const price = (groupRatio: number, modelRatio: number, completionRatio: number, modelPrice?: number): Price => ({
  modelPrice,
  modelRatio,
  completionRatio,
  groupRatio,
  cacheReadRatio: DEFAULT_CACHE_READ_RATIO,
  cacheCreationRatio: DEFAULT_CACHE_CREATION_RATIO,
  audioRatio: DEFAULT_AUDIO_RATIO,
});

/** Prices from the ratio options (ModelPrice, ModelRatio, CompletionRatio, GroupRatio). */
@Injectable()
export class PriceService {
  constructor(private readonly options: OptionsService) {}

  quotaPerUnit(): number {
    return this.options.getNumber('QuotaPerUnit');
  }

  /** The price of a model for a group; a model with neither a price nor a ratio is refused. */
  priceOf(model: string, group: string): Price {
    const tables = this.tables();
    if (!isModelPriced(model, tables)) {
      throw new RelayError(400, `模型 ${model} 未设置价格，请联系管理员设置模型倍率或价格`, 'invalid_request_error', 'model_price_not_set');
    }
    const groupRatio = this.options.getJson<Record<string, number>>('GroupRatio')[group] ?? 1;
    if (Object.hasOwn(tables.modelPrice, model)) return price(groupRatio, 0, 1, tables.modelPrice[model]);
    const completion = this.options.getJson<Record<string, number>>('CompletionRatio');
    return price(groupRatio, tables.modelRatio[model], completion[model] ?? 1);
  }

  /** The models among these that priceOf would refuse, so that a console can warn before users hit it. */
  unpricedOf(models: readonly string[]): string[] {
    return unpricedModels(models, this.tables());
  }

  private tables(): ModelPriceTables {
    return { modelPrice: this.options.getJson('ModelPrice'), modelRatio: this.options.getJson('ModelRatio') };
  }
}
