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
  draw: { mode: 'random'; random: () => number } | { mode: 'polling'; turn: () => Promise<number> },
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
  return draw.turn().then((turn) => {
    const start = (((turn - 1) % keys.length) + keys.length) % keys.length;
    for (let step = 0; step < keys.length; step++) {
      const key = keys[(start + step) % keys.length];
      if (readySet.has(key)) return key;
    }
    return ready[0];
  });
}

/**
 * Chooses keys and remembers, on this instance, which keys are dead (until the channel cache
 * reloads without them: the gateway disabled them) and which cool down. The polling turn is
 * counted in Redis (one INCR per choice) so that every instance shares one rotation; without
 * Redis, or while it is unreachable, in memory: a counter is never worth a failed request.
 */
@Injectable()
export class KeySelector {
  private readonly dead = new Set<number>();
  private readonly cooldowns = new KeyCooldowns();
  private readonly turns = new Map<number, number>();

  constructor(private readonly redis: RedisService) {}

  /** A key of the channel not in `tried`, or undefined when none is left to try. */
  async pick(channel: RelayChannel, tried: ReadonlySet<number>, random: () => number = Math.random): Promise<RelayKey | undefined> {
    const now = Date.now();
    return chooseKey(
      channel.keys,
      (key) => !tried.has(key.id) && !this.dead.has(key.id),
      (key) => this.cooldowns.until(key.id, now),
      channel.multiKeyMode === 'polling' ? { mode: 'polling', turn: () => this.turn(channel.id) } : { mode: 'random', random },
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

  private turn(channelId: number): Promise<number> {
    return this.redis.orMemory(
      (client) => client.incr(`${this.redis.prefix}:chkey:${channelId}`),
      () => {
        const next = (this.turns.get(channelId) ?? 0) + 1;
        this.turns.set(channelId, next);
        return next;
      },
    );
  }
}
