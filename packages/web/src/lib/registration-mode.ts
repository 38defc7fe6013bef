import type { SiteStatus } from '@/api/status';

/**
 * How new accounts come about, from the server status: closed, by invitation code (the default of
 * a fresh installation) or open to anyone. The entry, login and register pages word their texts
 * from this, so that they never promise something the settings do not do.
 */
export type RegistrationMode = 'closed' | 'invite' | 'open';

export function registrationMode(status: SiteStatus | null): RegistrationMode {
  if (status?.register_enabled === false) return 'closed';
  // Until the status is known, the server's default (invitation only) holds.
  return status?.invite_only_register === false ? 'open' : 'invite';
}
