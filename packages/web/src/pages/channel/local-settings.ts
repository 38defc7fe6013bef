/**
 * What the channel pages keep in local storage (spec 1 §3 keys page-size, id-sort, channel_models).
 * Local storage is the user's own browser: anything unreadable falls back to the default.
 */
const KEYS = { pageSize: 'page-size', idSort: 'id-sort', channelModels: 'channel_models' } as const;

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];
/** Spec 1 §9: the default page size constant is 10. */
export const DEFAULT_PAGE_SIZE = 10;

export function readPageSize(): number {
  const stored = Number(localStorage.getItem(KEYS.pageSize));
  return PAGE_SIZE_OPTIONS.includes(stored) ? stored : DEFAULT_PAGE_SIZE;
}

export function writePageSize(size: number): void {
  localStorage.setItem(KEYS.pageSize, String(size));
}

export function readIdSort(): boolean {
  return localStorage.getItem(KEYS.idSort) === 'true';
}

export function writeIdSort(idSort: boolean): void {
  localStorage.setItem(KEYS.idSort, String(idSort));
}

/** Default models per channel type as GET /api/models last answered, or null when never fetched. */
export function readTypeModels(): Record<string, string[]> | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEYS.channelModels) ?? 'null');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string[]>) : null;
  } catch {
    return null;
  }
}

export function writeTypeModels(models: Record<string, string[]>): void {
  localStorage.setItem(KEYS.channelModels, JSON.stringify(models));
}
