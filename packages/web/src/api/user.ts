import type { TwoFactorChallenge } from '@gw/shared';
import { http } from '@/api/http';
import type { User } from '@/stores/user';

/** Account calls of spec 1 §7 (docs/console-api.md "Accounts"). */
export interface LoginForm {
  username: string;
  password: string;
}

export interface RegisterForm {
  username: string;
  password: string;
  password2: string;
  email?: string;
  verification_code?: string;
  aff_code?: string;
}

/**
 * `turnstile` only when the status has turnstile_check on (the server then refuses a login without it).
 * An account with 2FA on answers `{ require_2fa: true }` and no session: the code step follows.
 */
export const login = (form: LoginForm, turnstile?: string) =>
  http.post<User | TwoFactorChallenge>('/api/user/login', form, turnstile ? { turnstile } : undefined);
export const logout = () => http.post<null>('/api/user/logout');
export const register = (form: RegisterForm, turnstile = '') =>
  http.post<null>('/api/user/register', form, { turnstile });
export const sendVerificationCode = (email: string, turnstile = '') =>
  http.get<null>('/api/verification', { email, turnstile });
export const requestPasswordReset = (email: string, turnstile = '') =>
  http.get<null>('/api/reset_password', { email, turnstile });
/** Reply data is the generated new password. */
export const confirmPasswordReset = (email: string, token: string) =>
  http.post<string>('/api/user/reset', { email, token });

export const getSelf = () => http.get<User>('/api/user/self');
export const updateSelfPassword = (password: string) => http.put<null>('/api/user/self', { password });
export const deleteSelf = () => http.delete<null>('/api/user/self');
/** Resets the system access token; reply data is the new one (the old one stops working). */
export const generateAccessToken = () => http.get<string>('/api/user/token');
export const getAffCode = () => http.get<string>('/api/user/aff');
export const transferAffQuota = (quota: number) => http.post<null>('/api/user/aff_transfer', { quota });
export const getUserModels = () => http.get<string[]>('/api/user/models');
export const getUserGroups = () => http.get<Record<string, string>>('/api/user/self/groups');
