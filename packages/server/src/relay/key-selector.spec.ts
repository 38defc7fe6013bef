import { describe, expect, it } from 'vitest';
import { noRedis, sharedRedis } from '../../test/shared-redis';
import { KEY_COOLDOWN_BASE_MS, KEY_COOLDOWN_MAX_MS, KeyCooldowns } from './key-cooldowns';
import { chooseKey, KeySelector, leaseSize } from './key-selector';
import type { RelayChannel, RelayKey } from './relay-context';

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

describe(`${KeySelector.name}: polling turns leased in blocks`, () => {
  // Two instances sharing one Redis prefix.
  const { prefix, services: redis } = sharedRedis('keysel');
  const five: RelayKey[] = [1, 2, 3, 4, 5].map((id) => ({ id, key: `sk-five-${id}`, masked: `sk…${id}` }));
  const pollingChannel = (id: number) => ({ id, multiKeyMode: 'polling', keys: five }) as unknown as RelayChannel;
  const counter = (channelId: number) => redis[0].client.get(`${prefix}:chkey:${channelId}`).then(Number);
  const none = new Set<number>();

  it('asks Redis once per block; each instance takes the keys strictly in turn, and every key gets the same share', async () => {
    const size = leaseSize(five.length);
    expect(size % five.length).toBe(0);
    const [a, b] = redis.map((service) => new KeySelector(service));
    const channel = pollingChannel(901);
    const picked: Record<'a' | 'b', number[]> = { a: [], b: [] };
    for (let i = 0; i < size; i++) {
      picked.a.push((await a.pick(channel, none))!.id);
      picked.b.push((await b.pick(channel, none))!.id);
    }
    // One INCRBY of a block each, from the counter they share: the blocks do not overlap.
    expect(await counter(901)).toBe(2 * size);
    const rounds = Array.from({ length: size }, (_, i) => five[i % five.length].id);
    expect(picked.a).toEqual(rounds);
    expect(picked.b).toEqual(rounds);
    await a.pick(channel, none);
    expect(await counter(901)).toBe(3 * size);
  });

  it('lets the requests that find the block spent wait for one lease, and leases again when they outnumber it', async () => {
    const size = leaseSize(five.length);
    const sut = new KeySelector(redis[0]);
    const picks = await Promise.all(Array.from({ length: size + 5 }, () => sut.pick(pollingChannel(902), none)));
    expect(await counter(902)).toBe(2 * size);
    // The first block once round, and the five late requests one turn each from the second.
    const shares = five.map((key) => picks.filter((pick) => pick === key).length);
    expect(shares).toEqual(Array(5).fill(size / five.length + 1));
  });

  it('counts in memory without Redis, in the same blocks', async () => {
    const sut = new KeySelector(noRedis());
    const ids = [];
    for (let i = 0; i < 7; i++) ids.push((await sut.pick(pollingChannel(903), none))!.id);
    expect(ids).toEqual([1, 2, 3, 4, 5, 1, 2]);
  });
});

describe(`${KeySelector.name}.keyed`, () => {
  it('makes the copy of a channel carrying a key once per cached channel object and key', () => {
    const sut = new KeySelector(noRedis());
    const channel = { id: 4, name: 'many', key: keys[0].key, multiKeyMode: 'polling', keys } as unknown as RelayChannel;
    const copy = sut.keyed(channel, keys[2]);
    expect(copy).toMatchObject({ id: 4, name: 'many', key: 'sk-key-3', keyId: 3 });
    expect(channel.key).toBe('sk-key-1');
    expect(sut.keyed(channel, keys[2])).toBe(copy);
    expect(sut.keyed(channel, keys[1])).toMatchObject({ key: 'sk-key-2', keyId: 2 });
    // A cache reload brings a new channel object (perhaps changed): its own copies.
    const reloaded = { ...channel, name: 'renamed' };
    expect(sut.keyed(reloaded, keys[2])).toMatchObject({ name: 'renamed', key: 'sk-key-3' });
  });
});
