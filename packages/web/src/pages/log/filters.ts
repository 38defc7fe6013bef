import { LOG_TYPES, type LogFilters } from '@/api/logs';

const HOUR_MS = 3600 * 1000;

const toSeconds = (milliseconds: number) => Math.floor(milliseconds / 1000);

/** The default window (spec 2 §9): from today 00:00 to an hour from now, in milliseconds. */
export function defaultTimeRange(now: Date = new Date()): [number, number] {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  return [midnight, now.getTime() + HOUR_MS];
}

/** What the search form holds: the time range in milliseconds (as the date picker gives it). */
export interface LogFormValues {
  range: [number, number] | undefined;
  type: number;
  token_name: string;
  model_name: string;
  username: string;
  channel: string;
  status_code: string;
}

export function defaultFormValues(now: Date = new Date()): LogFormValues {
  return { range: defaultTimeRange(now), type: LOG_TYPES.ALL, token_name: '', model_name: '', username: '', channel: '', status_code: '' };
}

export function toFilters(values: LogFormValues): LogFilters {
  return {
    type: values.type,
    token_name: values.token_name,
    model_name: values.model_name,
    username: values.username,
    channel: values.channel,
    status_code: values.status_code,
    start_timestamp: values.range ? toSeconds(values.range[0]) : 0,
    end_timestamp: values.range ? toSeconds(values.range[1]) : 0,
  };
}
