import { useCallback, useEffect, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { STATISTICS_PAGE_SIZE_DEFAULT, type StatisticsPage } from '@gw/shared';
import { call } from '@/api/http';
import { exportStatistics, listInstances, listStatistics, refreshStatistics, type StatisticsRowOf, type StatisticsView } from '@/api/statistics';
import { rangeError } from '@/lib/time-range';
import { defaultFilters, statisticsQuery, type StatisticsFilters } from './statistics-view';

type AnyRow = StatisticsRowOf[StatisticsView];

/** A loaded page with the view it belongs to, so that a view's rows never meet another view's columns. */
export interface LoadedPage {
  view: StatisticsView;
  page: StatisticsPage<AnyRow>;
}

/** The statistics page's state: view, applied filters, paging, the loaded page and the export. */
export function useStatistics() {
  const [view, setView] = useState<StatisticsView>('detail');
  const [filters, setFilters] = useState(() => defaultFilters());
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(STATISTICS_PAGE_SIZE_DEFAULT);
  const [loaded, setLoaded] = useState<LoadedPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [exporting, setExporting] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    setLoading(true);
    void call(listStatistics(view, statisticsQuery(filters, view, page, pageSize))).then((found) => {
      if (!active) return;
      setLoaded(found ? { view, page: found } : null);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [view, filters, page, pageSize, version]);

  /** Applies the form's filters from the first page; a bad range is refused with the server's wording. */
  const handleSearch = useCallback((next: StatisticsFilters) => {
    const error = rangeError(next.range);
    if (error) {
      Message.error(error);
      return;
    }
    setFilters(next);
    setPage(1);
  }, []);

  const handleViewChange = useCallback((next: StatisticsView) => {
    setView(next);
    setPage(1);
  }, []);

  const handlePageChange = useCallback(
    (nextPage: number, nextSize: number) => {
      setPage(nextSize === pageSize ? nextPage : 1);
      setPageSize(nextSize);
    },
    [pageSize],
  );

  const handleExport = useCallback(async () => {
    setExporting(true);
    await exportStatistics(view, statisticsQuery(filters, view, page, pageSize));
    setExporting(false);
  }, [view, filters, page, pageSize]);

  /** 立即更新: the server rolls up the newest logs, then the page is read again. */
  const handleRefresh = useCallback(async () => {
    setRefreshing(true);
    if (await call(refreshStatistics())) setVersion((v) => v + 1);
    setRefreshing(false);
  }, []);

  const current = loaded?.view === view ? loaded.page : null;
  return { view, filters, page, pageSize, current, loading, exporting, refreshing, version, handleSearch, handleViewChange, handlePageChange, handleExport, handleRefresh };
}

/** The instances the 实例 filter offers; none when the call fails (its message was shown). */
export function useInstances(): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    let active = true;
    void call(listInstances()).then((found) => {
      if (active) setNames((found ?? []).map((instance) => instance.name));
    });
    return () => {
      active = false;
    };
  }, []);
  return names;
}
