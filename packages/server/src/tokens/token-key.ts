import { randomInt } from 'node:crypto';
import { TOKEN_KEY_LENGTH, TOKEN_KEY_PREFIX } from '@gw/shared';

const ALPHANUMERICS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_PATTERN = new RegExp(`^${TOKEN_KEY_PREFIX}[A-Za-z0-9]{${TOKEN_KEY_LENGTH}}$`);

/** Uniformly random [A-Za-z0-9] characters from the CSPRNG (randomInt has no modulo bias). */
export const randomAlphanumerics = (length: number): string =>
  Array.from({ length }, () => ALPHANUMERICS[randomInt(ALPHANUMERICS.length)]).join('');

/** A new token key: `sk-` plus 48 random alphanumerics (about 285 bits). */
export const generateTokenKey = (): string => TOKEN_KEY_PREFIX + randomAlphanumerics(TOKEN_KEY_LENGTH);

/**
 * A key as a user or client typed it (with or without `sk-`, surrounding blanks) in its stored form,
 * or undefined when it cannot be a key, so that no lookup is made for it.
 */
export function normaliseTokenKey(input: string): string | undefined {
  const trimmed = input.trim();
  const key = trimmed.startsWith(TOKEN_KEY_PREFIX) ? trimmed : TOKEN_KEY_PREFIX + trimmed;
  return KEY_PATTERN.test(key) ? key : undefined;
}

const MAX_KEY_ATTEMPTS = 5;

/**
 * Runs `insert` with fresh keys until one is not taken yet (insert answers undefined on a key-hash
 * collision). A collision is practically impossible; the loop only keeps it from ever becoming an error.
 */
export async function withFreshKey<T>(insert: (key: string) => Promise<T | undefined>, generate = generateTokenKey): Promise<T> {
  for (let attempt = 0; attempt < MAX_KEY_ATTEMPTS; attempt++) {
    const inserted = await insert(generate());
    if (inserted !== undefined) return inserted;
  }
  throw new Error(`no free token key after ${MAX_KEY_ATTEMPTS} attempts`);
}
