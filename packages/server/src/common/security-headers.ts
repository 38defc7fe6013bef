import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** The relay's paths answer API clients, not browsers: no page policy for them. */
const RELAY_PATHS = /^\/(v1|pg|mj|suno)(\/|$)/;

/**
 * The Content-Security-Policy the built console works under (docs/security.md, headers). Vite emits
 * module scripts and a stylesheet from /assets; Arco sets inline styles; Cloudflare Turnstile and
 * Telegram's login widget load their scripts and frames; the admin's logo, QR codes and home or
 * about page may name any image or https page.
 */
export const CONSOLE_CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'script-src': ["'self'", 'https://challenges.cloudflare.com', 'https://telegram.org'],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ['*', 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'media-src': ["'self'", 'data:', 'blob:', 'https:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'", 'https:'],
  'worker-src': ["'self'", 'blob:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/**
 * helmet on every console response (pages, assets, /api, /uploads): the CSP above, X-Frame-Options
 * SAMEORIGIN, nosniff, Referrer-Policy strict-origin-when-cross-origin (Turnstile needs the origin
 * as referrer), no upgrade-insecure-requests (a console on plain http inside a LAN must still load).
 */
export function securityHeaders(): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONSOLE_CSP },
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  return (request: Request, response: Response, next: NextFunction) => (RELAY_PATHS.test(request.path) ? next() : headers(request, response, next));
}
