import { create } from 'zustand';

interface TwoFactorSignInState {
  /**
   * A sign-in (password, OAuth, WeChat, Telegram) passed its first factor and the server answered
   * `require_2fa`: the login page (or the OAuth callback page) shows the code step until it
   * completes or the user goes back. The server keeps the pending sign-in in a cookie; this only
   * says which step to show.
   */
  pending: boolean;
  begin: () => void;
  end: () => void;
}

export const useTwoFactorSignIn = create<TwoFactorSignInState>()((set) => ({
  pending: false,
  begin: () => set({ pending: true }),
  end: () => set({ pending: false }),
}));
