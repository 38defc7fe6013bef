import { useCallback, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { call } from '@/api/http';
import { listChannels, searchChannels, type Channel, type ChannelRow } from '@/api/channels';
import { hasFilters, useChannelListStore } from './list-store';
import { replaceChannel } from './tag-rows';

/** The rows of the channel table for the current page, search, sort and tag mode, paged by the server. */
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
    setLoading(true);
    void call(hasFilters(filters) ? searchChannels(filters, page - 1, pageSize, flags) : listChannels(page - 1, pageSize, flags)).then((data) => {
      if (!active) return;
      setLoading(false);
      if (!data) return;
      // A page emptied by deletions: show the one before it.
      if (data.items.length === 0 && page > 1) setPage(page - 1);
      setRows(data.items);
      setTotal(data.total);
    });
    return () => {
      active = false;
    };
  }, [page, pageSize, idSort, tagMode, filters, version, setPage]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const patchChannel = useCallback((channel: Channel) => setRows((current) => replaceChannel(current, channel)), []);

  return { rows, total, loading, reload, patchChannel, version };
}
