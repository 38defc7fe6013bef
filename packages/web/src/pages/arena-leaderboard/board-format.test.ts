import { describe, expect, it } from 'vitest';
import type { ArenaRating } from '@gw/shared';
import { formatCost, formatFirstToken, intervalScale, orderMatrix, positionOn, rateColor } from './board-format';

const rating = (model: string, value: number, low: number, high: number): ArenaRating => ({
  model,
  rating: value,
  ci_low: low,
  ci_high: high,
  battles: 1,
  wins: 1,
  ties: 0,
  win_rate: 1,
  mean_cost: 0,
  mean_first_token_ms: 0,
});

describe('leaderboard figures', () => {
  it('shows a cost in dollars with four decimals, six for a tiny one, and no cost plainly', () => {
    expect(formatCost(0.0012)).toBe('$0.0012');
    expect(formatCost(1.5)).toBe('$1.5000');
    expect(formatCost(0.000036)).toBe('$0.000036');
    expect(formatCost(0.0000001)).toBe('< $0.000001');
    expect(formatCost(0)).toBe('$0');
    expect(formatFirstToken(0)).toBe('—');
    expect(formatFirstToken(345.6)).toBe('346 ms');
  });

  it('puts every interval on one scale that holds them all with a margin', () => {
    const scale = intervalScale([rating('a', 1050, 1000, 1100), rating('b', 950, 900, 1000)]);
    expect(scale.min).toBeLessThan(900);
    expect(scale.max).toBeGreaterThan(1100);
    expect(positionOn(scale, 1000)).toBeCloseTo(50);
    // One model alone, interval of no width: the bar still has room.
    const single = intervalScale([rating('a', 1000, 1000, 1000)]);
    expect(single.max - single.min).toBeGreaterThan(0);
    expect(positionOn(single, 1000)).toBeCloseTo(50);
  });

  it('colours a winning share green, a losing one red, and an even one neutral', () => {
    expect(rateColor(0.9)).toMatch(/^rgba\(var\(--green-6\), 0\.\d+\)$/);
    expect(rateColor(0.1)).toMatch(/^rgba\(var\(--red-6\), 0\.\d+\)$/);
    expect(rateColor(0.5)).toBe('var(--color-fill-3)');
    // Stronger the further from even.
    const alpha = (color: string) => Number(/, ([\d.]+)\)$/.exec(color)?.[1]);
    expect(alpha(rateColor(1))).toBeGreaterThan(alpha(rateColor(0.6)));
  });

  it("orders the matrix's rows and columns as the leaderboard", () => {
    const matrix = { models: ['b', 'a'], rates: [[null, 0.25], [0.75, null]], counts: [[0, 4], [4, 0]] };
    expect(orderMatrix(matrix, ['a', 'b'])).toEqual({ models: ['a', 'b'], rates: [[null, 0.75], [0.25, null]], counts: [[0, 4], [4, 0]] });
  });
});
