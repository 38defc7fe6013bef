import { describe, expect, it } from 'vitest';
import { KEY_COOLDOWN_BASE_MS, KEY_COOLDOWN_MAX_MS, KeyCooldowns } from './key-cooldowns';
import { chooseKey } from './key-selector';
import type { RelayKey } from './relay-context';

const keys: RelayKey[] = [1, 2, 3, 4].map((id) => ({ id, key: `sk-key-${id}`, masked: `sk…${id}` }));
const all = () => true;
const notCooling = () => 0;
const polling = (turn: number) => ({ mode: 'polling' as const, turn: async () => turn });

describe(chooseKey.name, () => {
  const sut = chooseKey;

  it('polling: the turn picks the key at its place in the channel list, wrapping around', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(async (turn) => (await sut(keys, all, notCooling, polling(turn)))?.id));
    expect(ids).toEqual([1, 2, 3, 4, 1]);
  });

  it('polling: a key passed over gives its turn to the next ready key, the order of the others unchanged', async () => {
    const usable = (key: RelayKey) => key.id !== 2;
    const ids = await Promise.all([1, 2, 3, 4].map(async (turn) => (await sut(keys, usable, notCooling, polling(turn)))?.id));
    expect(ids).toEqual([1, 3, 3, 4]);
  });

  it('random: draws uniformly among the ready keys only', async () => {
    const cooling = (key: RelayKey) => (key.id === 1 ? 1000 : 0);
    const draws = [0, 0.34, 0.67, 0.99].map((point) => sut(keys, all, cooling, { mode: 'random', random: () => point }) as RelayKey);
    expect(draws.map((key) => key.id)).toEqual([2, 3, 4, 4]);
  });

  it('takes the key whose cooldown ends first when every usable key cools', async () => {
    const cooling = (key: RelayKey) => [0, 500, 300, 900, 100][key.id];
    const usable = (key: RelayKey) => key.id !== 4;
    // Key 4 would end first, but this request tried it already.
    expect((await sut(keys, usable, cooling, polling(1)))?.id).toBe(2);
  });

  it('answers none when every key was tried or is dead, without asking for a turn', async () => {
    let asked = false;
    const choice = await sut(keys, () => false, notCooling, {
      mode: 'polling',
      turn: async () => {
        asked = true;
        return 1;
      },
    });
    expect(choice).toBeUndefined();
    expect(asked).toBe(false);
  });
});

describe(KeyCooldowns.name, () => {
  it('cools a key at its first failure, doubling with each failure in a row up to the maximum, and a success ends it', () => {
    const sut = new KeyCooldowns();
    sut.failed(7, 0);
    expect(sut.until(7, 0)).toBe(KEY_COOLDOWN_BASE_MS);
    // A failure while it cools (a request that started before) changes nothing.
    sut.failed(7, 10);
    expect(sut.until(7, 10)).toBe(KEY_COOLDOWN_BASE_MS);
    let now = KEY_COOLDOWN_BASE_MS;
    for (let i = 0; i < 6; i++) {
      sut.failed(7, now);
      now = sut.until(7, now);
    }
    sut.failed(7, now);
    expect(sut.until(7, now) - now).toBe(KEY_COOLDOWN_MAX_MS);
    sut.succeeded(7);
    expect(sut.until(7, now)).toBe(0);
  });

  it('forgets the keys the channel cache no longer lists', () => {
    const sut = new KeyCooldowns();
    sut.failed(1, 0);
    sut.failed(2, 0);
    sut.keepOnly(new Set([2]));
    expect([sut.until(1, 0), sut.until(2, 0)]).toEqual([0, KEY_COOLDOWN_BASE_MS]);
  });
});
