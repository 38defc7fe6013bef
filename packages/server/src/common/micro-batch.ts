interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Calls that arrive in the same turn of the event loop, answered by one database statement. Each
 * statement costs this process about a quarter of a millisecond of CPU (most of it the socket write
 * to PostgreSQL, docs/performance.md "Compare chat"), whatever it carries; a hundred answers that
 * start together then cost one statement instead of a hundred. A lone call waits for nothing but
 * the end of the current turn (setImmediate).
 *
 * `run` answers the items in order, one result per item, in one statement (all or nothing). When
 * it throws for several items, each is tried again alone, so that one bad item (a row whose
 * conversation was just deleted, a deadlock with another instance) fails alone.
 */
export class MicroBatch<I, O> {
  private waiting: Array<Waiting<I, O>> = [];
  private scheduled = false;

  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly maxItems = 500,
  ) {}

  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.waiting.length >= this.maxItems) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.waiting;
    if (batch.length === 0) return;
    this.waiting = [];
    this.settle(batch, true);
  }

  private settle(batch: Array<Waiting<I, O>>, retryAlone: boolean): void {
    this.run(batch.map((waiting) => waiting.item)).then(
      (results) => batch.forEach((waiting, index) => waiting.resolve(results[index])),
      (error: unknown) => {
        if (retryAlone && batch.length > 1) for (const waiting of batch) this.settle([waiting], false);
        else batch.forEach((waiting) => waiting.reject(error));
      },
    );
  }
}
