import { create } from 'zustand';

/** The signed-in user as stored locally after login (spec 1 §3 User). */
export interface User {
  id: number;
  username: string;
  display_name?: string;
  role: number;
  status?: number;
  token?: string;
  quota: number;
  used_quota: number;
  request_count: number;
  group: string;
  email?: string;
  wechat_id?: string;
  github_id?: string;
  telegram_id?: string;
  linux_do_id?: string;
  aff_code?: string;
  aff_quota: number;
  aff_history_quota: number;
  aff_count: number;
}

const USER_KEY = 'user';

function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

interface UserState {
  user: User | null;
  /** Saves the user (login, refresh of /api/user/self). */
  setUser: (user: User) => void;
  /** Merges fields into the stored user (for example a new access token). */
  patchUser: (fields: Partial<User>) => void;
  /** Forgets the user (logout, failed token refetch, account deletion). */
  clearUser: () => void;
}

export const useUserStore = create<UserState>((set, get) => ({
  user: readStoredUser(),
  setUser: (user) => {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    set({ user });
  },
  patchUser: (fields) => {
    const current = get().user;
    if (!current) return;
    const user = { ...current, ...fields };
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    set({ user });
  },
  clearUser: () => {
    localStorage.removeItem(USER_KEY);
    set({ user: null });
  },
}));
