import { useCallback, useEffect, useState } from 'react';
import { Message } from '@arco-design/web-react';
import type { ChannelMarginPage } from '@gw/shared';
import { call } from '@/api/http';
import { listChannelMargins } from '@/api/statistics';
import { rangeError } from '@/lib/time-range';
import { defaultMarginFilters, marginQuery, type MarginFilters } from './margin-view';

/** The 渠道收益 view's state: the applied filters and the loaded rows; `version` changes when the roll-ups were refreshed. */
export function useChannelMargin(version: number) {
  const [filters, setFilters] = useState(() => defaultMarginFilters());
  const [page, setPage] = useState<ChannelMarginPage | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    setLoading(true);
    void call(listChannelMargins(marginQuery(filters))).then((found) => {
      if (!active) return;
      setPage(found ?? null);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [filters, version]);

  /** A bad range is refused with the server's wording before any call. */
  const handleSearch = useCallback((next: MarginFilters) => {
    const error = rangeError(next.range);
    if (error) {
      Message.error(error);
      return;
    }
    setFilters(next);
  }, []);

  return { filters, page, loading, handleSearch };
}
