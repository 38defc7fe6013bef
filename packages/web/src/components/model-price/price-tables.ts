import type { OptionKey } from '@gw/shared';

/**
 * The options that price models (spec 1 §3 Ratios), edited together: by the ratio settings' table
 * and by the channel pages' inline price. GroupRatio and UserUsableGroups are about groups.
 */
export const MODEL_PRICE_KEYS = ['ModelRatio', 'CompletionRatio', 'ModelPrice'] as const satisfies readonly OptionKey[];
export type ModelPriceKey = (typeof MODEL_PRICE_KEYS)[number];

export const MSG_NOT_NON_NEGATIVE = '请输入不小于 0 的数字';

/** A ratio or price as typed: a finite number of at least 0, or null (empty text included). */
export function parseNonNegative(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return Number.isFinite(number) && number >= 0 ? number : null;
}

/** An option's text as model name → value, or null when it is not a JSON object. */
export function parsePriceTable(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
