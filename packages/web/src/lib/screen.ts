import { useSyncExternalStore } from 'react';

/** Mobile width limit (spec 1 §9): screens this wide or narrower count as narrow. */
export const MOBILE_WIDTH = 600;

export function isNarrowScreen(width: number = window.innerWidth): boolean {
  return width <= MOBILE_WIDTH;
}

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** Follows the window width across resizes. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => isNarrowScreen());
}
