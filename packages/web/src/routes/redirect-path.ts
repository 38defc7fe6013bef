import { STORAGE_KEYS } from '@/lib/storage-keys';

/** Remembers where a guest wanted to go before being sent to login. */
export function saveRedirectPath(path: string): void {
  localStorage.setItem(STORAGE_KEYS.redirectPath, path);
}

/** Returns the remembered path once and forgets it. */
export function takeRedirectPath(): string | null {
  const path = localStorage.getItem(STORAGE_KEYS.redirectPath);
  localStorage.removeItem(STORAGE_KEYS.redirectPath);
  return path;
}
