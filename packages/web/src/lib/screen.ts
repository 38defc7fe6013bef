import { useSyncExternalStore } from 'react';

/**
 * The phone breakpoint: screens this wide or narrower get the phone layout (a top bar with the
 * menu in a drawer, lists as cards, a read-only workflow editor). Above spec 1 §9's 600 px so that
 * a large phone held sideways or a small tablet, too narrow for the sidebar beside a table, gets it too.
 * The CSS media queries that go with it use the same number (`max-width: 767px`).
 */
export const MOBILE_WIDTH = 767;

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
