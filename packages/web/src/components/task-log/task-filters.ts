import type { TaskFilters } from '@/api/tasks';
import { toSeconds, type MsRange } from '@/lib/time-range';

/** What the task search form holds: the time range in milliseconds (as the date picker gives it). */
export interface TaskFormValues {
  range: MsRange | undefined;
  task_id: string;
  channel_id: string;
}

/** The form as it opens and resets: no id or channel, the page's default window. */
export function taskFormValues(range: MsRange): TaskFormValues {
  return { range, task_id: '', channel_id: '' };
}

export function toTaskFilters(values: TaskFormValues): TaskFilters {
  return {
    task_id: values.task_id,
    channel_id: values.channel_id,
    start_timestamp: values.range ? toSeconds(values.range[0]) : 0,
    end_timestamp: values.range ? toSeconds(values.range[1]) : 0,
  };
}
