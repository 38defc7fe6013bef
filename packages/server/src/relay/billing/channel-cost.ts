import type { Price } from './pricing';
import { quotaFor } from './pricing';
import type { Usage } from './usage';

/**
 * What a call cost the operator (issue 29, per-channel cost): its list-price quota, every token
 * kind priced as the user was billed (quotaFor) but without the user's group ratio, times the
 * channel's cost ratio (channels.cost_ratio: 1 list price, 0 a free upstream); a per-call price
 * costs model price × cost ratio. Rounded to the nearest quota unit, so that the roll-ups sum
 * whole units exactly. Computed only for a logged success: a failed call costs nothing.
 */
export function upstreamCost(price: Price, usage: Usage, costRatio: number, quotaPerUnit: number): number {
  if (costRatio === 0) return 0;
  // A copy only for the groups that have a ratio of their own (a spread costs about 1 µs).
  const listPrice = price.groupRatio === 1 ? price : { ...price, groupRatio: 1 };
  return Math.round(quotaFor(listPrice, usage, quotaPerUnit) * costRatio);
}
