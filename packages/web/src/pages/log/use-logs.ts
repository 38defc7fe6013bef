import { useCallback, useEffect, useState } from 'react';
import { call } from '@/api/http';
import { getLogStat, listLogs, type LogFilters, type LogItem, type LogStat } from '@/api/logs';
import { readPageSize, savePageSize } from '@/lib/page-size';

const EMPTY_STAT: LogStat = { quota: 0, rpm: 0, tpm: 0 };

/**
 * The log table's data and its statistics: the full calls for administrators, the /self calls for
 * everyone else. A new filter object always reloads, so pressing 查询 again refreshes.
 */
export function useLogs(isAdmin: boolean, initialFilters: LogFilters) {
  const [filters, setFilters] = useState(initialFilters);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(readPageSize);
  const [rows, setRows] = useState<LogItem[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [stat, setStat] = useState<LogStat>(EMPTY_STAT);

  useEffect(() => {
    let active = true;
    setLoading(true);
    void call(listLogs(isAdmin, filters, page - 1, pageSize)).then((found) => {
      if (!active) return;
      setRows(found?.items ?? []);
      setTotal(found?.total ?? 0);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [isAdmin, filters, page, pageSize]);

  useEffect(() => {
    let active = true;
    void call(getLogStat(isAdmin, filters)).then((found) => {
      if (active) setStat(found ?? EMPTY_STAT);
    });
    return () => {
      active = false;
    };
  }, [isAdmin, filters]);

  const handleSearch = useCallback((next: LogFilters) => {
    setFilters(next);
    setPage(1);
  }, []);

  const handlePageChange = useCallback(
    (nextPage: number, nextSize: number) => {
      if (nextSize !== pageSize) {
        savePageSize(nextSize);
        setPageSize(nextSize);
        setPage(1);
        return;
      }
      setPage(nextPage);
    },
    [pageSize],
  );

  return { rows, total, page, pageSize, loading, stat, handleSearch, handlePageChange };
}
