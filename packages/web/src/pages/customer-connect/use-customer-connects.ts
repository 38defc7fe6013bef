import { useCallback } from 'react';
import { Message } from '@arco-design/web-react';
import type { CustomerConnectStatus } from '@gw/shared';
import { HttpError, showError } from '@/api/http';
import { listCustomerConnects, updateCustomerConnectStatus, type CustomerConnect, type CustomerConnectFilters } from '@/api/customer-connect';
import { useServerPage } from '@/lib/use-server-page';

/** A lapsed session goes through the generic handler (back to sign-in); anything else shows the page's own message. */
function showFailure(error: unknown, message: string): void {
  if (error instanceof HttpError && error.status === 401) showError(error);
  else Message.error(message);
}

/** One server page of contact requests for the filters (the API counts pages from 1). */
async function loadContacts(filters: CustomerConnectFilters, page: number, size: number) {
  try {
    const reply = await listCustomerConnects(page + 1, size, filters);
    if (reply.success) return { items: reply.data.data.list, total: reply.data.total };
    Message.error('获取数据失败');
  } catch (error) {
    showFailure(error, '获取数据失败');
  }
  return undefined;
}

/** The contact list: one server page for the applied filters (a new filter object always reloads), and the row status change. */
export function useCustomerConnects() {
  const table = useServerPage<CustomerConnect, CustomerConnectFilters>({}, loadContacts);
  const { reload } = table;

  const handleChangeStatus = useCallback(
    async (row: CustomerConnect, status: CustomerConnectStatus) => {
      try {
        const reply = await updateCustomerConnectStatus(row.id, status);
        if (!reply.success || !reply.data) {
          Message.error(reply.message || '状态更新失败');
          return;
        }
        Message.success('状态更新成功');
        reload();
      } catch (error) {
        showFailure(error, '状态更新失败');
      }
    },
    [reload],
  );

  return { ...table, handleChangeStatus };
}
