import { create } from 'zustand';
import { STORAGE_KEYS } from '@/lib/storage-keys';

export type ThemeMode = 'light' | 'dark';

function readStoredMode(): ThemeMode {
  const stored = localStorage.getItem(STORAGE_KEYS.themeMode);
  if (stored === 'dark' || stored === 'light') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Arco switches its palette on the body attribute arco-theme. */
export function applyThemeMode(mode: ThemeMode): void {
  if (mode === 'dark') document.body.setAttribute('arco-theme', 'dark');
  else document.body.removeAttribute('arco-theme');
}

interface ThemeState {
  mode: ThemeMode;
  toggleMode: () => void;
}

export const useThemeStore = create<ThemeState>((set, get) => ({
  mode: readStoredMode(),
  toggleMode: () => {
    const mode: ThemeMode = get().mode === 'dark' ? 'light' : 'dark';
    localStorage.setItem(STORAGE_KEYS.themeMode, mode);
    applyThemeMode(mode);
    set({ mode });
  },
}));
