import { useCallback, useEffect, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { DATA_MARKET_PAGE_SIZE, DATA_TYPES, MSG_DATA_FETCH_FAILED, type DatasetView } from '@gw/shared';
import { listDatasets } from '@/api/data-library';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { inTypeOrder } from './market-view';

/** The type a tag click on the detail page left for the market, when it is one of the filter's. */
function readSelectedType(): string[] {
  const stored = localStorage.getItem(STORAGE_KEYS.selectedType);
  return stored && (DATA_TYPES as readonly string[]).includes(stored) ? [stored] : [];
}

/**
 * The market's cards (spec 3 §2.1): the page, the chosen types and the search, reloaded whenever
 * one changes; a new filter or search starts again at page 1.
 */
export function useDatasetList() {
  const [types, setTypes] = useState<string[]>(readSelectedType);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<DatasetView[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);

  // Applied once on arrival, then forgotten, so that a later visit starts unfiltered.
  useEffect(() => localStorage.removeItem(STORAGE_KEYS.selectedType), []);

  useEffect(() => {
    // A slower earlier answer must not replace the one for the current filters.
    let current = true;
    const fail = () => {
      if (!current) return;
      Message.error(MSG_DATA_FETCH_FAILED);
      setList([]);
      setTotal(0);
    };
    setLoading(true);
    listDatasets({ page, page_size: DATA_MARKET_PAGE_SIZE, types, description: search })
      .then((reply) => {
        if (!current) return;
        if (!reply.success || !reply.data) return fail();
        const { list: datasets = [], total: count = 0 } = reply.data;
        // The last card of the last page was deleted: show the page before instead of an empty one.
        if (datasets.length === 0 && count > 0 && page > 1) {
          setPage(Math.ceil(count / DATA_MARKET_PAGE_SIZE));
          return;
        }
        setList(datasets);
        setTotal(count);
      })
      .catch(fail)
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [page, types, search, reloads]);

  const handleAllTypes = useCallback(() => {
    setTypes((chosen) => (chosen.length === 0 ? chosen : []));
    setPage(1);
  }, []);

  const handleToggleType = useCallback((type: string) => {
    setTypes((chosen) => inTypeOrder(chosen.includes(type) ? chosen.filter((t) => t !== type) : [...chosen, type]));
    setPage(1);
  }, []);

  /** Called by the search box with each settled, changed text. */
  const handleSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
  }, []);

  const reload = useCallback(() => setReloads((count) => count + 1), []);

  return { list, total, page, types, search, loading, setPage, handleAllTypes, handleToggleType, handleSearch, reload };
}
