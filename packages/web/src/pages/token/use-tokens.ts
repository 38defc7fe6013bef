import { useCallback, useEffect, useState } from 'react';
import { call } from '@/api/http';
import { listTokens, searchTokens, type Token, type TokenSearch } from '@/api/tokens';
import { readPageSize, savePageSize } from '@/lib/page-size';

export const EMPTY_SEARCH: TokenSearch = { keyword: '', token: '' };

const isSearching = (search: TokenSearch) => search.keyword.trim() !== '' || search.token.trim() !== '';

/** The token table's data: a server page of GET /api/token/, or, while a search is set, of GET /api/token/search. */
export function useTokens() {
  const [search, setSearch] = useState<TokenSearch>(EMPTY_SEARCH);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(readPageSize);
  const [rows, setRows] = useState<Token[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    setLoading(true);
    const load = async () => {
      const found = await call(
        isSearching(search) ? searchTokens({ keyword: search.keyword.trim(), token: search.token.trim() }, page - 1, pageSize) : listTokens(page - 1, pageSize),
      );
      return { items: found?.items ?? [], total: found?.total ?? 0 };
    };
    void load().then((result) => {
      if (!active) return;
      setRows(result.items);
      setTotal(result.total);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [search, page, pageSize, version]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);

  /** A new search object always reloads, so submitting the same search again refreshes too. */
  const handleSearch = useCallback((next: TokenSearch) => {
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

  return { rows, total, page, pageSize, loading, reload, reloadAfterRemoval, handleSearch, handlePageChange };
}
