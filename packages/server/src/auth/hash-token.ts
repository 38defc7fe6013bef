import { createHash, randomBytes } from 'node:crypto';

/** Stored form of a bearer secret (session id, access token): its SHA-256, never the secret itself. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A random secret from the CSPRNG, URL-safe. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
