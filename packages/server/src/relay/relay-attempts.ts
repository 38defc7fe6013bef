/** One try of one channel, recorded in the log's attempts_log (DESIGN.md §5.3). */
export interface Attempt {
  channel_id: number;
  channel_name: string;
  status: number;
  error?: string;
  /** Milliseconds. */
  duration: number;
}

/** Upstream answers worth trying on another channel: rate limits and server errors. */
export const isRetryableStatus = (status: number): boolean => status === 429 || status === 408 || status >= 500;

/** Applies the channel's status_code_mapping (e.g. {"400": "500"}) to the status the client sees. */
export function mapStatus(mapping: Readonly<Record<string, string>>, status: number): number {
  const mapped = Number(mapping[String(status)]);
  return Number.isInteger(mapped) && mapped >= 100 && mapped <= 599 ? mapped : status;
}
