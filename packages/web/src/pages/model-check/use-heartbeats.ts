import { useCallback, useEffect, useState } from 'react';
import { callQuietly } from '@/api/http';
import { listModelHeartbeats, type HeartbeatsByProvider } from '@/api/model-health';
import { dayRange } from './day-range';

/** Spec 2 §9: the health check refreshes every 5 minutes. */
export const HEARTBEAT_REFRESH_MS = 5 * 60 * 1000;

/**
 * The heartbeats of one day, read again every 5 minutes and on demand. Load errors are ignored
 * (spec 2 §8): a failed refresh keeps what is shown.
 */
export function useHeartbeats(day: string) {
  // Kept with its day, so that nothing of a previous day stays on screen.
  const [loaded, setLoaded] = useState<{ day: string; data: HeartbeatsByProvider }>();
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    const { start, end } = dayRange(day);
    setLoading(true);
    void callQuietly(listModelHeartbeats(start, end)).then((found) => {
      if (!active) return;
      if (found) setLoaded({ day, data: found });
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [day, version]);

  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    const timer = setInterval(refresh, HEARTBEAT_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  return { data: loaded?.day === day ? loaded.data : undefined, loading, refresh };
}
