/**
 * Rows bound for one JSON parameter of a batch statement (json_populate_recordset,
 * gw_commit_billing), each stringified when it is added. A batch of a thousand log rows
 * stringified at once held the event loop for milliseconds twice a second, which is the p99 of
 * every request arriving meanwhile; a row at a time costs the same in total, spread over the
 * requests, and the batch is then a join (docs/performance.md "Relay tail latency at a fixed rate").
 */
export class JsonRows {
  private parts: string[] = [];

  get length(): number {
    return this.parts.length;
  }

  add(row: object): void {
    this.parts.push(JSON.stringify(row));
  }

  /** The rows as one JSON array text, `count` at most from the start (all by default), taken out. */
  take(count = this.parts.length): string {
    const taken = count >= this.parts.length ? this.parts : this.parts.slice(0, count);
    this.parts = count >= this.parts.length ? [] : this.parts.slice(count);
    return `[${taken.join(',')}]`;
  }
}
