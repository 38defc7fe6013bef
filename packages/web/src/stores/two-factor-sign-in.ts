import { create } from 'zustand';

interface TwoFactorSignInState {
  /**
   * A sign-in (password, OAuth, WeChat, Telegram) passed its first factor and the server answered
   * `require_2fa`: the login page (or the OAuth callback page) shows the code step until it
   * completes or the user goes back. The server keeps the pending sign-in in a cookie; this only
   * says which step to show.
   */
  pending: boolean;
  /** The server said the account holds a passkey: the code step also offers 使用通行密钥验证. */
  passkey: boolean;
  begin: (passkey: boolean) => void;
  end: () => void;
}

export const useTwoFactorSignIn = create<TwoFactorSignInState>()((set) => ({
  pending: false,
  passkey: false,
  begin: (passkey) => set({ pending: true, passkey }),
  end: () => set({ pending: false, passkey: false }),
}));
