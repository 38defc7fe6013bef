import { useEffect, useRef } from 'react';

/**
 * Calls `onSearch` with the trimmed text once typing has paused for `delayMs`, and only when it
 * changed since the last call (the search boxes of the data market and the workflow pages).
 */
export function useSettledSearch(text: string, delayMs: number, onSearch: (text: string) => void): void {
  const sent = useRef('');
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    const timer = setTimeout(() => {
      const settled = text.trim();
      if (settled === sent.current) return;
      sent.current = settled;
      onSearchRef.current(settled);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
}
