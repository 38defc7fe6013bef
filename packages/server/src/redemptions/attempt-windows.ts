/** Past this many users, windows that ended are swept out, so that memory stays bounded. */
const SWEEP_ABOVE = 10_000;

/**
 * The in-memory form of the redemption attempt limit, for the embedded default (one process): per
 * user, the attempts counted in a fixed window that opens with the first of them, as the Redis
 * script keeps them.
 */
export class AttemptWindows {
  private readonly windows = new Map<number, { count: number; endsAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts an attempt, or answers false (counting nothing) when the user has used up the window. */
  take(userId: number, now: number): boolean {
    let window = this.windows.get(userId);
    if (!window || window.endsAt <= now) {
      if (this.windows.size >= SWEEP_ABOVE) this.sweep(now);
      window = { count: 0, endsAt: now + this.windowMs };
      this.windows.set(userId, window);
    }
    if (window.count >= this.limit) return false;
    window.count += 1;
    return true;
  }

  /** Uncounts an attempt that turned out not to be a failure. */
  giveBack(userId: number, now: number): void {
    const window = this.windows.get(userId);
    if (!window || window.endsAt <= now) return;
    window.count -= 1;
    if (window.count <= 0) this.windows.delete(userId);
  }

  private sweep(now: number): void {
    for (const [userId, window] of this.windows) if (window.endsAt <= now) this.windows.delete(userId);
  }
}
