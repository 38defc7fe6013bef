import { useCallback, useEffect, useState } from 'react';

/** Spec 2 §9: the health check refreshes every 5 minutes. */
export const AUTO_REFRESH_MS = 5 * 60 * 1000;

/**
 * A version number that goes up every 5 minutes and on refresh(): the page's loads depend on it,
 * so that one button and one timer read everything on the page again.
 */
export function useAutoRefresh() {
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    const timer = setInterval(refresh, AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  return { version, refresh };
}
