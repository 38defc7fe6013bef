import { CUSTOMER_CONNECT_STATUS_LABELS, type CustomerConnectStatus } from '@gw/shared';

/** The status filter's value: '' is the all-statuses entry. */
export type StatusChoice = '' | CustomerConnectStatus;

const STATUSES = Object.keys(CUSTOMER_CONNECT_STATUS_LABELS).map(Number) as CustomerConnectStatus[];

/** The filter's options; the row dropdown offers every one but the first (spec 2 §4). */
export const STATUS_OPTIONS: ReadonlyArray<{ label: string; value: StatusChoice }> = [
  { label: '全部状态', value: '' },
  ...STATUSES.map((status) => ({ label: CUSTOMER_CONNECT_STATUS_LABELS[status], value: status })),
];

export const ROW_STATUS_OPTIONS = STATUS_OPTIONS.slice(1) as ReadonlyArray<{ label: string; value: CustomerConnectStatus }>;

export const STATUS_COLORS: Record<CustomerConnectStatus, string> = {
  0: 'orange',
  1: 'arcoblue',
  2: 'green',
  3: 'red',
};
