import { http } from '@/api/http';

/** Binding calls of spec 1 §7 that the shared OAuth client (api/oauth.ts) does not cover yet. */
export const bindEmail = (email: string, code: string) => http.get<null>('/api/oauth/email/bind', { email, code });
export const bindWeChat = (code: string) => http.get<null>('/api/oauth/wechat/bind', { code });
