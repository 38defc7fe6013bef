import { STORAGE_KEYS } from '@/lib/storage-keys';

/**
 * What the channel pages keep in local storage (spec 1 §3 keys page-size, id-sort, channel_models).
 * Local storage is the user's own browser: anything unreadable falls back to the default.
 */
export function readIdSort(): boolean {
  return localStorage.getItem(STORAGE_KEYS.idSort) === 'true';
}

export function writeIdSort(idSort: boolean): void {
  localStorage.setItem(STORAGE_KEYS.idSort, String(idSort));
}

/** Default models per channel type as GET /api/models last answered, or null when never fetched. */
export function readTypeModels(): Record<string, string[]> | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.channelModels) ?? 'null');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string[]>) : null;
  } catch {
    return null;
  }
}

export function writeTypeModels(models: Record<string, string[]>): void {
  localStorage.setItem(STORAGE_KEYS.channelModels, JSON.stringify(models));
}
