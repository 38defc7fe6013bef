interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export interface MicroBatchOptions {
  /** Items per run at most (default 500). */
  maxItems?: number;
  /**
   * Runs under way at most (default: no limit). While that many run, new calls wait and go
   * together in the next run as soon as one ends (group commit): a burst costs a few statements
   * however its calls are spread over turns of the event loop, and a lone call still waits for
   * nothing but the end of its turn.
   */
  maxRunning?: number;
}

/**
 * Calls that arrive in the same turn of the event loop (or, with maxRunning, while earlier runs
 * are under way), answered by one database statement. Each statement costs this process about a
 * quarter of a millisecond of CPU (most of it the socket write to PostgreSQL, docs/performance.md
 * "Compare chat"), whatever it carries; a hundred answers that start together then cost one
 * statement instead of a hundred. A lone call waits for nothing but the end of the current turn
 * (setImmediate).
 *
 * `run` answers the items in order, one result per item, in one statement (all or nothing). When
 * it throws for several items, each is tried again alone, so that one bad item (a row whose
 * conversation was just deleted, a deadlock with another instance) fails alone.
 */
export class MicroBatch<I, O> {
  private waiting: Array<Waiting<I, O>> = [];
  private scheduled = false;
  private running = 0;
  private readonly maxItems: number;
  private readonly maxRunning: number;

  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    options: MicroBatchOptions = {},
  ) {
    this.maxItems = options.maxItems ?? 500;
    this.maxRunning = options.maxRunning ?? Number.POSITIVE_INFINITY;
  }

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

  /** Starts runs of the waiting calls, as many as maxRunning allows; the end of a run starts the next. */
  private flush(): void {
    this.scheduled = false;
    while (this.waiting.length > 0 && this.running < this.maxRunning) {
      const batch = this.waiting.splice(0, this.maxItems);
      this.running += 1;
      void this.settle(batch, true).then(() => {
        this.running -= 1;
        this.flush();
      });
    }
  }

  /** Never rejects: every call of the batch is answered, with its result or its error. */
  private async settle(batch: Array<Waiting<I, O>>, retryAlone: boolean): Promise<void> {
    let results: O[];
    try {
      results = await this.run(batch.map((waiting) => waiting.item));
    } catch (error) {
      if (retryAlone && batch.length > 1) await Promise.all(batch.map((waiting) => this.settle([waiting], false)));
      else batch.forEach((waiting) => waiting.reject(error));
      return;
    }
    batch.forEach((waiting, index) => waiting.resolve(results[index]));
  }
}
