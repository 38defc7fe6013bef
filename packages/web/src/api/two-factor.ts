import type { TwoFactorChallenge, TwoFactorSetup, TwoFactorStatus } from '@gw/shared';
import { http } from '@/api/http';
import type { User } from '@/stores/user';

/** Two-factor sign-in (docs/console-api.md "Two-factor sign-in"), new-api's paths. */
export const getTwoFactorStatus = () => http.get<TwoFactorStatus>('/api/user/2fa/status');
export const setupTwoFactor = () => http.post<TwoFactorSetup>('/api/user/2fa/setup');
export const enableTwoFactor = (code: string) => http.post<null>('/api/user/2fa/enable', { code });
export const disableTwoFactor = (code: string) => http.post<null>('/api/user/2fa/disable', { code });
export const regenerateBackupCodes = (code: string) => http.post<{ backup_codes: string[] }>('/api/user/2fa/backup_codes', { code });
/** The code step after a login answered `require_2fa` (a TOTP or a backup code): the same reply as the login. */
export const loginWithTwoFactor = (code: string) => http.post<User>('/api/user/login/2fa', { code });
/** A super administrator turns a lower user's 2FA off (and signs them out everywhere). */
export const resetUserTwoFactor = (id: number) => http.delete<null>(`/api/user/${id}/2fa`);

export type LoginReplyData = User | TwoFactorChallenge;
