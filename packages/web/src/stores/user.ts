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
  /** The OpenID Connect provider's `sub` of the account; '' when not bound. */
  oidc_id?: string;
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
  /** Forgets the user (failed token refetch, account deletion): their page sends them to login. */
  clearUser: () => void;
  /**
   * True from logout until the next page the browser can show. The router applies the navigation to
   * /entry as a transition, after the user is gone; meanwhile the page being left must not send the
   * browser to /login with "please sign in" (see RouteGate).
   */
  signingOut: boolean;
  /** Forgets the user on logout; the caller has already navigated away. */
  signOut: () => void;
  /** The page after logout has been shown. */
  finishSignOut: () => void;
}

export const useUserStore = create<UserState>((set, get) => ({
  user: readStoredUser(),
  signingOut: false,
  setUser: (user) => {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    set({ user, signingOut: false });
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
  signOut: () => {
    localStorage.removeItem(USER_KEY);
    set({ user: null, signingOut: true });
  },
  finishSignOut: () => set({ signingOut: false }),
}));
