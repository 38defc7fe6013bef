import { useEffect, useState } from 'react';
import { call } from '@/api/http';
import { getLogStat } from '@/api/logs';
import { todayFilters } from './workspace-view';

/** Quota the user spent today (their own consumption logs); undefined while loading, null when it failed. */
export function useTodaySpending(): number | null | undefined {
  const [quota, setQuota] = useState<number | null>();

  useEffect(() => {
    let active = true;
    void call(getLogStat(false, todayFilters())).then((stat) => {
      if (active) setQuota(stat ? stat.quota : null);
    });
    return () => {
      active = false;
    };
  }, []);

  return quota;
}
