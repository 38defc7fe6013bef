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
    }, { maxItems: 2 });
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

  it('with maxRunning, calls that come while runs are under way go together in the next run, started when one ends', async () => {
    const runs: number[][] = [];
    const ends: Array<() => void> = [];
    const batch = new MicroBatch<number, number>(
      (items) => {
        runs.push(items);
        return new Promise((resolve) => ends.push(() => resolve(items)));
      },
      { maxRunning: 1 },
    );
    const first = batch.add(1);
    await new Promise((done) => setImmediate(done));
    expect(runs).toEqual([[1]]);
    // Three later turns while the first run is under way: no run starts.
    const later: Array<Promise<number>> = [];
    for (const item of [2, 3, 4]) {
      later.push(batch.add(item));
      await new Promise((done) => setImmediate(done));
    }
    expect(runs).toEqual([[1]]);
    ends[0]();
    expect(await first).toBe(1);
    await new Promise((done) => setImmediate(done));
    expect(runs).toEqual([[1], [2, 3, 4]]);
    ends[1]();
    expect(await Promise.all(later)).toEqual([2, 3, 4]);
  });

  it('with maxRunning, a waiting backlog goes in runs of maxItems, never more runs at once than allowed', async () => {
    const runs: number[][] = [];
    let running = 0;
    let mostRunning = 0;
    const batch = new MicroBatch<number, number>(
      async (items) => {
        runs.push(items);
        running += 1;
        mostRunning = Math.max(mostRunning, running);
        await new Promise((done) => setImmediate(done));
        running -= 1;
        return items;
      },
      { maxItems: 2, maxRunning: 2 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5, 6, 7].map((item) => batch.add(item)))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(mostRunning).toBe(2);
    expect(runs).toEqual([[1, 2], [3, 4], [5, 6], [7]]);
  });

  it('with maxRunning, a failed run (its items tried alone) frees its place for the calls that waited', async () => {
    const runs: number[][] = [];
    const batch = new MicroBatch<number, number>(
      async (items) => {
        runs.push(items);
        await new Promise((done) => setImmediate(done));
        if (items.includes(2)) throw new Error('bad 2');
        return items;
      },
      { maxRunning: 1 },
    );
    const first = [batch.add(1), batch.add(2)];
    await new Promise((done) => setImmediate(done));
    const waited = batch.add(3);
    const results = await Promise.allSettled([...first, waited]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual([1, 'bad 2', 3]);
    expect(runs).toEqual([[1, 2], [1], [2], [3]]);
  });
});
