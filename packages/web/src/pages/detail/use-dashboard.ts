import { useEffect, useState } from 'react';
import type { DashboardGranularity, DashboardResult } from '@gw/shared';
import { call } from '@/api/http';
import { getDashboard } from '@/api/dashboard';
import { useStatusStore } from '@/stores/status';
import { dashboardQuery, defaultGranularity, type DashboardPreset } from './dashboard-view';

/** The dashboard's range, granularity and (administrators) username, and the figures for them. */
export function useDashboard(isAdmin: boolean) {
  const status = useStatusStore((state) => state.status);
  const [preset, setPreset] = useState<DashboardPreset>('today');
  const [granularity, setGranularity] = useState<DashboardGranularity>(() => defaultGranularity(status));
  const [username, setUsername] = useState('');
  const [result, setResult] = useState<DashboardResult | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    setLoading(true);
    void call(getDashboard(isAdmin, dashboardQuery(preset, granularity, username))).then((found) => {
      if (!active) return;
      setResult(found ?? null);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [isAdmin, preset, granularity, username]);

  return { preset, setPreset, granularity, setGranularity, username, setUsername, result, loading };
}
