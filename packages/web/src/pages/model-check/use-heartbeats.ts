import { useEffect, useState } from 'react';
import { callQuietly } from '@/api/http';
import { listModelHeartbeats, type HeartbeatsByProvider } from '@/api/model-health';
import { dayRange } from './day-range';

/**
 * The heartbeats of one day, read again whenever version changes. Load errors are ignored
 * (spec 2 §8): a failed refresh keeps what is shown.
 */
export function useHeartbeats(day: string, version: number) {
  // Kept with its day, so that nothing of a previous day stays on screen.
  const [loaded, setLoaded] = useState<{ day: string; data: HeartbeatsByProvider }>();
  const [loading, setLoading] = useState(true);

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

  return { data: loaded?.day === day ? loaded.data : undefined, loading };
}
