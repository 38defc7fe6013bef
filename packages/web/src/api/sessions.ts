import type { SessionView } from '@gw/shared';
import { http } from '@/api/http';

/** Signed-in devices (issue 31): one's own sessions, and a user's as an administrator sees them. */
export const listMySessions = () => http.get<SessionView[]>('/api/user/sessions');
export const endMySession = (id: string) => http.delete<{ current: boolean }>(`/api/user/sessions/${encodeURIComponent(id)}`);
export const endMyOtherSessions = () => http.post<{ ended: number }>('/api/user/sessions/revoke_others');

export const listUserSessions = (userId: number) => http.get<SessionView[]>(`/api/user/${userId}/sessions`);
export const endUserSession = (userId: number, id: string) => http.delete<{ current: boolean }>(`/api/user/${userId}/sessions/${encodeURIComponent(id)}`);
export const endAllUserSessions = (userId: number) => http.delete<{ ended: number }>(`/api/user/${userId}/sessions`);
