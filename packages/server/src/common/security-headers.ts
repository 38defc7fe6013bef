import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { OptionsService } from '../options/options.service';

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

/** An origin fit to stand in a CSP source list: scheme, host and port, nothing that could end the directive. */
const PLAIN_ORIGIN = /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

/**
 * The Epay gateway's origin (the PayAddress option), to which the wallet page posts the signed
 * payment form; undefined when unset or not a plain http(s) origin.
 */
export function payFormOrigin(options: Pick<OptionsService, 'get'>): string | undefined {
  const address = options.get('PayAddress');
  if (!address) return undefined;
  let origin: string;
  try {
    origin = new URL(address).origin;
  } catch {
    return undefined;
  }
  return PLAIN_ORIGIN.test(origin) ? origin : undefined;
}

/** Where Stripe's hosted Checkout lives: the wallet sends the browser there to pay by card. */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/**
 * helmet on every console response (pages, assets, /api, /uploads): the CSP above, X-Frame-Options
 * SAMEORIGIN, nosniff, Referrer-Policy strict-origin-when-cross-origin (Turnstile needs the origin
 * as referrer), no upgrade-insecure-requests (a console on plain http inside a LAN must still load).
 * With `options`, form-action also allows the configured Epay gateway and, once a Stripe key is
 * set, Stripe's Checkout; read on every response so that a change applies at once.
 */
export function securityHeaders(options?: Pick<OptionsService, 'get'>): RequestHandler {
  const formAction = (_request: IncomingMessage, _response: ServerResponse): string => {
    const payOrigin = options ? payFormOrigin(options) : undefined;
    // Card payment on: Stripe's Checkout too, so that a form or a redirect chain that ends there is never blocked.
    const checkout = options?.get('StripeApiSecret') ? ` ${STRIPE_CHECKOUT_ORIGIN}` : '';
    return `'self'${payOrigin ? ` ${payOrigin}` : ''}${checkout}`;
  };
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { ...CONSOLE_CSP, 'form-action': [formAction] } },
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  return (request: Request, response: Response, next: NextFunction) => (RELAY_PATHS.test(request.path) ? next() : headers(request, response, next));
}
