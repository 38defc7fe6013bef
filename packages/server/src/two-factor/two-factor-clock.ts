import { Injectable } from '@nestjs/common';

/**
 * The time two-factor sign-in reads (TOTP steps, locks, the pending sign-in's five minutes), in
 * milliseconds. One provider, so that tests replace `now` with a fixed time.
 */
@Injectable()
export class TwoFactorClock {
  now(): number {
    return Date.now();
  }
}
