import type { ArenaRating, ArenaWinMatrix } from '@gw/shared';

/** How the leaderboard shows its figures, and the scale its interval bars share. */

export const formatRating = (rating: number) => String(Math.round(rating));

export const formatPercent = (rate: number, digits = 1) => `${(rate * 100).toFixed(digits)}%`;

/** USD per answer: four decimals, six for a cheap model's answer (a fraction of a hundredth of a cent). */
export function formatCost(usd: number): string {
  if (usd <= 0) return '$0';
  if (usd >= 0.0001) return `$${usd.toFixed(4)}`;
  if (usd >= 0.000001) return `$${usd.toFixed(6)}`;
  return '< $0.000001';
}

/** 0 means none was measured. */
export const formatFirstToken = (ms: number) => (ms > 0 ? `${Math.round(ms)} ms` : '—');

/** The range of ratings every interval bar is drawn on, so that the bars can be compared row to row. */
export interface IntervalScale {
  min: number;
  max: number;
}

/** Every row's interval and rating fit, with a margin; a single point still gets some width. */
export function intervalScale(ratings: readonly ArenaRating[]): IntervalScale {
  const low = Math.min(...ratings.map((row) => Math.min(row.ci_low, row.rating)));
  const high = Math.max(...ratings.map((row) => Math.max(row.ci_high, row.rating)));
  const margin = Math.max((high - low) * 0.05, 10);
  return { min: low - margin, max: high + margin };
}

/** Where `value` sits on the scale, in percent of its width. */
export const positionOn = (scale: IntervalScale, value: number) => ((value - scale.min) / (scale.max - scale.min)) * 100;

/** A matrix cell's background: green for a winning share, red for a losing one, stronger the further from even. */
export function rateColor(rate: number): string {
  if (rate === 0.5) return 'var(--color-fill-3)';
  const alpha = (0.15 + Math.min(Math.abs(rate - 0.5) * 2, 1) * 0.55).toFixed(2);
  return rate > 0.5 ? `rgba(var(--green-6), ${alpha})` : `rgba(var(--red-6), ${alpha})`;
}

/** The matrix with its models in `order` (the leaderboard's), the models it does not name after them. */
export function orderMatrix(matrix: ArenaWinMatrix, order: readonly string[]): ArenaWinMatrix {
  const rank = (model: string) => {
    const at = order.indexOf(model);
    return at < 0 ? order.length : at;
  };
  const indexes = matrix.models.map((_, index) => index).sort((a, b) => rank(matrix.models[a]) - rank(matrix.models[b]));
  return {
    models: indexes.map((index) => matrix.models[index]),
    rates: indexes.map((row) => indexes.map((column) => matrix.rates[row][column])),
    counts: indexes.map((row) => indexes.map((column) => matrix.counts[row][column])),
  };
}
