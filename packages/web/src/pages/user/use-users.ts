import { useCallback, useEffect, useState } from 'react';
import { call } from '@/api/http';
import { listUsers, searchUsers, type AdminUser, type UserSearch } from '@/api/users-admin';
import { readPageSize, savePageSize } from '@/lib/page-size';

export const EMPTY_SEARCH: UserSearch = { keyword: '', group: '' };

const isSearching = (search: UserSearch) => search.keyword !== '' || search.group !== '';

/** The user table's data: a server page of GET /api/user/, or, while a search is set, of GET /api/user/search. */
export function useUsers() {
  const [search, setSearch] = useState<UserSearch>(EMPTY_SEARCH);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(readPageSize);
  const [rows, setRows] = useState<AdminUser[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    setLoading(true);
    void call(isSearching(search) ? searchUsers(search, page - 1, pageSize) : listUsers(page - 1, pageSize)).then((found) => {
      if (!active) return;
      setRows(found?.items ?? []);
      setTotal(found?.total ?? 0);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [search, page, pageSize, version]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);

  /** A new search object always reloads, so submitting the same search again refreshes too. */
  const handleSearch = useCallback((next: UserSearch) => {
    setSearch({ keyword: next.keyword.trim(), group: next.group });
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

  /** Applies what POST /api/user/manage answered to the row, without a reload. */
  const patchRow = useCallback((id: number, fields: Partial<AdminUser>) => {
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...fields } : row)));
  }, []);

  return { rows, total, page, pageSize, loading, reload, patchRow, handleSearch, handlePageChange };
}
