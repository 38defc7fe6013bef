import { useNavigate } from 'react-router-dom';
import { Message } from '@arco-design/web-react';
import { takeRedirectPath } from '@/routes/redirect-path';
import { useUserStore, type User } from '@/stores/user';

/** After any successful sign-in: save the user, say so, go to the remembered page or /data-market. */
export function useFinishLogin() {
  const navigate = useNavigate();
  const setUser = useUserStore((state) => state.setUser);
  return (user: User) => {
    setUser(user);
    Message.success('登录成功！');
    navigate(takeRedirectPath() ?? '/data-market', { replace: true });
  };
}
