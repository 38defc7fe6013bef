/** The byte that separates bodies in a batch: JSON.stringify never emits a raw newline (control characters are escaped). */
const SEPARATOR = 0x0a;

/**
 * The bodies of one batch, written as UTF-8 into a reused buffer, newline-separated, as they are
 * checked. The strings die at once (young, cheap to collect) instead of living until the insert,
 * and no batch-sized string is ever built: V8 keeps such strings in its large-object space until a
 * full collection, which made the server's memory climb by hundreds of MB on a large import.
 */
export class BodyBatch {
  private buffer = Buffer.allocUnsafe(1024 * 1024);
  private used = 0;
  /** Records in the batch. */
  rows = 0;
  /** Bytes of the bodies, separators not counted (the dataset's data_size). */
  bytes = 0;

  add(body: string, bytes: number): void {
    const needed = this.used + bytes + 1;
    if (needed > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.buffer.length * 2));
      this.buffer.copy(grown, 0, 0, this.used);
      this.buffer = grown;
    }
    if (this.rows > 0) this.buffer[this.used++] = SEPARATOR;
    this.used += this.buffer.write(body, this.used);
    this.rows += 1;
    this.bytes += bytes;
  }

  /** The batch's bytes; valid until the next reset. */
  contents(): Buffer {
    return this.buffer.subarray(0, this.used);
  }

  reset(): void {
    this.used = 0;
    this.rows = 0;
    this.bytes = 0;
  }
}
