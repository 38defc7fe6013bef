import { Route, Routes } from 'react-router-dom';
import { ROUTES, type AppRoute } from '@/routes/route-table';
import { PAGES } from '@/routes/pages';
import { RootRedirect } from '@/routes/root-redirect';
import { RouteGate } from '@/routes/route-gate';
import { BareLayout } from '@/layout/bare-layout';
import { ShellLayout } from '@/layout/shell-layout';
import NotFoundPage from '@/pages/not-found';

function renderRoute(route: AppRoute) {
  const Page = PAGES[route.page];
  return (
    <Route
      key={route.path}
      path={route.path}
      element={
        <RouteGate>
          <Page />
        </RouteGate>
      }
    />
  );
}

/** Builds the router from the one route table. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RootRedirect />} />
      <Route element={<BareLayout />}>{ROUTES.filter((route) => route.bare).map(renderRoute)}</Route>
      <Route element={<ShellLayout />}>
        {ROUTES.filter((route) => !route.bare).map(renderRoute)}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
