import { type ReactNode, useEffect } from 'react';
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
  const signingOut = useUserStore((state) => state.signingOut);
  const finishSignOut = useUserStore((state) => state.finishSignOut);
  const access = checkAccess(pathname, user);
  useEffect(() => {
    if (signingOut && access !== 'login') finishSignOut();
  }, [signingOut, access, finishSignOut]);

  switch (access) {
    case 'allowed':
      return <>{children}</>;
    case 'login':
      // During logout the signed-in page stays blank until the navigation to /entry lands.
      return signingOut ? null : <LoginRedirect from={pathname + search} />;
    case 'forbidden':
      return <ForbiddenPage />;
    case 'not-found':
      return <NotFoundPage />;
  }
}
