import type { CustomerConnectFilters } from '@/api/customer-connect';
import type { StatusChoice } from './statuses';

export interface ContactSearchValues {
  /** The picked days as 'YYYY-MM-DD' strings, in local time. */
  range?: [string, string];
  status: StatusChoice;
}

export const EMPTY_SEARCH: ContactSearchValues = { range: undefined, status: '' };

const localSeconds = (dateTime: string) => Math.floor(new Date(dateTime).getTime() / 1000);

/** The picked days become unix seconds from the first day's start to the last day's last second. */
export function toContactFilters(values: ContactSearchValues): CustomerConnectFilters {
  return {
    status: values.status === '' ? undefined : values.status,
    dateRange: values.range ? [localSeconds(`${values.range[0]}T00:00:00`), localSeconds(`${values.range[1]}T23:59:59`)] : undefined,
  };
}
