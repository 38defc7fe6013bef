import { useCallback, useEffect, useRef, useState } from 'react';
import type { SourceRowView } from '@gw/shared';
import { call } from '@/api/http';
import { listSourceRows } from '@/api/data-library';

/** Rows asked for at a time on the view-all page. */
export const VIEW_ALL_PAGE_SIZE = 30;

export interface AllRows {
  rows: SourceRowView[];
  loading: boolean;
  /** True until a page says every row is here. */
  hasMore: boolean;
  loadMore: () => void;
}

/** The dataset's rows, a page at a time; a failed page shows its error and can be asked for again. */
export function useAllRows(id: string | undefined): AllRows {
  const [rows, setRows] = useState<SourceRowView[]>([]);
  const [hasMore, setHasMore] = useState(true);
  const [loading, setLoading] = useState(false);
  // Scroll events come in bursts: the ref keeps a second request from starting before the first answers.
  const state = useRef({ nextPage: 1, loaded: 0, busy: false, hasMore: true, generation: 0 });

  const loadMore = useCallback(() => {
    const current = state.current;
    if (!id || current.busy || !current.hasMore) return;
    current.busy = true;
    setLoading(true);
    const generation = current.generation;
    void call(listSourceRows(id, current.nextPage, VIEW_ALL_PAGE_SIZE)).then((page) => {
      if (generation !== state.current.generation) return;
      current.busy = false;
      setLoading(false);
      if (!page) return;
      current.nextPage += 1;
      current.loaded += page.list.length;
      current.hasMore = page.list.length > 0 && current.loaded < page.total;
      setRows((previous) => [...previous, ...page.list]);
      setHasMore(current.hasMore);
    });
  }, [id]);

  useEffect(() => {
    state.current = { nextPage: 1, loaded: 0, busy: false, hasMore: true, generation: state.current.generation + 1 };
    setRows([]);
    setHasMore(true);
    loadMore();
  }, [loadMore]);

  return { rows, loading, hasMore, loadMore };
}
