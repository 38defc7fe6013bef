import { useEffect, useState } from 'react';

/** A seconds countdown for retry buttons (30 s for codes and reset mails, spec 1 §9). */
export function useCountdown(seconds: number) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return { left, active: left > 0, start: () => setLeft(seconds) };
}
