import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PaginationProps } from '@arco-design/web-react';
import { PAGE_SIZE_OPTIONS, readPageSize, savePageSize } from '@/lib/page-size';

/** One page of a list or search as the server answers it. */
export interface ServerPage<Row> {
  items: Row[];
  total: number;
}

/** Loads page `page` (zero-based) of `size` rows for the search; undefined when the call failed (its message was shown). */
export type LoadPage<Row, Search> = (search: Search, page: number, size: number) => Promise<ServerPage<Row> | undefined>;

/**
 * A table's server data, paged on the server (`load` is a module-level function, so it never
 * changes between renders): the page for the applied search, the page size kept
 * in local storage, a reload, and row patches. Submitting a search (even the same one again)
 * reloads from the first page. `pagination` is the Table's pager for it (totals shown, size kept).
 */
export function useServerPage<Row extends { id: number }, Search>(emptySearch: Search, load: LoadPage<Row, Search>) {
  const [search, setSearch] = useState<Search>(emptySearch);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(readPageSize);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    setLoading(true);
    void load(search, page - 1, pageSize).then((found) => {
      if (!active) return;
      setRows(found?.items ?? []);
      setTotal(found?.total ?? 0);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [load, search, page, pageSize, version]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);

  /** A new search object always reloads, so submitting the same search again refreshes too. */
  const handleSearch = useCallback((next: Search) => {
    setSearch(next);
    setPage(1);
  }, []);

  const handlePageChange = useCallback(
    (nextPage: number, nextSize: number) => {
      if (nextSize !== pageSize) {
        savePageSize(nextSize);
        setPageSize(nextSize);
      }
      setPage(nextPage);
    },
    [pageSize],
  );

  /** After a delete: step back a page when the last row of the last page went. */
  const reloadAfterRemoval = useCallback(() => {
    if (rows.length === 1 && page > 1) setPage(page - 1);
    else reload();
  }, [rows.length, page, reload]);

  /** Applies a change the server answered with to one row, without a reload. */
  const patchRow = useCallback((id: number, fields: Partial<Row>) => {
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...fields } : row)));
  }, []);

  const pagination = useMemo<PaginationProps>(
    () => ({ current: page, pageSize, total, showTotal: true, sizeCanChange: true, sizeOptions: PAGE_SIZE_OPTIONS, onChange: handlePageChange }),
    [page, pageSize, total, handlePageChange],
  );

  return { rows, total, page, pageSize, loading, pagination, reload, reloadAfterRemoval, patchRow, handleSearch, handlePageChange };
}
