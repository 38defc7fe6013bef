/**
 * The table page size, remembered under the local-storage key page-size (spec 1 §3, §9).
 * STORAGE_KEYS in src/lib/storage-keys.ts does not list this key yet.
 */
const PAGE_SIZE_KEY = 'page-size';

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];
export const DEFAULT_PAGE_SIZE = 10;

export function readPageSize(): number {
  const stored = Number(localStorage.getItem(PAGE_SIZE_KEY));
  return PAGE_SIZE_OPTIONS.includes(stored) ? stored : DEFAULT_PAGE_SIZE;
}

export function savePageSize(size: number): void {
  localStorage.setItem(PAGE_SIZE_KEY, String(size));
}
