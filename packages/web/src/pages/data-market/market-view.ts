import { DATA_MARKET_PAGE_SIZE, DATA_PROMO_THRESHOLD, DATA_TYPES, MSG_DATA_NUM_UNKNOWN } from '@gw/shared';

/**
 * Where the custom-data promo card goes (spec 3 §2.1): with fewer than 27 datasets, at the end of
 * the list (its last page); with 27 or more, after the 9th card of page 2 (the end of page 2's
 * grid at 9 cards a page) and again on the last page. An empty list shows its own prompt instead.
 */
export function showsPromo(page: number, total: number): boolean {
  if (total <= 0) return false;
  const lastPage = Math.ceil(total / DATA_MARKET_PAGE_SIZE);
  if (total < DATA_PROMO_THRESHOLD) return page === lastPage;
  return page === 2 || page === lastPage;
}

/** The comma-separated data_type as its types, in the order the server stores them. */
export const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** Chosen types in the filter row's order, so the same choice always asks the server the same way. */
export const inTypeOrder = (types: readonly string[]): string[] => DATA_TYPES.filter((type) => types.includes(type));

/** The record count; the spec's 'unknown' when the server sent none. */
export const formatCount = (count: number | null | undefined): string =>
  typeof count === 'number' && Number.isFinite(count) ? `${count.toLocaleString('zh-CN')} 条` : MSG_DATA_NUM_UNKNOWN;

/** The update date in the Chinese locale (spec 3 §2.1); a dash when the time is not known. */
export const formatDate = (seconds: number | null | undefined): string => (seconds ? new Date(seconds * 1000).toLocaleDateString('zh-CN') : '-');

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** Bytes in the largest unit below 1024, one decimal above bytes. */
export function formatBytes(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return MSG_DATA_NUM_UNKNOWN;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}
