import { hash, verify } from '@node-rs/argon2';

/** Argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum. */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the user does not exist, so that a login costs the same either way. */
export const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$X7Pj2tOS4LXac3C9/4JEUg$wD9SZb89mclmA5vcN9EgF9x/c1EsRx2hubirag5cIk4';
