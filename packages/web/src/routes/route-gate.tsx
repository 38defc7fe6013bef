import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useUserStore } from '@/stores/user';
import { checkAccess } from '@/routes/access';
import { LoginRedirect } from '@/routes/login-redirect';
import ForbiddenPage from '@/pages/forbidden';
import NotFoundPage from '@/pages/not-found';

/** Renders the page only when checkAccess allows the current path. */
export function RouteGate({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const user = useUserStore((state) => state.user);
  switch (checkAccess(pathname, user)) {
    case 'allowed':
      return <>{children}</>;
    case 'login':
      return <LoginRedirect from={pathname + search} />;
    case 'forbidden':
      return <ForbiddenPage />;
    case 'not-found':
      return <NotFoundPage />;
  }
}
