import { describe, expect, it } from 'vitest';
import { forEachLimited } from './for-each-limited';

describe(forEachLimited.name, () => {
  it('handles every item with no more than the limit in flight', async () => {
    let inFlight = 0;
    let highest = 0;
    const done: number[] = [];
    await forEachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      inFlight += 1;
      highest = Math.max(highest, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5 * (item % 3)));
      inFlight -= 1;
      done.push(item);
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(highest).toBe(3);
  });

  it('resolves at once for no items', async () => {
    await expect(forEachLimited([], 4, async () => undefined)).resolves.toBeUndefined();
  });
});
