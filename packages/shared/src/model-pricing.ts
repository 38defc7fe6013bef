/** The two ratio options that can price a model (spec 1 §3 Ratios), parsed: model name → number. */
export interface ModelPriceTables {
  /** ModelPrice: a fixed USD price per call. */
  modelPrice: Readonly<Record<string, number>>;
  /** ModelRatio: a price per token. */
  modelRatio: Readonly<Record<string, number>>;
}

/**
 * Whether the relay can bill a model: it has a fixed price or a model ratio. Any other model is
 * refused with "模型 X 未设置价格" (a CompletionRatio alone does not price it). Own keys only, so
 * that a model named "constructor" is not priced by Object.prototype.
 */
export function isModelPriced(model: string, tables: ModelPriceTables): boolean {
  return Object.hasOwn(tables.modelPrice, model) || Object.hasOwn(tables.modelRatio, model);
}

/** The models among these that the relay would refuse for want of a price, in their order. */
export function unpricedModels(models: readonly string[], tables: ModelPriceTables): string[] {
  return models.filter((model) => !isModelPriced(model, tables));
}
