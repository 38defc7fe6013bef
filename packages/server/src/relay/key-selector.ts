import { Injectable } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';
import { KeyCooldowns } from './key-cooldowns';
import type { RelayChannel, RelayKey } from './relay-context';

/**
 * The key of a multi-key channel for one attempt (DESIGN.md §5.8: the key is the unit). Among the
 * keys this request has not tried and this instance has not found dead, the ones not cooling come
 * first: 'random' draws one uniformly, 'polling' takes them in turn. When every such key cools, the
 * one whose cooldown ends first is tried rather than failing the channel (that try is the probe).
 */
export function chooseKey(
  keys: readonly RelayKey[],
  usable: (key: RelayKey) => boolean,
  coolingUntil: (key: RelayKey) => number,
  draw: { mode: 'random'; random: () => number } | { mode: 'polling'; turn: () => number | Promise<number> },
): RelayKey | undefined | Promise<RelayKey | undefined> {
  const candidates = keys.filter(usable);
  if (candidates.length === 0) return undefined;
  const ready = candidates.filter((key) => coolingUntil(key) === 0);
  if (ready.length === 0) return candidates.reduce((soonest, key) => (coolingUntil(key) < coolingUntil(soonest) ? key : soonest));
  if (ready.length === 1) return ready[0];
  if (draw.mode === 'random') return ready[Math.floor(draw.random() * ready.length)];
  // The turn walks the channel's whole key list, so that the order stays the same while keys are
  // passed over: the next ready key at or after the turn's place.
  const readySet = new Set(ready);
  const at = (turn: number) => {
    const start = (((turn - 1) % keys.length) + keys.length) % keys.length;
    for (let step = 0; step < keys.length; step++) {
      const key = keys[(start + step) % keys.length];
      if (readySet.has(key)) return key;
    }
    return ready[0];
  };
  // A turn from the instance's leased block comes at once; only a new lease is waited for.
  const turn = draw.turn();
  return typeof turn === 'number' ? at(turn) : turn.then(at);
}

/** About how many polling turns an instance leases from Redis at once (leaseSize rounds it up). */
export const POLLING_LEASE_TURNS = 100;

/**
 * The turns of one lease for a channel of `keyCount` keys: POLLING_LEASE_TURNS rounded up to whole
 * rounds of the keys (at least one), so that each key gets the same share of every block.
 */
export const leaseSize = (keyCount: number): number => Math.max(1, keyCount) * Math.max(1, Math.ceil(POLLING_LEASE_TURNS / Math.max(1, keyCount)));

/** A leased block of polling turns: the next to hand out and the block's last. */
interface Lease {
  next: number;
  last: number;
}

/**
 * Chooses keys and remembers, on this instance, which keys are dead (until the channel cache
 * reloads without them: the gateway disabled them) and which cool down. Polling turns come from
 * one counter per channel in Redis, shared by every instance, leased in blocks (`INCRBY` of
 * leaseSize turns): an instance hands its block out in order, then leases the next, so Redis is
 * asked once per block rather than once per request (a command per request was the largest cost of
 * a polling channel in the bench's CPU profile, docs/performance.md 2026-12-01). Each block is
 * whole rounds of the keys, so the keys' shares stay equal across instances; the order is strict
 * within an instance, not across them. Without Redis, or while it is unreachable, the counter is
 * in memory: a counter is never worth a failed request.
 */
@Injectable()
export class KeySelector {
  private readonly dead = new Set<number>();
  private readonly cooldowns = new KeyCooldowns();
  /** The in-memory counters (no Redis): the last turn leased per channel. */
  private readonly turns = new Map<number, number>();
  private readonly leases = new Map<number, Lease>();
  /** keyed()'s copies, per cached channel object and key id. */
  private readonly copies = new WeakMap<RelayChannel, Map<number, RelayChannel>>();
  /** A lease under way per channel: the requests that find the block spent meanwhile wait for it together. */
  private readonly leasing = new Map<number, Promise<void>>();

  constructor(private readonly redis: RedisService) {}

  /** A key of the channel not in `tried`, or undefined when none is left to try. */
  async pick(channel: RelayChannel, tried: ReadonlySet<number>, random: () => number = Math.random): Promise<RelayKey | undefined> {
    const now = Date.now();
    return chooseKey(
      channel.keys,
      (key) => !tried.has(key.id) && !this.dead.has(key.id),
      (key) => this.cooldowns.until(key.id, now),
      channel.multiKeyMode === 'polling' ? { mode: 'polling', turn: () => this.turn(channel) } : { mode: 'random', random },
    );
  }

  /**
   * A key a session is bound to (DESIGN.md §5.9): the key when this instance would use it now,
   * 'cooling' while it only cools down, undefined when it is gone (no longer listed: disabled or
   * deleted; or found dead here).
   */
  boundKey(channel: RelayChannel, keyId: number): RelayKey | 'cooling' | undefined {
    const key = channel.keys.find((candidate) => candidate.id === keyId);
    if (!key || this.dead.has(key.id)) return undefined;
    return this.cooldowns.until(key.id, Date.now()) > 0 ? 'cooling' : key;
  }

  /**
   * The channel as an attempt with `key` sends it (adaptors read `key`; `keyId` says which). Made
   * once per cached channel object and key rather than copied for every attempt. Nothing writes to
   * it; a cache reload brings new channel objects, and the old copies go with them (WeakMap).
   */
  keyed(channel: RelayChannel, key: RelayKey): RelayChannel {
    let copies = this.copies.get(channel);
    if (!copies) {
      copies = new Map();
      this.copies.set(channel, copies);
    }
    let copy = copies.get(key.id);
    if (!copy) {
      copy = { ...channel, key: key.key, keyId: key.id };
      copies.set(key.id, copy);
    }
    return copy;
  }

  /** The key answered as a dead key would: this instance stops using it at once. */
  markDead(keyId: number): void {
    this.dead.add(keyId);
  }

  /** The gateway could not record the key as disabled: other requests may try it (and disable it) again. */
  forgetDead(keyId: number): void {
    this.dead.delete(keyId);
  }

  /** 429, 5xx or no answer: the channel's other keys first for a while. */
  cool(keyId: number): void {
    this.cooldowns.failed(keyId, Date.now());
  }

  succeeded(keyId: number): void {
    this.cooldowns.succeeded(keyId);
  }

  /**
   * The channel cache loaded these enabled keys. A dead key it no longer lists was disabled: its
   * mark is dropped, so that it serves again if an administrator enables it. One it still lists
   * (a load that began before the disable) stays marked until a load without it.
   */
  listed(keyIds: ReadonlySet<number>): void {
    for (const id of this.dead) if (!keyIds.has(id)) this.dead.delete(id);
    this.cooldowns.keepOnly(keyIds);
  }

  /** The channel's next polling turn: from this instance's block, or (the block spent) after leasing the next. */
  private turn(channel: RelayChannel): number | Promise<number> {
    const lease = this.leases.get(channel.id);
    if (lease && lease.next <= lease.last) return lease.next++;
    let leasing = this.leasing.get(channel.id);
    if (!leasing) {
      const size = leaseSize(channel.keys.length);
      leasing = this.lease(channel.id, size).then((last) => {
        this.leasing.delete(channel.id);
        this.leases.set(channel.id, { next: last - size + 1, last });
      });
      this.leasing.set(channel.id, leasing);
    }
    // Requests waiting for one lease may outnumber its turns: the late ones lease the next block.
    return leasing.then(() => this.turn(channel));
  }

  /** Reserves `size` turns of the channel's shared counter; answers the last of them. */
  private lease(channelId: number, size: number): Promise<number> {
    return this.redis.orMemory(
      (client) => client.incrby(`${this.redis.prefix}:chkey:${channelId}`, size),
      () => {
        const last = (this.turns.get(channelId) ?? 0) + size;
        this.turns.set(channelId, last);
        return last;
      },
    );
  }
}
