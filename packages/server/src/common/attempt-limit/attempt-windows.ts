/** Past this many keys, windows that ended are swept out, so that memory stays bounded. */
const SWEEP_ABOVE = 10_000;

/**
 * The in-memory form of an attempt limit (AttemptLimiter), for the embedded default (one
 * process): per key (a user, an account name), the attempts counted in a fixed window that opens
 * with the first of them, as the Redis script keeps them.
 */
export class AttemptWindows {
  private readonly windows = new Map<string | number, { count: number; endsAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts an attempt, or answers false (counting nothing) when the key has used up the window. */
  take(key: string | number, now: number): boolean {
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      if (this.windows.size >= SWEEP_ABOVE) this.sweep(now);
      window = { count: 0, endsAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    if (window.count >= this.limit) return false;
    window.count += 1;
    return true;
  }

  /** Uncounts an attempt that turned out not to be a failure. */
  giveBack(key: string | number, now: number): void {
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now) return;
    window.count -= 1;
    if (window.count <= 0) this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}
