import { http } from '@/api/http';
import type { User } from '@/stores/user';

/** Third-party sign-in calls of spec 1 §7. */
export type OAuthProvider = 'github' | 'linuxdo';

export const getOAuthState = (aff?: string) => http.get<string>('/api/oauth/state', { aff });
export const wechatLogin = (code: string) => http.get<User>('/api/oauth/wechat', { code });
/** Reply message 'bind' means an account was bound; otherwise data is the signed-in user. */
export const oauthCallback = (type: string, code: string, state: string) =>
  http.get<User>(`/api/oauth/${encodeURIComponent(type)}`, { code, state });

/** The providers' public authorize pages (their documented OAuth entry points). */
export function authorizeUrl(provider: OAuthProvider, clientId: string, state: string): string {
  const query = new URLSearchParams({ client_id: clientId, state });
  if (provider === 'github') {
    query.set('scope', 'user:email');
    return `https://github.com/login/oauth/authorize?${query}`;
  }
  query.set('response_type', 'code');
  return `https://connect.linux.do/oauth2/authorize?${query}`;
}
