import { useNavigate } from 'react-router-dom';
import { Message } from '@arco-design/web-react';
import { HttpError, showError } from '@/api/http';
import { logout } from '@/api/user';
import { useUserStore } from '@/stores/user';

/** Logout (spec 1 §4): tell the server, go to /entry, forget the user (the route list follows). */
export function useSignOut() {
  const navigate = useNavigate();
  const signOut = useUserStore((state) => state.signOut);
  return async () => {
    try {
      const reply = await logout();
      if (!reply.success) Message.error(reply.message);
    } catch (error) {
      // A 401 means the server session is already gone, which is what logout wants.
      if (!(error instanceof HttpError && error.status === 401)) showError(error);
    }
    navigate('/entry');
    signOut();
    Message.success('退出成功!');
  };
}
