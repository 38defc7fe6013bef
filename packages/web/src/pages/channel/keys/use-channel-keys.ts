import { useCallback, useEffect, useState } from 'react';
import { call } from '@/api/http';
import { listChannelKeys, type ChannelKeyPage, type ChannelKeyStatus } from '@/api/channel-keys';

export const KEY_PAGE_SIZES = [10, 20, 50, 100];

/** One page of a multi-key channel's keys (get_key_status), with its status filter, paged by the server. */
export function useChannelKeys(channelId: number) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [status, setStatus] = useState<ChannelKeyStatus | undefined>(undefined);
  const [data, setData] = useState<ChannelKeyPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    setLoading(true);
    void call(listChannelKeys(channelId, { page, page_size: pageSize, status })).then((reply) => {
      if (!active) return;
      setLoading(false);
      if (!reply) return;
      // A page emptied by deletions or a filter: show the one before it.
      if (reply.items.length === 0 && page > 1) setPage(page - 1);
      setData(reply);
    });
    return () => {
      active = false;
    };
  }, [channelId, page, pageSize, status, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const handleStatusChange = (next: ChannelKeyStatus | undefined) => {
    setStatus(next);
    setPage(1);
  };
  const handlePageChange = (nextPage: number, nextSize: number) => {
    if (nextSize === pageSize) {
      setPage(nextPage);
      return;
    }
    setPageSize(nextSize);
    setPage(1);
  };

  return { data, loading, page, pageSize, status, reload, handleStatusChange, handlePageChange };
}
