/** How a day's (or a period's) availability is drawn: its colour class and its figure. */
export type AvailabilityLevel = 'good' | 'fair' | 'poor' | 'none';

/** 99% and above is good, 90% and above fair, below that poor; null (no request, no test) is no data. */
export function availabilityLevel(percent: number | null): AvailabilityLevel {
  if (percent === null) return 'none';
  if (percent >= 99) return 'good';
  if (percent >= 90) return 'fair';
  return 'poor';
}

export const percentText = (percent: number | null) => (percent === null ? '无数据' : `${percent}%`);
