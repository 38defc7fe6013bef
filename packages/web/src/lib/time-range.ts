import { MSG_STATS_RANGE_INVALID, MSG_STATS_RANGE_TOO_LONG, STATS_MAX_RANGE_DAYS } from '@gw/shared';

/** A time range in milliseconds (what the date pickers hold); calls send unix seconds. */
export type MsRange = [number, number];

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export const toSeconds = (ms: number) => Math.floor(ms / 1000);

/** The last `ms` milliseconds up to now. */
export const lastSpan = (ms: number, now = Date.now()): MsRange => [now - ms, now];

/** Midnight (local time) of the day holding `ms`. */
export function startOfDay(ms: number): number {
  const day = new Date(ms);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}

/** The statistics calls' range rules (spec 2 §5): the start not after the end, at most STATS_MAX_RANGE_DAYS. */
export function rangeError([start, end]: MsRange): string | undefined {
  if (start > end) return MSG_STATS_RANGE_INVALID;
  if (end - start > STATS_MAX_RANGE_DAYS * DAY_MS) return MSG_STATS_RANGE_TOO_LONG;
  return undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** MM-DD HH:mm, local time: a chart's axis label for minute and hour buckets. */
export function formatMinute(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** YYYY-MM-DD, local time: a chart's axis label for day and week buckets. */
export function formatDay(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
