import { Secret, TOTP } from 'otpauth';
import { TWO_FACTOR_DIGITS, TWO_FACTOR_PERIOD_SECONDS } from '@gw/shared';

/** Steps of clock drift accepted either side of the current one. */
const DRIFT_STEPS = 1;

const totpOf = (secret: string, issuer = '', label = ''): TOTP =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: TWO_FACTOR_DIGITS, period: TWO_FACTOR_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A new random secret (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const totpUri = (secret: string, issuer: string, label: string): string => totpOf(secret, issuer, label).toString();

/**
 * The 30-second step whose code `code` is, within ±1 step of `nowMs`; undefined when it is none.
 * Whether that step was already used is the caller's check (TwoFactorService).
 */
export function matchingStep(secret: string, code: string, nowMs: number): number | undefined {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: nowMs, window: DRIFT_STEPS });
  return delta === null ? undefined : totp.counter({ timestamp: nowMs }) + delta;
}
