import { create } from 'zustand';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { isNarrowScreen } from '@/lib/screen';

/**
 * Whether the sidebar starts collapsed: always on phone-wide screens (lib/screen.ts); otherwise the
 * user's remembered choice, or else the site default (DefaultCollapseSidebar).
 */
export function initialCollapsed(width: number, remembered: string | null, siteDefault: string | null): boolean {
  if (isNarrowScreen(width)) return true;
  if (remembered === 'true' || remembered === 'false') return remembered === 'true';
  return siteDefault === 'true';
}

export function readInitialCollapsed(): boolean {
  return initialCollapsed(
    window.innerWidth,
    localStorage.getItem(STORAGE_KEYS.sidebarCollapsed),
    localStorage.getItem(STORAGE_KEYS.defaultCollapseSidebar),
  );
}

interface SidebarState {
  collapsed: boolean;
  /** Sets and remembers the user's choice. */
  setCollapsed: (collapsed: boolean) => void;
  /** Applies a freshly loaded site default, unless the user has chosen or the screen is narrow. */
  followSiteDefault: (collapsed: boolean) => void;
}

export const useSidebarStore = create<SidebarState>((set) => ({
  collapsed: readInitialCollapsed(),
  setCollapsed: (collapsed) => {
    localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, String(collapsed));
    set({ collapsed });
  },
  followSiteDefault: (collapsed) => {
    if (localStorage.getItem(STORAGE_KEYS.sidebarCollapsed) === null && !isNarrowScreen()) set({ collapsed });
  },
}));
