/**
 * One long-context price of a model (the ModelTieredPricing option): a request whose prompt has
 * more than `above_prompt_tokens` tokens (cached ones included) is billed whole at the model's
 * prices times these multipliers, as Google and Anthropic bill it. The prompt multiplier applies
 * to every prompt kind (plain, cache reads and writes, audio, images), the completion multiplier
 * to every completion kind. Of several tiers the one with the highest threshold crossed applies.
 */
export interface PriceTier {
  above_prompt_tokens: number;
  prompt_multiplier: number;
  completion_multiplier: number;
}

const TIER_FIELDS = ['above_prompt_tokens', 'prompt_multiplier', 'completion_multiplier'] as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What is wrong with a parsed ModelTieredPricing value (`{model: [tier, …]}`), in the console's
 * words, or null when it holds: every tier has exactly the three fields, a whole positive
 * threshold, multipliers of at least 0, and no two tiers of a model share a threshold.
 */
export function priceTiersProblem(parsed: unknown): string | null {
  if (!isPlainObject(parsed)) return '长上下文分段价格必须是 JSON 对象，键为模型名称，值为分段数组';
  for (const [model, tiers] of Object.entries(parsed)) {
    const where = `模型 ${model} 的长上下文分段价格`;
    if (!Array.isArray(tiers)) return `${where}必须是数组`;
    const thresholds = new Set<number>();
    for (const tier of tiers) {
      if (!isPlainObject(tier)) return `${where}的每一段必须是 JSON 对象`;
      const unknown = Object.keys(tier).find((field) => !(TIER_FIELDS as readonly string[]).includes(field));
      if (unknown) return `${where}含有未知字段 ${unknown}（只能是 ${TIER_FIELDS.join('、')}）`;
      const threshold = tier.above_prompt_tokens;
      if (typeof threshold !== 'number' || !Number.isSafeInteger(threshold) || threshold < 1) return `${where}的 above_prompt_tokens 必须是正整数`;
      for (const field of ['prompt_multiplier', 'completion_multiplier'] as const) {
        const value = tier[field];
        if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return `${where}的 ${field} 必须是不小于 0 的数字`;
      }
      if (thresholds.has(threshold)) return `${where}有两段的 above_prompt_tokens 都是 ${threshold}`;
      thresholds.add(threshold);
    }
  }
  return null;
}
