import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '@/components/page-loading';

/** Pages without the sidebar shell: /entry, /entryNews/:id, /login, /register and password reset. */
export function BareLayout() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}
