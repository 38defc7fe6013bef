import { create } from 'zustand';
import type { SiteStatus } from '@/api/status';
import { STORAGE_KEYS } from '@/lib/storage-keys';

function readStoredStatus(): SiteStatus | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.status);
    return raw ? (JSON.parse(raw) as SiteStatus) : null;
  } catch {
    return null;
  }
}

/** Writes the status and the single keys other pages read (spec 1 §3 local storage keys). */
function persistStatus(status: SiteStatus): void {
  const put = (key: string, value: unknown) => {
    if (value !== undefined && value !== null) localStorage.setItem(key, String(value));
  };
  localStorage.setItem(STORAGE_KEYS.status, JSON.stringify(status));
  put(STORAGE_KEYS.quotaPerUnit, status.quota_per_unit);
  put(STORAGE_KEYS.displayInCurrency, status.display_in_currency);
  put(STORAGE_KEYS.footerHtml, status.footer_html ?? '');
  put(STORAGE_KEYS.chatLink, status.chat_link ?? '');
  put(STORAGE_KEYS.mjNotifyEnabled, status.mj_notify_enabled);
  put(STORAGE_KEYS.dataExportDefaultTime, status.data_export_default_time);
  put(STORAGE_KEYS.defaultCollapseSidebar, status.default_collapse_sidebar);
}

interface StatusState {
  /** The last known server status; null until the first GET /api/status on a fresh browser. */
  status: SiteStatus | null;
  setStatus: (status: SiteStatus) => void;
}

export const useStatusStore = create<StatusState>((set) => ({
  status: readStoredStatus(),
  setStatus: (status) => {
    persistStatus(status);
    set({ status });
  },
}));
