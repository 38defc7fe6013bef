import { randomBytes } from 'node:crypto';
import { StorageError } from './storage.types';

const KEY_CHARS = /^[A-Za-z0-9._/-]+$/;
const MAX_KEY_LENGTH = 512;

/**
 * Refuses a key that could name anything outside the upload area, or a temporary file: only
 * [A-Za-z0-9._/-], no leading slash, no empty, "." or ".." segment, and no segment starting with a dot
 * (the local backend writes its unfinished uploads as dot files, which must never be served).
 */
export function assertKey(key: string): void {
  const segments = key.split('/');
  const bad =
    key.length === 0 ||
    key.length > MAX_KEY_LENGTH ||
    !KEY_CHARS.test(key) ||
    segments.some((segment) => segment.length === 0 || segment.startsWith('.'));
  if (bad) throw new StorageError('bad_key', '文件名不合法');
}

/** A new key under `prefix` with a random name the caller never picks. */
export function newKey(prefix: string, extension: string): string {
  const key = `${prefix.replace(/\/+$/, '')}/${randomBytes(16).toString('hex')}.${extension}`;
  assertKey(key);
  return key;
}
