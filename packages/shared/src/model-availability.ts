/** The periods the channel model availability covers (GET /api/channel/availability/:id?days=…). */
export const MODEL_AVAILABILITY_DAYS = [7, 15, 30] as const;
export type ModelAvailabilityDays = (typeof MODEL_AVAILABILITY_DAYS)[number];

export const MSG_MODEL_AVAILABILITY_DAYS = '统计天数只能是 7、15 或 30';

/** One day of one model on one channel: requests and tests that succeeded and failed; percent null without any. */
export interface ModelAvailabilityDay {
  /** YYYY-MM-DD in the statistics timezone. */
  date: string;
  success: number;
  failure: number;
  /** Successes per hundred, two decimals; null on a day without requests or tests. */
  percent: number | null;
}

export interface ModelAvailability {
  model: string;
  /** Oldest first, today last. */
  days: ModelAvailabilityDay[];
  /** Over the whole period; null without any request or test. */
  percent: number | null;
}
