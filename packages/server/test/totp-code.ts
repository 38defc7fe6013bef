import { Secret, TOTP } from 'otpauth';

/** The 6-digit code an authenticator app shows for a base32 secret at `ms` (SHA1, 30 s), as the tests' phone. */
export const totpCode = (secret: string, ms = Date.now()): string =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: ms });
