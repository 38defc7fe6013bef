import { useCallback, useEffect, useState } from 'react';
import { Message } from '@arco-design/web-react';
import type { MonitorOption, MonitorResult } from '@gw/shared';
import { call } from '@/api/http';
import { monitorOptions, queryMonitor } from '@/api/monitor';
import { toSeconds } from '@/lib/time-range';
import { MONITOR_TYPE_OF, defaultFilters, monitorQuery, monitorRangeError, type MonitorFilters, type MonitorTab } from './monitor-view';

export interface FilterOptions {
  /** Channels (upstream) or tokens (downstream). */
  entities: MonitorOption[];
  models: MonitorOption[];
}

/** What the filters offer for the form's granularity and range. */
function useFilterOptions(tab: MonitorTab, userId: number | undefined, { timeType, range }: MonitorFilters): FilterOptions {
  const [options, setOptions] = useState<FilterOptions>({ entities: [], models: [] });
  const [start, end] = range;
  useEffect(() => {
    let active = true;
    const query = { timeType, monitorType: MONITOR_TYPE_OF[tab], startTime: toSeconds(start), endTime: toSeconds(end), userId: tab === 'downstream' ? userId : undefined };
    void Promise.all([call(monitorOptions(tab === 'upstream' ? 'channels' : 'tokens', query)), call(monitorOptions('models', query))]).then(([entities, models]) => {
      if (active) setOptions({ entities: entities ?? [], models: models ?? [] });
    });
    return () => {
      active = false;
    };
  }, [tab, userId, timeType, start, end]);
  return options;
}

/** One monitor tab: the form, its options, and the result of the applied filters. */
export function useMonitor(tab: MonitorTab, userId: number | undefined) {
  const [form, setForm] = useState(() => defaultFilters());
  const [applied, setApplied] = useState(form);
  const [result, setResult] = useState<MonitorResult | null>(null);
  const [loading, setLoading] = useState(true);
  const options = useFilterOptions(tab, userId, form);

  useEffect(() => {
    let active = true;
    setLoading(true);
    void call(queryMonitor(monitorQuery(applied, tab, userId))).then((found) => {
      if (!active) return;
      setResult(found ?? null);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [applied, tab, userId]);

  const handleSearch = useCallback(() => {
    const error = monitorRangeError(form.range, form.timeType);
    if (error) {
      Message.error(error);
      return;
    }
    setApplied({ ...form });
  }, [form]);

  return { form, setForm, applied, options, result, loading, handleSearch };
}
