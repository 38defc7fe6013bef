import { useCallback, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { call } from '@/api/http';
import { listChannels, searchChannels, type Channel, type ChannelRow } from '@/api/channels';
import { hasFilters, useChannelListStore } from './list-store';
import { replaceChannel } from './tag-rows';

/**
 * The rows of the channel table for the current page, search, sort and tag mode. The plain list is
 * paged by the server; a search answers every match, paged here.
 */
export function useChannelList() {
  const { page, pageSize, idSort, tagMode, filters, setPage } = useChannelListStore(
    useShallow((s) => ({ page: s.page, pageSize: s.pageSize, idSort: s.idSort, tagMode: s.tagMode, filters: s.filters, setPage: s.setPage })),
  );
  const [rows, setRows] = useState<ChannelRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    const flags = { id_sort: idSort, tag_mode: tagMode };
    const searching = hasFilters(filters);
    setLoading(true);
    void call(searching ? searchChannels(filters, flags) : listChannels(page - 1, pageSize, flags)).then((data) => {
      if (!active) return;
      setLoading(false);
      if (!data) return;
      const items = searching ? data.items.slice((page - 1) * pageSize, page * pageSize) : data.items;
      // A page emptied by deletions: show the one before it.
      if (items.length === 0 && page > 1) setPage(page - 1);
      setRows(items);
      setTotal(data.total ?? data.items.length);
    });
    return () => {
      active = false;
    };
  }, [page, pageSize, idSort, tagMode, filters, version, setPage]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const patchChannel = useCallback((channel: Channel) => setRows((current) => replaceChannel(current, channel)), []);

  return { rows, total, loading, reload, patchChannel };
}
