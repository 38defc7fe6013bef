import { useLocation, useNavigate } from 'react-router-dom';
import { Message } from '@arco-design/web-react';
import { isTwoFactorChallenge, type TwoFactorChallenge } from '@gw/shared';
import { takeRedirectPath } from '@/routes/redirect-path';
import { useTwoFactorSignIn } from '@/stores/two-factor-sign-in';
import { useUserStore, type User } from '@/stores/user';

/**
 * After any successful sign-in: save the user, say so, go to the remembered page or /data-market.
 * A sign-in that answered `require_2fa` stops at the code step instead (TwoFactorCodeStep).
 */
export function useFinishLogin() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const setUser = useUserStore((state) => state.setUser);
  return (data: User | TwoFactorChallenge) => {
    if (isTwoFactorChallenge(data)) {
      useTwoFactorSignIn.getState().begin(data.passkey === true);
      // The login page and the OAuth callback page show the code step; elsewhere (the registration page's WeChat or Telegram sign-in) go to the login page.
      if (pathname !== '/login' && !pathname.startsWith('/oauth/')) navigate('/login', { replace: true });
      return;
    }
    useTwoFactorSignIn.getState().end();
    setUser(data);
    Message.success('登录成功！');
    navigate(takeRedirectPath() ?? '/data-market', { replace: true });
  };
}
