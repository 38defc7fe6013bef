import type { CustomerConnectStatus } from '@gw/shared';
import { http } from '@/api/http';

/** A customer contact request (spec 2 §3); updated_at is the submission time in unix seconds. */
export interface CustomerConnect {
  id: number;
  name: string;
  phone: string;
  company: string;
  remark: string;
  updated_at: number;
  status: CustomerConnectStatus;
}

export interface CustomerConnectFilters {
  status?: CustomerConnectStatus;
  /** Unix seconds, both ends included. */
  dateRange?: [number, number];
}

/** Spec 2 §7: the rows at data.data.list, the count at data.total. */
export interface CustomerConnectPage {
  data: { list: CustomerConnect[] };
  total: number;
}

/** The data market's custom-data request (spec 3 §3 Customer contact request). */
export interface ContactRequest {
  name: string;
  phone: string;
  company: string;
  remark: string;
}

/** Page from 1; the filters travel as query parameters, the date range as "start,end". */
export const listCustomerConnects = (page: number, pageSize: number, filters: CustomerConnectFilters) =>
  http.post<CustomerConnectPage>('/api/customer_connect/admin', undefined, {
    page,
    page_size: pageSize,
    status: filters.status,
    dateRange: filters.dateRange?.join(','),
  });

export const updateCustomerConnectStatus = (id: number, status: CustomerConnectStatus) =>
  http.put<CustomerConnect>('/api/customer_connect/admin/status', { id, status });

export const submitContactRequest = (request: ContactRequest) => http.post<null>('/api/customer_connect/', request);
