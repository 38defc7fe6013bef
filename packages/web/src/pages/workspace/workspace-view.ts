import type { WorkflowRunView } from '@gw/shared';
import { LOG_TYPES, type LogFilters } from '@/api/logs';
import { startOfDay, toSeconds } from '@/lib/time-range';

/** How many talkings and runs the dashboard shows. */
export const RECENT_COUNT = 5;

/** The log statistics filter of today: local midnight to now, in unix seconds, every token and model. */
export function todayFilters(now = Date.now()): LogFilters {
  return {
    type: LOG_TYPES.ALL,
    token_name: '',
    model_name: '',
    username: '',
    channel: '',
    status_code: '',
    start_timestamp: toSeconds(startOfDay(now)),
    end_timestamp: toSeconds(now),
  };
}

/** A dataset the recent runs read: its name as the run recorded it, how many runs, the latest start. */
export interface DatasetUse {
  name: string;
  runs: number;
  lastUsed: number;
}

/**
 * The datasets of the runs (newest first in, newest first out). A run names its source but carries
 * no dataset id, so the name is what identifies it here; file-library and typed-query runs read no
 * dataset.
 */
export function datasetsUsed(runs: readonly WorkflowRunView[]): DatasetUse[] {
  const byName = new Map<string, DatasetUse>();
  for (const run of runs) {
    if (run.source_kind !== 'dataset' || run.source_name === '') continue;
    const seen = byName.get(run.source_name);
    if (seen) {
      seen.runs += 1;
      seen.lastUsed = Math.max(seen.lastUsed, run.created_at);
    } else {
      byName.set(run.source_name, { name: run.source_name, runs: 1, lastUsed: run.created_at });
    }
  }
  return [...byName.values()].sort((a, b) => b.lastUsed - a.lastUsed);
}
