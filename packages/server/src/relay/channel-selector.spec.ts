import { describe, expect, it } from 'vitest';
import { type Candidate, chooseChannel, drawChannel } from './channel-selector';
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

describe(drawChannel.name, () => {
  const candidates = [candidate(1, 10, 1), candidate(2, 5, 1), candidate(3, 0, 1)];
  const idOf = (draw: ReturnType<typeof drawChannel>) => draw?.candidate.channel.id;

  it('passes over cooling channels, across tiers, and names them', () => {
    const draw = drawChannel(candidates, new Set(), new Map([[1, 9_000]]));
    expect(draw).toMatchObject({ via: 'weight', tier: { priority: 5, count: 1 }, weight: { own: 1, total: 1 }, cooling: [1] });
    expect(idOf(draw)).toBe(2);
    expect(idOf(drawChannel(candidates, new Set([2]), new Map([[1, 9_000]])))).toBe(3);
  });

  it('tries the channel whose cooldown ends first when every untried one is cooling', () => {
    const cooling = new Map([
      [1, 9_000],
      [2, 5_000],
      [3, 7_000],
    ]);
    const draw = drawChannel(candidates, new Set(), cooling);
    expect(draw).toMatchObject({ via: 'probe', tier: { priority: 5, count: 3 }, cooling: [1, 3] });
    expect(idOf(draw)).toBe(2);
    expect(idOf(drawChannel(candidates, new Set([2]), cooling))).toBe(3);
    expect(drawChannel(candidates, new Set([1, 2, 3]), cooling)).toBeUndefined();
  });

  it('says the weight of the drawn channel and the total of its tier', () => {
    const tier = [candidate(4, 1, 1), candidate(5, 1, 3), candidate(6, 0, 9)];
    expect(drawChannel(tier, new Set(), new Map(), undefined, () => 0.9)).toMatchObject({ via: 'weight', tier: { priority: 1, count: 2 }, weight: { own: 3, total: 4 }, cooling: [] });
    expect(idOf(drawChannel(tier, new Set(), new Map(), undefined, () => 0.9))).toBe(5);
  });

  describe('with a bound channel (sticky routing)', () => {
    const equal = [candidate(1, 10, 1), candidate(2, 10, 1), candidate(3, 0, 1)];

    it('takes the bound channel whatever the draw would give', () => {
      for (const random of [() => 0, () => 0.99]) {
        const draw = drawChannel(equal, new Set(), new Map(), 2, random);
        expect(draw).toMatchObject({ via: 'affinity', tier: { priority: 10, count: 2 } });
        expect(draw?.weight).toBeUndefined();
        expect(idOf(draw)).toBe(2);
      }
    });

    it('never takes a cooling, tried or lower-tier bound channel', () => {
      expect(drawChannel(equal, new Set(), new Map([[2, 9_000]]), 2)).toMatchObject({ via: 'weight', candidate: { channel: { id: 1 } }, cooling: [2] });
      expect(drawChannel(equal, new Set([2]), new Map(), 2)).toMatchObject({ via: 'weight', candidate: { channel: { id: 1 } } });
      expect(drawChannel(equal, new Set(), new Map(), 3, () => 0)).toMatchObject({ via: 'weight', candidate: { channel: { id: 1 } } });
      expect(drawChannel(equal, new Set(), new Map(), 99, () => 0)).toMatchObject({ via: 'weight' });
    });

    it('does not probe a cooling bound channel before the one whose cooldown ends first', () => {
      const cooling = new Map([
        [1, 5_000],
        [2, 9_000],
        [3, 9_000],
      ]);
      expect(drawChannel(equal, new Set(), cooling, 2)).toMatchObject({ via: 'probe', candidate: { channel: { id: 1 } } });
    });
  });
});
