import type { TwoFactorChallenge } from '@gw/shared';
import { http } from '@/api/http';
import type { User } from '@/stores/user';

/** A sign-in's reply data: the user, or `{ require_2fa: true }` when the account has 2FA on (the code step follows). */
type SignedIn = User | TwoFactorChallenge;

/** Third-party sign-in calls of spec 1 §7. */
export type OAuthProvider = 'github' | 'linuxdo' | 'oidc';

/** What Telegram's Login Widget hands to its `data-onauth` callback. */
export interface TelegramAuthData {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  auth_date: number;
  hash: string;
}

export const getOAuthState = (aff?: string) => http.get<string>('/api/oauth/state', { aff });
export const wechatLogin = (code: string, aff?: string) => http.get<SignedIn>('/api/oauth/wechat', { code, aff });
/**
 * Reply message 'bind' means an account was bound; otherwise data is the signed-in user. `iss`: the
 * OpenID Connect provider's name for itself in its redirect (RFC 9207), which the server checks.
 */
export const oauthCallback = (type: string, code: string, state: string, iss?: string) =>
  http.get<SignedIn>(`/api/oauth/${encodeURIComponent(type)}`, { code, state, iss });
/** Clears the signed-in user's OIDC binding (refused when it is the account's last way in). */
export const oidcUnbind = () => http.delete<null>('/api/oauth/oidc/bind');
export const telegramLogin = (data: TelegramAuthData, aff?: string) =>
  http.get<SignedIn>('/api/oauth/telegram/login', { ...data, aff });
export const telegramBind = (data: TelegramAuthData) => http.get<null>('/api/oauth/telegram/bind', { ...data });

/**
 * The server's redirect to the provider's authorize page for this state: the server knows the
 * provider's address, the client id and the callback address registered with the provider.
 */
export function authorizeUrl(provider: OAuthProvider, state: string): string {
  return `/api/oauth/${provider}/authorize?${new URLSearchParams({ state })}`;
}
