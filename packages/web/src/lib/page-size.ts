import { STORAGE_KEYS } from '@/lib/storage-keys';

/** The table page sizes of spec 1 §9, shared by every list page and remembered as page-size. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];
/** Spec 1 §9: the default page size constant is 10. */
export const DEFAULT_PAGE_SIZE = 10;

export function readPageSize(): number {
  const stored = Number(localStorage.getItem(STORAGE_KEYS.pageSize));
  return PAGE_SIZE_OPTIONS.includes(stored) ? stored : DEFAULT_PAGE_SIZE;
}

export function savePageSize(size: number): void {
  localStorage.setItem(STORAGE_KEYS.pageSize, String(size));
}
