/**
 * Short cooldowns of single keys of multi-key channels (DESIGN.md §5.3), per instance: a key that
 * answered 429, 5xx or nothing is passed over while the channel's other keys can serve. Unlike a
 * channel's cooldown (channel-limits/cooldown-state.ts), the first failure counts: another key is
 * at hand, so there is no reason to insist on this one. Not shared across instances: each instance
 * finds out in one request, and a key's trouble (its own rate limit) is usually short.
 */
export const KEY_COOLDOWN_BASE_MS = 5_000;
export const KEY_COOLDOWN_MAX_MS = 60_000;
/** A key that has not failed for this long starts its next run from the base again. */
const KEY_STREAK_TTL_MS = 600_000;

interface KeyRun {
  streak: number;
  /** ms; the key is cooling until then. */
  until: number;
}

export class KeyCooldowns {
  private readonly runs = new Map<number, KeyRun>();

  /** The end of the key's cooldown (ms), or 0 when it is not cooling. */
  until(keyId: number, now: number): number {
    const run = this.runs.get(keyId);
    return run && run.until > now ? run.until : 0;
  }

  /**
   * One more failure: the cooldown doubles with each failure in a row, up to the maximum. A failure
   * while the key already cools (a request that started before) changes nothing, so that a burst
   * of parallel failures counts as one.
   */
  failed(keyId: number, now: number): void {
    const run = this.runs.get(keyId);
    if (run && run.until > now) return;
    const streak = run && now - run.until < KEY_STREAK_TTL_MS ? run.streak + 1 : 1;
    this.runs.set(keyId, { streak, until: now + Math.min(KEY_COOLDOWN_BASE_MS * 2 ** (streak - 1), KEY_COOLDOWN_MAX_MS) });
  }

  succeeded(keyId: number): void {
    this.runs.delete(keyId);
  }

  /** Forgets the keys the channel cache no longer lists (disabled or deleted). */
  keepOnly(listed: ReadonlySet<number>): void {
    for (const id of this.runs.keys()) if (!listed.has(id)) this.runs.delete(id);
  }
}
