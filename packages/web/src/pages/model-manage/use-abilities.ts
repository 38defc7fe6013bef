import { useCallback, useEffect, useState } from 'react';
import { call } from '@/api/http';
import { listAbilities, type Ability, type AbilityFilters } from '@/api/channels';
import type { ModelStatusSummary } from '@gw/shared';
import { ABILITY_PAGE_SIZE } from './filters';

/** The model management table: one server page of abilities for the applied filters, and the page's models over every channel. */
export function useAbilities() {
  const [filters, setFilters] = useState<AbilityFilters>({});
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Ability[]>([]);
  const [modelStates, setModelStates] = useState<ReadonlyMap<string, ModelStatusSummary>>(new Map());
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    setLoading(true);
    void call(listAbilities(page - 1, ABILITY_PAGE_SIZE, filters)).then((found) => {
      if (!active) return;
      setRows(found?.items ?? []);
      setModelStates(new Map((found?.model_states ?? []).map((summary) => [summary.model, summary])));
      setTotal(found?.total ?? 0);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [filters, page, version]);

  // A new filter object always reloads, so pressing 查询 again refreshes.
  const handleSearch = useCallback((next: AbilityFilters) => {
    setFilters(next);
    setPage(1);
  }, []);

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  return { rows, modelStates, total, page, loading, setPage, handleSearch, reload };
}
