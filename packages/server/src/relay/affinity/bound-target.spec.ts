import { describe, expect, it } from 'vitest';
import type { Candidate } from '../channel-selector';
import type { RelayChannel, RelayKey } from '../relay-context';
import { boundTarget } from './bound-target';

const keyA: RelayKey = { id: 11, key: 'sk-a', masked: 'sk…a' };
const keyB: RelayKey = { id: 12, key: 'sk-b', masked: 'sk…b' };
const channel = (id: number, keys: RelayKey[] = []): Candidate => ({
  channel: { id, multiKeyMode: keys.length > 0 ? 'random' : '', keys } as unknown as RelayChannel,
  priority: 0,
  weight: 1,
});
const candidates = [channel(1), channel(2, [keyA, keyB])];
const states = (cooling: number[] = [], dead: number[] = []) => (target: RelayChannel, keyId: number) => {
  const key = target.keys.find((candidate) => candidate.id === keyId);
  if (!key || dead.includes(keyId)) return undefined;
  return cooling.includes(keyId) ? ('cooling' as const) : key;
};

describe(boundTarget.name, () => {
  it('sends a single-key binding to its channel while the channel is a candidate', () => {
    expect(boundTarget({ channelId: 1, keyId: 0, boundAt: 0 }, candidates, states())).toEqual({ channelId: 1 });
    expect(boundTarget({ channelId: 9, keyId: 0, boundAt: 0 }, candidates, states())).toBe('gone');
  });

  it('sends a multi-key binding to its key while the key is ready', () => {
    expect(boundTarget({ channelId: 2, keyId: 12, boundAt: 0 }, candidates, states())).toEqual({ channelId: 2, key: keyB });
  });

  it('waits out a cooling key, and gives up a dead or unlisted one', () => {
    expect(boundTarget({ channelId: 2, keyId: 12, boundAt: 0 }, candidates, states([12]))).toBe('waiting');
    expect(boundTarget({ channelId: 2, keyId: 12, boundAt: 0 }, candidates, states([], [12]))).toBe('gone');
    expect(boundTarget({ channelId: 2, keyId: 13, boundAt: 0 }, candidates, states())).toBe('gone');
  });

  it('gives up a binding made before the channel switched between one and several keys', () => {
    expect(boundTarget({ channelId: 2, keyId: 0, boundAt: 0 }, candidates, states())).toBe('gone');
    expect(boundTarget({ channelId: 1, keyId: 11, boundAt: 0 }, candidates, states())).toBe('gone');
  });
});
