import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Message } from '@arco-design/web-react';
import { MSG_LOGIN_REQUIRED } from '@gw/shared';
import { saveRedirectPath } from '@/routes/redirect-path';

interface LoginRedirectProps {
  /** The path (with query) the guest tried to open. */
  from: string;
}

/** Sends a guest to /login, remembering the page and saying why (spec 1 §2.1). */
export function LoginRedirect({ from }: LoginRedirectProps) {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    saveRedirectPath(from);
    Message.warning(MSG_LOGIN_REQUIRED);
    navigate('/login', { replace: true });
  }, [from, navigate]);
  return null;
}
