/**
 * The concurrency of a run's queue: at most `calls` items wait for the upstream at once, and at most
 * `total` are in flight at all. An item whose upstream has answered calls `answered()` and gives its
 * call slot to the next while its record and settlement finish (a commit or two), so the upstream
 * slots do not sit idle behind the database; `total` keeps that bookkeeping from piling up.
 */
export class CallSlots {
  private readonly calling = new Set<Promise<void>>();
  private readonly inFlight = new Set<Promise<void>>();
  /** The first failure of an item's work, thrown by the next `start` or `idle` (never left unhandled). */
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly calls: number,
    private readonly total: number,
  ) {}

  /**
   * Starts `work` and resolves once the next item may start. A failure of an item's work rejects
   * the next `start` after it, or `idle`.
   */
  async start(work: (answered: () => void) => Promise<void>): Promise<void> {
    let answered!: () => void;
    const call = new Promise<void>((resolve) => (answered = resolve));
    this.calling.add(call);
    // Registered before any race below, so the slot is free by the time a race wakes up.
    void call.then(() => this.calling.delete(call));
    const task = work(answered)
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => {
        answered();
        this.inFlight.delete(task);
      });
    this.inFlight.add(task);
    while (this.calling.size >= this.calls || this.inFlight.size >= this.total) await Promise.race([...this.calling, ...this.inFlight]);
    this.throwFailure();
  }

  /** Every started item has finished. */
  async idle(): Promise<void> {
    await Promise.all(this.inFlight);
    this.throwFailure();
  }

  private throwFailure(): void {
    if (this.failure) throw this.failure.error;
  }
}
