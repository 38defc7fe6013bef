/** 500000 quota = 1 USD (spec 1 §9). */
export const DEFAULT_QUOTA_PER_UNIT = 500000;

/** Abbreviates large counts: k from 10,000, M from 1,000,000, B from 1,000,000,000. */
export function abbreviateCount(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1_000_000_000) return `${trim(n / 1_000_000_000)}B`;
  if (abs >= 1_000_000) return `${trim(n / 1_000_000)}M`;
  if (abs >= 10_000) return `${trim(n / 1_000)}k`;
  return String(n);
}

function trim(value: number): string {
  return value.toFixed(2).replace(/\.?0+$/, '');
}

/**
 * Renders quota as the user sees it: with currency display on, quota / quotaPerUnit with a dollar sign
 * and 2 decimals (6 in detail views); otherwise the abbreviated count.
 */
export function renderQuota(
  quota: number,
  options: { displayInCurrency: boolean; quotaPerUnit: number; digits?: number },
): string {
  if (options.displayInCurrency) {
    const perUnit = options.quotaPerUnit > 0 ? options.quotaPerUnit : DEFAULT_QUOTA_PER_UNIT;
    return `$${(quota / perUnit).toFixed(options.digits ?? 2)}`;
  }
  return abbreviateCount(quota);
}
