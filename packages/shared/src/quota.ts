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

/** Significant digits kept for an amount too small for the usual decimals. */
const SMALL_AMOUNT_SIGNIFICANT_DIGITS = 2;

/**
 * `amount` with `digits` decimals, or with more where those would show a nonzero amount as 0:
 * then enough decimals for two significant digits ($0.000040 rather than $0.00).
 */
export function formatAmount(amount: number, digits: number): string {
  const abs = Math.abs(amount);
  if (abs === 0 || abs >= 0.5 * 10 ** -digits) return amount.toFixed(digits);
  const leadingZeros = Math.ceil(-Math.log10(abs)) - 1;
  return amount.toFixed(Math.min(100, leadingZeros + SMALL_AMOUNT_SIGNIFICANT_DIGITS));
}

/** The decimals of a balance: at least the spec's 2, at most the 6 of detail views. */
const BALANCE_MIN_DIGITS = 2;
const BALANCE_MAX_DIGITS = 6;

/**
 * A balance with the fewest decimals, from 2 to 6, that show it exactly to 6 decimals ($10.00,
 * $9.99936, $9.50): with a fixed 2, a balance spent by $0.00064 would still read $10.00.
 */
export function formatPreciseAmount(amount: number): string {
  const fixed = amount.toFixed(BALANCE_MAX_DIGITS);
  const point = fixed.indexOf('.');
  let end = fixed.length;
  while (end > point + 1 + BALANCE_MIN_DIGITS && fixed[end - 1] === '0') end -= 1;
  return fixed.slice(0, end);
}

/** Decimals in currency display: a fixed count (2 by default, 6 in detail views), or 'precise' for a balance. */
export type AmountDigits = number | 'precise';

/**
 * Renders quota as the user sees it: with currency display on, quota / quotaPerUnit with a dollar sign
 * and 2 decimals (6 in detail views), more for a charge those would round to zero, or as many as a
 * balance needs ('precise'); otherwise the abbreviated count.
 */
export function renderQuota(
  quota: number,
  options: { displayInCurrency: boolean; quotaPerUnit: number; digits?: AmountDigits },
): string {
  if (options.displayInCurrency) {
    const perUnit = options.quotaPerUnit > 0 ? options.quotaPerUnit : DEFAULT_QUOTA_PER_UNIT;
    const amount = quota / perUnit;
    const digits = options.digits ?? 2;
    return `$${digits === 'precise' ? formatPreciseAmount(amount) : formatAmount(amount, digits)}`;
  }
  return abbreviateCount(quota);
}
