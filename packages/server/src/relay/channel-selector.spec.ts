import { describe, expect, it } from 'vitest';
import { type Candidate, chooseChannel, chooseReadyChannel } from './channel-selector';
import type { RelayChannel } from './relay-context';

const candidate = (id: number, priority: number, weight: number): Candidate => ({
  channel: { id } as RelayChannel,
  priority,
  weight,
});

describe(chooseChannel.name, () => {
  const candidates = [candidate(1, 10, 1), candidate(2, 10, 3), candidate(3, 5, 1), candidate(4, 0, 1)];

  it('picks inside the highest tier in proportion to weight', () => {
    const counts = new Map<number, number>();
    let seed = 0;
    const random = () => ((seed = (seed * 9301 + 49297) % 233280) / 233280);
    for (let i = 0; i < 4000; i++) {
      const id = chooseChannel(candidates, new Set(), random)!.channel.id;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect(counts.get(3)).toBeUndefined();
    expect(counts.get(2)! / counts.get(1)!).toBeGreaterThan(2.5);
    expect(counts.get(2)! / counts.get(1)!).toBeLessThan(3.5);
  });

  it('falls to the next tier once every channel of a tier was tried', () => {
    expect(chooseChannel(candidates, new Set([1]), () => 0.99)!.channel.id).toBe(2);
    expect(chooseChannel(candidates, new Set([1, 2]))!.channel.id).toBe(3);
    expect(chooseChannel(candidates, new Set([1, 2, 3]))!.channel.id).toBe(4);
    expect(chooseChannel(candidates, new Set([1, 2, 3, 4]))).toBeUndefined();
  });

  it('gives weight-0 channels a share', () => {
    const zero = [candidate(7, 1, 0), candidate(8, 1, 0)];
    expect(chooseChannel(zero, new Set(), () => 0.2)!.channel.id).toBe(7);
    expect(chooseChannel(zero, new Set(), () => 0.8)!.channel.id).toBe(8);
  });
});

describe(chooseReadyChannel.name, () => {
  const candidates = [candidate(1, 10, 1), candidate(2, 5, 1), candidate(3, 0, 1)];

  it('passes over cooling channels, across tiers', () => {
    expect(chooseReadyChannel(candidates, new Set(), new Map([[1, 9_000]]))!.channel.id).toBe(2);
    expect(chooseReadyChannel(candidates, new Set([2]), new Map([[1, 9_000]]))!.channel.id).toBe(3);
  });

  it('tries the channel whose cooldown ends first when every untried one is cooling', () => {
    const cooling = new Map([
      [1, 9_000],
      [2, 5_000],
      [3, 7_000],
    ]);
    expect(chooseReadyChannel(candidates, new Set(), cooling)!.channel.id).toBe(2);
    expect(chooseReadyChannel(candidates, new Set([2]), cooling)!.channel.id).toBe(3);
    expect(chooseReadyChannel(candidates, new Set([1, 2, 3]), cooling)).toBeUndefined();
  });
});
