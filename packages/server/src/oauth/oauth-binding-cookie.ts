import type { CookieOptions, Request, Response } from 'express';
import { randomToken } from '../auth/hash-token';
import { OAUTH_STATE_TTL_SECONDS } from './oauth-state.service';

const COOKIE = 'oauth_binding';

const options = (request: Request): CookieOptions => ({ httpOnly: true, sameSite: 'lax', secure: request.secure, signed: true, path: '/api/oauth' });

/** The browser's OAuth binding value (signed with SESSION_SECRET), if it has one. */
export function readBinding(request: Request): string | undefined {
  const value: unknown = request.signedCookies?.[COOKIE];
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * The browser's binding value, created when missing. Kept while it lives, so that two sign-in
 * windows opened one after the other both stay valid; renewed for the state's lifetime.
 */
export function ensureBinding(request: Request, response: Response): string {
  const binding = readBinding(request) ?? randomToken();
  response.cookie(COOKIE, binding, { ...options(request), maxAge: OAUTH_STATE_TTL_SECONDS * 1000 });
  return binding;
}
