import { DAY_BUCKET_MS, DAY_BUCKETS, MINUTE_BUCKET_MS, MINUTE_BUCKETS, type RequestUsage } from './request-limits';

/**
 * The in-memory form of the sliding windows, for the embedded default (one process): per channel,
 * request and token counts in time buckets; a window is the sum of its recent buckets.
 */
export class WindowCounters {
  /** channel → bucket field ("mr12345", "dt678"…) → count, as the Redis script keeps them. */
  private readonly channels = new Map<number, Map<string, number>>();

  usage(channelId: number, now: number): RequestUsage {
    const buckets = this.channels.get(channelId);
    const usage = { rpm: 0, rpd: 0, tpm: 0, tpd: 0 };
    if (!buckets) return usage;
    const minute = Math.floor(now / MINUTE_BUCKET_MS);
    const day = Math.floor(now / DAY_BUCKET_MS);
    for (const [field, count] of buckets) {
      const bucket = Number(field.slice(2));
      const inMinute = field[0] === 'm' && bucket > minute - MINUTE_BUCKETS;
      const inDay = field[0] === 'd' && bucket > day - DAY_BUCKETS;
      if (!inMinute && !inDay) buckets.delete(field);
      else if (field === `mr${bucket}`) usage.rpm += count;
      else if (field === `mt${bucket}`) usage.tpm += count / 1000;
      else if (field === `dr${bucket}`) usage.rpd += count;
      else usage.tpd += count / 1000;
    }
    return usage;
  }

  add(channelId: number, now: number, requests: number, tokens: number): void {
    let buckets = this.channels.get(channelId);
    if (!buckets) {
      buckets = new Map();
      this.channels.set(channelId, buckets);
    }
    const minute = Math.floor(now / MINUTE_BUCKET_MS);
    const day = Math.floor(now / DAY_BUCKET_MS);
    const bump = (field: string, by: number) => by && buckets.set(field, (buckets.get(field) ?? 0) + by);
    bump(`mr${minute}`, requests);
    bump(`dr${day}`, requests);
    bump(`mt${minute}`, tokens);
    bump(`dt${day}`, tokens);
  }
}
