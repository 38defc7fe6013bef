import { hash, randomBytes } from 'node:crypto';

/**
 * Stored form of a bearer secret (session id, access token): its SHA-256, never the secret itself.
 * Every relay call hashes its key; the one-shot `hash` takes a quarter of createHash's time.
 */
export const hashToken = (token: string): string => hash('sha256', token, 'hex');

/** A random secret from the CSPRNG, URL-safe. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
