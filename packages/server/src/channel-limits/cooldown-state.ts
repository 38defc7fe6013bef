/**
 * A channel's run of failures (DESIGN.md §5.3): how many channel failures in a row, until when
 * (ms) it is cooled down, and why. A success ends the run.
 */
export interface CooldownState {
  streak: number;
  until: number;
  reason: string;
}

/** The third failure in a row cools a channel down for 5 s; each further one doubles that, to 5 min. */
export const COOLDOWN_AFTER = 3;
export const COOLDOWN_BASE_MS = 5_000;
export const COOLDOWN_MAX_MS = 300_000;
/** A run with no failure for this long is forgotten (Redis TTL, memory sweep). */
export const STREAK_TTL_MS = 600_000;

/** A reason as kept: short, for the channel list's tooltip. */
export const cooldownReason = (reason: string): string => reason.slice(0, 200);

/**
 * The state after one more failure. A failure while the channel is already cooling changes
 * nothing: it comes from a request that started before, from the same incident (so that a burst of
 * parallel failures does not jump to the longest cooldown at once), or from a last-resort try of a
 * cooling channel.
 */
export function afterFailure(state: CooldownState | undefined, now: number, reason: string): CooldownState {
  if (state && state.until > now) return state;
  const streak = (state?.streak ?? 0) + 1;
  const until = streak >= COOLDOWN_AFTER ? now + Math.min(COOLDOWN_BASE_MS * 2 ** (streak - COOLDOWN_AFTER), COOLDOWN_MAX_MS) : 0;
  return { streak, until, reason: cooldownReason(reason) };
}

/** The stored form, `streak:until:reason` (the Redis script reads and writes the same). */
export function encodeCooldown(state: CooldownState): string {
  return `${state.streak}:${state.until}:${state.reason}`;
}

export function decodeCooldown(text: string | null | undefined): CooldownState | undefined {
  const match = text ? /^(\d+):(\d+):([\s\S]*)$/.exec(text) : null;
  return match ? { streak: Number(match[1]), until: Number(match[2]), reason: match[3] } : undefined;
}

/** The in-memory form, for the embedded default (one process). */
export class CooldownBook {
  private readonly states = new Map<number, CooldownState & { at: number }>();

  get(channelId: number, now: number): CooldownState | undefined {
    const state = this.states.get(channelId);
    if (state && now - state.at > STREAK_TTL_MS && state.until <= now) {
      this.states.delete(channelId);
      return undefined;
    }
    return state;
  }

  fail(channelId: number, now: number, reason: string): CooldownState {
    const previous = this.get(channelId, now);
    const next = afterFailure(previous, now, reason);
    if (next !== previous) this.states.set(channelId, { ...next, at: now });
    return next;
  }

  /** Takes a state as another instance (or Redis) has it. */
  set(channelId: number, state: CooldownState, now: number): void {
    this.states.set(channelId, { ...state, at: now });
  }

  succeed(channelId: number): void {
    this.states.delete(channelId);
  }
}
