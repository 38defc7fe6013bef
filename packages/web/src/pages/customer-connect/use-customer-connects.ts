import { useCallback, useEffect, useState } from 'react';
import { Message } from '@arco-design/web-react';
import type { CustomerConnectStatus } from '@gw/shared';
import { HttpError, showError } from '@/api/http';
import { listCustomerConnects, updateCustomerConnectStatus, type CustomerConnect, type CustomerConnectFilters } from '@/api/customer-connect';
import { DEFAULT_PAGE_SIZE } from '@/lib/page-size';

/** A lapsed session goes through the generic handler (back to sign-in); anything else shows the page's own message. */
function showFailure(error: unknown, message: string): void {
  if (error instanceof HttpError && error.status === 401) showError(error);
  else Message.error(message);
}

/** The contact list: one server page for the applied filters, and the row status change. */
export function useCustomerConnects() {
  const [filters, setFilters] = useState<CustomerConnectFilters>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [rows, setRows] = useState<CustomerConnect[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    setLoading(true);
    listCustomerConnects(page, pageSize, filters)
      .then((reply) => {
        if (!active) return;
        if (!reply.success) throw new Error(reply.message);
        setRows(reply.data.data.list);
        setTotal(reply.data.total);
      })
      .catch((error: unknown) => {
        if (!active) return;
        setRows([]);
        setTotal(0);
        showFailure(error, '获取数据失败');
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
  }, [filters, page, pageSize, version]);

  // A new filter object always reloads, so pressing 查询 again refreshes.
  const handleSearch = useCallback((next: CustomerConnectFilters) => {
    setFilters(next);
    setPage(1);
  }, []);

  const handlePageChange = useCallback((nextPage: number, nextSize: number) => {
    setPage(nextSize === pageSize ? nextPage : 1);
    setPageSize(nextSize);
  }, [pageSize]);

  const handleChangeStatus = useCallback(async (row: CustomerConnect, status: CustomerConnectStatus) => {
    try {
      const reply = await updateCustomerConnectStatus(row.id, status);
      if (!reply.success || !reply.data) {
        Message.error(reply.message || '状态更新失败');
        return;
      }
      Message.success('状态更新成功');
      setVersion((v) => v + 1);
    } catch (error) {
      showFailure(error, '状态更新失败');
    }
  }, []);

  return { rows, total, page, pageSize, loading, handleSearch, handlePageChange, handleChangeStatus };
}
