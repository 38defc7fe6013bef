import { formatTimestamp } from '@/lib/time';

/** A task's time in unix seconds, or '-' for a step that has not happened yet (0). */
export const timeText = (seconds: number) => (seconds ? formatTimestamp(seconds) : '-');

/** Seconds from submission to the end; undefined until both are known. */
export function taskDuration(task: { submit_time: number; finish_time: number }): number | undefined {
  return task.submit_time && task.finish_time ? task.finish_time - task.submit_time : undefined;
}

/** Spec 2 §9: a task that took over 60 s is red, any other green. */
export const durationColor = (seconds: number) => (seconds > 60 ? 'red' : 'green');

/** A status, result or type of a task as its table shows it: the Chinese label and its tag colour. */
export interface TaskLabel {
  label: string;
  color: string;
}
