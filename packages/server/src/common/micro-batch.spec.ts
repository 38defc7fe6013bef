import { describe, expect, it } from 'vitest';
import { MicroBatch } from './micro-batch';

describe('MicroBatch', () => {
  it('answers the calls of one turn with one run, each with its own result, in order', async () => {
    const runs: number[][] = [];
    const batch = new MicroBatch<number, string>(async (items) => {
      runs.push(items);
      return items.map((item) => `#${item}`);
    });
    const first = await Promise.all([batch.add(1), batch.add(2), batch.add(3)]);
    const later = await batch.add(4);
    expect(first).toEqual(['#1', '#2', '#3']);
    expect(later).toBe('#4');
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it('runs a full batch at once and the rest of the turn in the next one', async () => {
    const runs: number[][] = [];
    const batch = new MicroBatch<number, number>(async (items) => {
      runs.push(items);
      return items;
    }, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((item) => batch.add(item)))).toEqual([1, 2, 3, 4, 5]);
    expect(runs).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('tries each item of a failed batch alone: only the bad one fails, with its error', async () => {
    const runs: number[][] = [];
    const batch = new MicroBatch<number, number>(async (items) => {
      runs.push(items);
      if (items.includes(2)) throw new Error(`bad ${items.join(',')}`);
      return items.map((item) => item * 10);
    });
    const results = await Promise.allSettled([batch.add(1), batch.add(2), batch.add(3)]);
    expect(results.map((result) => (result.status === 'rejected' ? (result.reason as Error).message : result.value))).toEqual([10, 'bad 2', 30]);
    expect(runs).toEqual([[1, 2, 3], [1], [2], [3]]);
    expect(await batch.add(4)).toBe(40);
  });
});
