import { QUOTA_TYPES, type PricingEntry } from '@/api/pricing';

/**
 * Reference prices in USD (spec 1 §9, spec 2 §9); actual billing prevails. A model ratio r costs
 * r quota per prompt token, and 500000 quota is 1 USD, so a million prompt tokens cost 2·r USD.
 */
export function promptPricePerMillion(modelRatio: number, groupRatio: number): number {
  return modelRatio * 2 * groupRatio;
}

export function completionPricePerMillion(modelRatio: number, completionRatio: number, groupRatio: number): number {
  return promptPricePerMillion(modelRatio, groupRatio) * completionRatio;
}

/** A fixed model price (USD per call) times the group ratio overrides the ratios. */
export function perCallPrice(modelPrice: number, groupRatio: number): number {
  return modelPrice * groupRatio;
}

/** At most 6 decimals, without trailing zeros: $2.5, $0.1125, $10. */
export function formatUsd(value: number): string {
  return `$${Number(value.toFixed(6))}`;
}

export type PriceLines = { kind: 'unpriced' } | { kind: 'per-call'; call: string } | { kind: 'per-usage'; prompt: string; completion: string };

/** What the price column shows for one model in a group with this ratio. */
export function priceLines(entry: PricingEntry, groupRatio: number): PriceLines {
  if (entry.priced === false) return { kind: 'unpriced' };
  if (entry.quota_type === QUOTA_TYPES.PER_CALL) return { kind: 'per-call', call: formatUsd(perCallPrice(entry.model_price, groupRatio)) };
  return {
    kind: 'per-usage',
    prompt: formatUsd(promptPricePerMillion(entry.model_ratio, groupRatio)),
    completion: formatUsd(completionPricePerMillion(entry.model_ratio, entry.completion_ratio, groupRatio)),
  };
}

/**
 * The other token kinds of a priced per-usage model (spec 1 §9), per million tokens: cache reads,
 * cache writes (5-minute and 1-hour), audio and image prompt tokens and generated image tokens at
 * the multipliers of the prompt price its entry gives, audio completion tokens at the audio prompt
 * price times their own multiplier (each only when given), reasoning tokens at the completion price
 * times the model's reasoning ratio (1 unless it has one); then its long-context prices, which
 * apply to the whole request above their threshold.
 */
export function extraRateLines(entry: PricingEntry, groupRatio: number): string[] {
  const lines = priceLines(entry, groupRatio);
  if (lines.kind !== 'per-usage') return [];
  const prompt = promptPricePerMillion(entry.model_ratio, groupRatio);
  const completion = completionPricePerMillion(entry.model_ratio, entry.completion_ratio, groupRatio);
  const audioOut = entry.audio_ratio !== undefined && entry.audio_completion_ratio !== undefined ? entry.audio_ratio * entry.audio_completion_ratio : undefined;
  const multiplied: Array<[string, number | undefined]> = [
    ['缓存读取', entry.cache_ratio],
    [entry.cache_creation_ratio_1h === undefined ? '缓存写入' : '5 分钟缓存写入', entry.cache_creation_ratio],
    ['1 小时缓存写入', entry.cache_creation_ratio_1h],
    ['音频输入', entry.audio_ratio],
    ['音频输出', audioOut],
    ['图片输入', entry.image_ratio],
    ['图片输出', entry.image_completion_ratio],
  ];
  const reasoning = entry.reasoning_ratio === undefined ? `${lines.completion} / 1M tokens` : `${formatUsd(completion * entry.reasoning_ratio)} / 1M tokens（补全价格 ×${entry.reasoning_ratio}）`;
  return [
    ...multiplied.flatMap(([label, ratio]) => (ratio === undefined ? [] : [`${label} ${formatUsd(prompt * ratio)} / 1M tokens`])),
    `推理 ${reasoning}`,
    ...(entry.tiers ?? []).map(
      (tier) =>
        `提示超过 ${tier.above_prompt_tokens} tokens 时整次请求按提示 ×${tier.prompt_multiplier}、补全 ×${tier.completion_multiplier} 计费：提示 ${formatUsd(prompt * tier.prompt_multiplier)}、补全 ${formatUsd(completion * tier.completion_multiplier)} / 1M tokens`,
    ),
  ];
}

/** The group the prices are shown for: the viewer's (from the reply, else the signed-in user's), else default. */
export function viewerGroup(replyGroup: string | undefined, userGroup: string | undefined): string {
  return replyGroup || userGroup || 'default';
}

export function groupRatioOf(groupRatios: Record<string, number>, group: string): number {
  return Object.hasOwn(groupRatios, group) ? groupRatios[group] : 1;
}
