/**
 * Writes that many callers make at once, gathered per run: the first caller's write goes at once;
 * callers that arrive while a write of their run is in flight wait and go together in the next
 * one. One statement and one commit (one WAL flush) then serve many answers of a busy run, while
 * a quiet run's answer waits for nothing. Each caller learns whether its own item was written.
 */
export class BatchedWrites<T> {
  private readonly queues = new Map<number, { waiting: Array<Waiting<T>>; writing: boolean }>();

  /**
   * `write` writes a batch of one run and answers the keys it wrote; `keyOf` names an item, and a
   * batch holds each key once (a second item of the same key waits for the next write).
   */
  constructor(
    private readonly write: (runId: number, batch: T[]) => Promise<Set<string>>,
    private readonly keyOf: (item: T) => string,
    private readonly maxBatch: number,
  ) {}

  /** True when `item` was written, false when its write found nothing to write (not pending); rejects when its batch failed. */
  add(runId: number, item: T): Promise<boolean> {
    return new Promise((done, fail) => {
      let queue = this.queues.get(runId);
      if (!queue) {
        queue = { waiting: [], writing: false };
        this.queues.set(runId, queue);
      }
      queue.waiting.push({ item, done, fail });
      if (!queue.writing) void this.drain(runId, queue);
    });
  }

  private async drain(runId: number, queue: { waiting: Array<Waiting<T>>; writing: boolean }): Promise<void> {
    queue.writing = true;
    try {
      while (queue.waiting.length > 0) {
        const batch = this.take(queue.waiting);
        try {
          const written = await this.write(
            runId,
            batch.map((waiting) => waiting.item),
          );
          for (const waiting of batch) waiting.done(written.has(this.keyOf(waiting.item)));
        } catch (error) {
          for (const waiting of batch) waiting.fail(error);
        }
      }
    } finally {
      queue.writing = false;
      if (queue.waiting.length === 0) this.queues.delete(runId);
    }
  }

  /** The next batch off `waiting`: up to maxBatch items, each key once. */
  private take(waiting: Array<Waiting<T>>): Array<Waiting<T>> {
    const batch: Array<Waiting<T>> = [];
    const keys = new Set<string>();
    for (let at = 0; at < waiting.length && batch.length < this.maxBatch; ) {
      const key = this.keyOf(waiting[at].item);
      if (keys.has(key)) {
        at += 1;
        continue;
      }
      keys.add(key);
      batch.push(...waiting.splice(at, 1));
    }
    return batch;
  }
}

interface Waiting<T> {
  item: T;
  done: (written: boolean) => void;
  fail: (error: unknown) => void;
}
